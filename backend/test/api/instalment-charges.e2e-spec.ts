import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InstalmentCharges } from '../../src/modules/payments/instalment-charges';
import { OffSessionCharges } from '../../src/modules/payments/off-session/off-session-charges';
import { StripeClient } from '../../src/modules/stripe/stripe.client';
import { addStudent, insertEnrollment } from '../fixtures/populated-org.fixture';
import { cardClass, cardOrg, startCardWorld, type CardWorld } from './card-payments.helpers';

/**
 * Instalments charged off-session by the job (issue 40 §2), against the Stripe stand-in's test payment methods: a due
 * instalment charged exactly once by two instances at once; a soft decline retried on the organization's schedule
 * with a new attempt; a hard decline and a required authentication never retried; an answer lost mid-call asked again
 * with the same idempotency key (one charge); instalments not yet due, or of a plan not active, left alone.
 */
describe('instalments charged off-session', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let classId: string;
  let customer: string;
  let names = 0;
  const NAMES = ['Ames', 'Brook', 'Cole', 'Dale', 'Eve', 'Fox', 'Gray', 'Hale'];

  const intentsCreated = () => w.stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  const instalment = async (id: string) =>
    (
      await w.a.db.query(
        `SELECT status, attempts, last_outcome AS "lastOutcome", last_decline_code AS "declineCode", attempt_key AS "attemptKey",
                next_attempt_at AS "nextAttemptAt", stripe_payment_intent_id AS "paymentIntentId", paid_at AS "paidAt"
           FROM payment_plan_instalments WHERE id = $1`,
        [id],
      )
    )[0];

  /** An active plan paying with `method`, its instalments as given (due `daysAgo` days ago: negative is the future). */
  async function plan(method: string, instalments: { cents: number; daysAgo: number }[], status = 'active'): Promise<string[]> {
    const student = await addStudent(w.a, org, `Pat ${NAMES[names++ % NAMES.length]}`);
    const enrollment = await insertEnrollment(w.a, org, classId, student, { payment_method: 'card', amount_paid_cents: 1000 });
    const [p] = await w.a.db.query(
      `INSERT INTO payer_plans (organization_id, enrollment_id, plan_name, student_id, stripe_customer_id, stripe_payment_method_id, status,
                                total_cents, deposit_cents, consent_text, consent_version, consented_at, activated_at)
       VALUES ($1, $2, 'Monthly', $3, $4, $5, $6, $7, 1000, 'Charge me.', 1, now(), now()) RETURNING id`,
      [org.orgId, enrollment, student, customer, method, status, 1000 + instalments.reduce((n, i) => n + i.cents, 0)],
    );
    const ids: string[] = [];
    for (const [i, x] of instalments.entries()) {
      const [row] = await w.a.db.query(
        `INSERT INTO payment_plan_instalments (organization_id, payer_plan_id, seq, due_at, amount_cents)
         VALUES ($1, $2, $3, now() - $4 * interval '1 day', $5) RETURNING id`,
        [org.orgId, p.id, i + 1, x.daysAgo, x.cents],
      );
      ids.push(row.id);
    }
    return ids;
  }

  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    classId = (await cardClass(w.a, org, { maxStudents: 50 })).id;
    customer = (
      await w.a.app
        .get(StripeClient)
        .api.customers.create({ email: 'payer@example.com', name: 'Pat Payer', metadata: { organizationId: org.orgId } })
    ).id;
  });
  afterAll(() => w.close());

  it('should charge a due instalment exactly once when two instances run at once, and leave one not yet due', async () => {
    const [due, later] = await plan('pm_card_visa', [
      { cents: 15_000, daysAgo: 1 },
      { cents: 15_000, daysAgo: -30 },
    ]);
    const before = intentsCreated().length;
    await Promise.all([w.a.app.get(InstalmentCharges).run(), w.b.app.get(InstalmentCharges).run()]);
    await Promise.all([w.a.app.get(InstalmentCharges).run(), w.b.app.get(InstalmentCharges).run()]);
    const sent = intentsCreated().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      amount: '15000',
      customer,
      payment_method: 'pm_card_visa',
      off_session: 'true',
      confirm: 'true',
      application_fee_amount: '450',
      transfer_data: { destination: org.account },
      metadata: { organizationId: org.orgId, instalmentId: due, instalmentSeq: '1' },
    });
    expect(sent[0].idempotencyKey).toBe(`classlane-off-session-instalment-${due}-attempt-1`);
    expect(await instalment(due)).toMatchObject({ status: 'paid', attempts: 1, lastOutcome: 'succeeded', attemptKey: null });
    expect((await instalment(due)).paidAt).not.toBeNull();
    expect((await instalment(due)).paymentIntentId).toMatch(/^pi_/);
    expect(await instalment(later)).toMatchObject({ status: 'scheduled', attempts: 0, lastOutcome: null });
  });

  it("should retry a soft decline on the organization's schedule with a new attempt, then give up after the last", async () => {
    await w.a.db.query(
      `INSERT INTO payment_plan_settings (organization_id, consent_text, retry_days) VALUES ($1, 'Charge me.', '{2}')
                        ON CONFLICT (organization_id) DO UPDATE SET retry_days = '{2}'`,
      [org.orgId],
    );
    const [id] = await plan('pm_card_chargeDeclinedInsufficientFunds', [{ cents: 9_000, daysAgo: 0 }]);
    const charges = w.a.app.get(InstalmentCharges);
    await charges.run();
    const first = await instalment(id);
    expect(first).toMatchObject({
      status: 'scheduled',
      attempts: 1,
      lastOutcome: 'soft_decline',
      declineCode: 'insufficient_funds',
      attemptKey: null,
    });
    // Two days later, as the organization's schedule says; not before.
    expect(new Date(first.nextAttemptAt).getTime() - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    const before = intentsCreated().length;
    await charges.run();
    expect(intentsCreated().length).toBe(before);
    await w.a.db.query(`UPDATE payment_plan_instalments SET next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    await charges.run();
    const sent = intentsCreated().slice(before);
    expect(sent.map((r) => r.idempotencyKey)).toEqual([`classlane-off-session-instalment-${id}-attempt-2`]);
    // The schedule had one retry: the second soft decline fails the instalment.
    expect(await instalment(id)).toMatchObject({ status: 'failed', attempts: 2, lastOutcome: 'soft_decline' });
    await w.a.db.query(`DELETE FROM payment_plan_settings WHERE organization_id = $1`, [org.orgId]);
  });

  it('should never retry a hard decline or a required authentication off-session', async () => {
    const [lost] = await plan('pm_card_chargeDeclinedLostCard', [{ cents: 5_000, daysAgo: 0 }]);
    const [auth] = await plan('pm_card_authenticationRequired', [{ cents: 5_000, daysAgo: 0 }]);
    const charges = w.a.app.get(InstalmentCharges);
    await charges.run();
    expect(await instalment(lost)).toMatchObject({ status: 'failed', attempts: 1, lastOutcome: 'hard_decline', declineCode: 'lost_card' });
    expect(await instalment(auth)).toMatchObject({ status: 'failed', attempts: 1, lastOutcome: 'authentication_required' });
    expect((await instalment(auth)).paymentIntentId).toMatch(/^pi_/);
    const before = intentsCreated().length;
    await w.a.db.query(`UPDATE payment_plan_instalments SET next_attempt_at = now() - interval '1 day' WHERE id = ANY($1)`, [[lost, auth]]);
    await charges.run();
    expect(intentsCreated().length).toBe(before);
  });

  it('should ask again with the same key after an answer was lost, and Stripe charges once', async () => {
    const [id] = await plan('pm_card_visa', [{ cents: 7_000, daysAgo: 0 }]);
    const charges = w.a.app.get(OffSessionCharges);
    const saved = charges.timeoutMs;
    charges.timeoutMs = 300;
    // The stand-in answers the first call after the client gave up: Stripe charged, the job did not hear it.
    let delayed = false;
    w.stand.state.delayReply = (req) => (!delayed && req.path === '/v1/payment_intents' ? ((delayed = true), 1_000) : 0);
    try {
      await w.a.app.get(InstalmentCharges).run();
      expect(await instalment(id)).toMatchObject({
        status: 'scheduled',
        attempts: 1,
        lastOutcome: 'ambiguous',
        attemptKey: `instalment-${id}-attempt-1`,
      });
      await new Promise((r) => setTimeout(r, 1_200));
      await w.a.db.query(`UPDATE payment_plan_instalments SET next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [id]);
      await w.a.app.get(InstalmentCharges).run();
    } finally {
      w.stand.state.delayReply = null;
      charges.timeoutMs = saved;
    }
    expect(await instalment(id)).toMatchObject({ status: 'paid', attempts: 1, lastOutcome: 'succeeded' });
    const charged = [...w.stand.state.objects.values()].filter(
      (o) => o.object === 'payment_intent' && (o.metadata as Record<string, string>)?.instalmentId === id && o.status === 'succeeded',
    );
    expect(charged).toHaveLength(1);
  });

  it('should leave the instalments of a plan that is not active', async () => {
    const [id] = await plan('pm_card_visa', [{ cents: 4_000, daysAgo: 3 }], 'cancelled');
    await w.a.app.get(InstalmentCharges).run();
    expect(await instalment(id)).toMatchObject({ status: 'scheduled', attempts: 0 });
  });
});
