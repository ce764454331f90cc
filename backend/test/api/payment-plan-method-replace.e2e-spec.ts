import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InstalmentCharges } from '../../src/modules/payments/instalment-charges';
import { StripeClient } from '../../src/modules/stripe/stripe.client';
import { saveTestPaymentMethod } from '../stand-ins/stripe.stand-in';
import { cardOrg, PUBLISHABLE_KEY, startCardWorld, type CardWorld } from './card-payments.helpers';
import { activePlan, instalmentRow } from './payment-plan-money.helpers';

/**
 * A payer replaces the card of a plan from the portal (issue 40 §3): the new method (saved by a SetupIntent to the
 * payer's Customer) charges the failed and every later instalment; the old one is detached from the Customer
 * (`paymentMethods.detach`, shared/INTEGRATIONS.md) once no open plan of the payer charges it, after which the stand-in
 * refuses to charge it as Stripe would.
 */
describe('payment plans: replacing the saved method', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  const run = () => w.a.app.get(InstalmentCharges).run();
  const detaches = () => w.stand.requests.filter((r) => r.method === 'POST' && /^\/v1\/payment_methods\/[^/]+\/detach$/.test(r.path));

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
  });
  afterAll(() => w.close());

  async function portalAuth(email: string) {
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email }).expect(202);
    const [row] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(row.message)?.[1];
    const s = await w.a.http.post('/api/portal/session').send({ token }).expect(200);
    return { Authorization: `Bearer ${s.body.data.token}` };
  }

  /** The portal's "Use another card": a SetupIntent confirmed in the browser with `card`, then confirmed here. */
  async function replaceCard(auth: Record<string, string>, planId: string, card = 'pm_card_visa') {
    const base = `/api/portal/payment-plans/${planId}`;
    const setup = (await w.a.http.post(`${base}/method`).set(auth).expect(200)).body.data;
    const res = await fetch(`${w.stand.url}/v1/setup_intents/${setup.setupIntentId}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: setup.clientSecret, payment_method: card }).toString(),
    });
    expect(res.status).toBe(200);
    return (await w.a.http.post(`${base}/method/confirm`).set(auth).send({ setupIntentId: setup.setupIntentId }).expect(200)).body.data;
  }

  it('charges the new card from then on and detaches the old one once no open plan of the payer charges it', async () => {
    // Two plans of one payer charging one saved (lost) card on their shared Customer.
    const a = await activePlan(w, org, 'pm_card_visa', [
      { cents: 5_000, daysAgo: 0 },
      { cents: 5_000, daysAgo: -5 },
    ]);
    const b = await activePlan(w, org, 'pm_card_visa', [{ cents: 7_000, daysAgo: -5 }]);
    const [{ customer }] = await w.a.db.query(`SELECT stripe_customer_id AS customer FROM payer_plans WHERE id = $1`, [a.planId]);
    const old = saveTestPaymentMethod(w.stand.state, customer, 'pm_card_chargeDeclinedLostCard').id;
    await w.a.db.query(`UPDATE payer_plans SET stripe_payment_method_id = $2 WHERE id = $1`, [a.planId, old]);
    await w.a.db.query(`UPDATE payer_plans SET stripe_payment_method_id = $2, stripe_customer_id = $3, student_id = $4 WHERE id = $1`, [
      b.planId,
      old,
      customer,
      a.studentId,
    ]);
    await run();
    expect(await instalmentRow(w.a, a.instalments[0])).toMatchObject({ status: 'failed', lastOutcome: 'hard_decline' });

    const [{ email }] = await w.a.db.query(`SELECT email FROM students WHERE id = $1`, [a.studentId]);
    const auth = await portalAuth(email);
    const first = await replaceCard(auth, a.planId);
    expect(first.retried).toEqual([1]);
    expect(first.paymentMethodId).toMatch(/^pm_/);
    expect(first.paymentMethodId).not.toBe('pm_card_visa');
    // Plan B still charges the old card: it stays on the Customer.
    expect(detaches()).toHaveLength(0);
    expect(w.stand.state.objects.get(old)?.customer).toBe(customer);

    // The failed instalment is charged at once with the new card, and so is the next one when it falls due.
    await run();
    await w.a.db.query(`UPDATE payment_plan_instalments SET due_at = now() WHERE id = $1`, [a.instalments[1]]);
    await run();
    const charged = w.stand.requests.filter(
      (r) => r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string> | undefined)?.payerPlanId === a.planId,
    );
    expect(charged.map((r) => r.body.payment_method)).toEqual([old, first.paymentMethodId, first.paymentMethodId]);
    for (const id of a.instalments) expect(await instalmentRow(w.a, id)).toMatchObject({ status: 'paid' });

    // Plan B replaces it too: now nothing open charges the old card, and it is detached from the Customer, once.
    const second = await replaceCard(auth, b.planId);
    expect(second.retried).toEqual([]);
    expect(detaches().map((r) => r.path)).toEqual([`/v1/payment_methods/${old}/detach`]);
    expect(w.stand.state.objects.get(old)?.customer).toBeNull();
    expect(w.stand.state.objects.get(second.paymentMethodId)?.customer).toBe(customer);
    // Stripe (the stand-in) refuses to charge a detached method.
    await expect(
      w.a.app.get(StripeClient).api.paymentIntents.create(
        {
          amount: 1000,
          currency: 'usd',
          customer,
          payment_method: old,
          off_session: true,
          confirm: true,
          application_fee_amount: 30,
          transfer_data: { destination: org.account },
          metadata: { organizationId: org.orgId },
        },
        { idempotencyKey: `detached-${old}` },
      ),
    ).rejects.toThrow(/does not belong to the Customer/);
    await w.a.db.query(`UPDATE payment_plan_instalments SET due_at = now() WHERE id = $1`, [b.instalments[0]]);
    await run();
    expect(await instalmentRow(w.a, b.instalments[0])).toMatchObject({ status: 'paid' });
  });
});
