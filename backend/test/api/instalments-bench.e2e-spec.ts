import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cpus, loadavg } from 'node:os';
import { InstalmentCharges } from '../../src/modules/payments/instalment-charges';
import { StripeClient } from '../../src/modules/stripe/stripe.client';
import { addStudent, insertEnrollment } from '../fixtures/populated-org.fixture';
import { cardClass, cardOrg, startCardWorld, type CardWorld } from './card-payments.helpers';

const PLANS = Number(process.env.BENCH_PLANS ?? 100);
const EACH = Number(process.env.BENCH_INSTALMENTS_EACH ?? 10); // 1,000 instalments by default
const CENTS = 1_000;

/**
 * `npm run bench:instalments` (issue 40 §6; not part of the suite: INSTALMENTS_BENCH=1 runs it). 1,000 instalments
 * (100 plans of 10, all due now) charged off-session by the charging job on two app instances sharing one database,
 * against the Stripe stand-in: every instalment charged exactly once (one PaymentIntent each, none twice), paid and
 * counted on its enrollment. The figure is a ratio to a baseline measured in the same run on the same machine: the
 * same 1,000 off-session PaymentIntents created by two bare SDK loops (no claim, no record, no receipt, no messages),
 * so the load of the moment divides out and what is left is the product's own cost per charge.
 */
(process.env.INSTALMENTS_BENCH ? describe : describe.skip)('instalments bench', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  const plans: { customer: string; enrollmentId: string }[] = [];

  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: PLANS + 10, title: 'Bench swim' });
    const stripe = w.a.app.get(StripeClient).api;
    for (let n = 0; n < PLANS; n++) {
      // Letters only: a name is letters, spaces, hyphens and apostrophes.
      const studentId = await addStudent(
        w.a,
        org,
        `Bench ${String.fromCharCode(65 + (n % 26))}${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}`,
      );
      const enrollmentId = await insertEnrollment(w.a, org, cls.id, studentId, {
        payment_method: 'card',
        payment_status: 'completed',
        amount_paid_cents: 1000,
        platform_fee_cents: 30,
        organization_amount_cents: 970,
      });
      const customer = (await stripe.customers.create({ email: `bench${n}@example.com`, metadata: { organizationId: org.orgId } })).id;
      const [p] = await w.a.db.query(
        `INSERT INTO payer_plans (organization_id, enrollment_id, plan_name, student_id, stripe_customer_id, stripe_payment_method_id, status,
                                  total_cents, deposit_cents, consent_text, consent_version, consented_at, activated_at)
         VALUES ($1, $2, 'Bench', $3, $4, 'pm_card_visa', 'active', $5, 1000, 'Charge me.', 1, now(), now()) RETURNING id`,
        [org.orgId, enrollmentId, studentId, customer, 1000 + EACH * CENTS],
      );
      await w.a.db.query(
        `INSERT INTO payment_plan_instalments (organization_id, payer_plan_id, seq, due_at, amount_cents)
         SELECT $1, $2, s, now() - interval '1 minute', $3 FROM generate_series(1, $4) s`,
        [org.orgId, p.id, CENTS, EACH],
      );
      plans.push({ customer, enrollmentId });
    }
  }, 900_000);
  afterAll(() => w.close());

  it('charges 1,000 due instalments on two instances, each exactly once, and times it against bare SDK charges', async () => {
    const total = PLANS * EACH;
    const cpu0 = process.cpuUsage();
    const load0 = loadavg()[0];

    // Baseline: the same charges as two bare loops of SDK calls (what the two instances' jobs do, minus the product).
    const stripe = w.a.app.get(StripeClient).api;
    const baseStart = performance.now();
    const loop = async (half: number) => {
      for (let k = half; k < total; k += 2) {
        const p = plans[k % PLANS];
        await stripe.paymentIntents.create(
          {
            amount: CENTS,
            currency: 'usd',
            customer: p.customer,
            payment_method: 'pm_card_visa',
            off_session: true,
            confirm: true,
            application_fee_amount: 30,
            transfer_data: { destination: org.account },
            metadata: { organizationId: org.orgId, bench: 'baseline' },
          },
          { idempotencyKey: `bench-baseline-${k}`, maxNetworkRetries: 0 },
        );
      }
    };
    await Promise.all([loop(0), loop(1)]);
    const baseMs = performance.now() - baseStart;
    const cpuBase = process.cpuUsage(cpu0);

    // The product: each instance runs its job's rounds until nothing is due.
    const from = w.stand.requests.length;
    const cpu1 = process.cpuUsage();
    const start = performance.now();
    const drain = async (charges: InstalmentCharges) => {
      let rounds = 0;
      while ((await charges.run()) > 0) rounds++;
      return rounds;
    };
    const rounds = await Promise.all([drain(w.a.app.get(InstalmentCharges)), drain(w.b.app.get(InstalmentCharges))]);
    const productMs = performance.now() - start;
    const cpuProduct = process.cpuUsage(cpu1);

    // Exactly once: one PaymentIntent per instalment, none twice; every instalment paid on its first attempt.
    const created = w.stand.requests.slice(from).filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    const byInstalment = new Map<string, number>();
    for (const r of created) {
      const id = (r.body.metadata as Record<string, string> | undefined)?.instalmentId;
      if (id) byInstalment.set(id, (byInstalment.get(id) ?? 0) + 1);
    }
    expect(byInstalment.size).toBe(total);
    expect([...byInstalment.values()].filter((n) => n !== 1)).toEqual([]);
    const [state] = await w.a.db.query(
      `SELECT count(*) FILTER (WHERE status = 'paid')::int AS paid, count(*) FILTER (WHERE attempts <> 1)::int AS retried,
              count(DISTINCT stripe_payment_intent_id)::int AS intents
         FROM payment_plan_instalments WHERE organization_id = $1`,
      [org.orgId],
    );
    expect(state).toEqual({ paid: total, retried: 0, intents: total });
    const [money] = await w.a.db.query(`SELECT sum(amount_paid_cents)::int AS cents FROM enrollments WHERE id = ANY($1::uuid[])`, [
      plans.map((p) => p.enrollmentId),
    ]);
    expect(money.cents).toBe(PLANS * 1000 + total * CENTS);

    const figures = {
      instalments: total,
      instances: 2,
      rounds,
      productSeconds: +(productMs / 1000).toFixed(2),
      baselineSeconds: +(baseMs / 1000).toFixed(2),
      ratioToBaseline: +(productMs / baseMs).toFixed(2),
      chargesPerSecond: +((total * 1000) / productMs).toFixed(1),
      baselineChargesPerSecond: +((total * 1000) / baseMs).toFixed(1),
      cpuMsPerChargeProduct: +((cpuProduct.user + cpuProduct.system) / 1000 / total).toFixed(2),
      cpuMsPerChargeBaseline: +((cpuBase.user + cpuBase.system) / 1000 / total).toFixed(2),
      loadAverageBefore: +load0.toFixed(1),
      loadAverageAfter: +loadavg()[0].toFixed(1),
      cores: cpus().length,
    };
    console.log(`INSTALMENTS_BENCH ${JSON.stringify(figures)}`);
  }, 1_800_000);
});
