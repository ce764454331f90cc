import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InstalmentLedger } from '../../src/modules/payment-plans/instalment-ledger';
import { InstalmentCharges, LEASE_MS } from '../../src/modules/payments/instalment-charges';
import { PlanDeadlines } from '../../src/modules/payments/plan-deadlines';
import { closeDispute, disputePayment } from '../stand-ins/stripe.stand-in';
import { createOrg } from '../fixtures/org.fixture';
import { cardOrg, deliver, enrollmentRow, startCardWorld, type CardWorld } from './card-payments.helpers';
import { activePlan, instalmentRow } from './payment-plan-money.helpers';

/**
 * What can happen to an instalment's charge after the job claimed it (issue 40 §5): the registration cancelled while
 * the charge is in flight (the charge succeeds after the cancellation counted what was paid: refunded in full, once,
 * never counted on the enrollment), and a dispute of the charge weeks later (the instalment marked disputed; lost:
 * unpaid again, and the plan past due by the usual rules).
 */
describe('instalments charged late, and disputed', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  const refundsOf = (pi: string) =>
    w.stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === pi);

  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
  });
  afterAll(() => w.close());

  it('refunds in full an instalment charged while its registration was being cancelled, and counts none of it', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [{ cents: 4_000, daysAgo: 0 }], { account: org.account });
    // The job on instance A claims the instalment (its lease and attempt key are written) and is about to call Stripe...
    const [claimed] = await w.a.app.get(InstalmentLedger).claimDue(10, LEASE_MS);
    expect(claimed.id).toBe(p.instalments[0]);
    // ...when an admin on instance B cancels the registration (its refund counts what was paid until then).
    await w.b.http.post(`/api/enrollments/${p.enrollmentId}/cancel`).set(org.auth).send({}).expect(200);
    const afterCancel = await enrollmentRow(w.a, p.enrollmentId);
    expect(afterCancel.status).toBe('cancelled');
    // Then Stripe charges the card.
    const charged = await w.a.app.get(InstalmentCharges).chargeOne(claimed);
    expect(charged?.outcome.kind).toBe('succeeded');
    const pi = (charged!.outcome as { paymentIntentId: string }).paymentIntentId;
    expect(refundsOf(pi).map((r) => [r.body.amount, r.body.reverse_transfer, r.body.refund_application_fee])).toEqual([
      ['4000', 'true', 'true'],
    ]);
    expect(refundsOf(pi)[0].idempotencyKey).toBe(`classlane-instalment-${claimed.id}-late-refund`);
    expect(await instalmentRow(w.a, claimed.id)).toMatchObject({
      status: 'cancelled',
      lastOutcome: 'refunded_after_cancel',
      paidVia: null,
      paymentIntentId: pi,
    });
    // Nothing of it counted on the enrollment: what the cancellation left stays.
    expect(await enrollmentRow(w.a, p.enrollmentId)).toMatchObject({
      amount_paid_cents: afterCancel.amount_paid_cents,
      refunded_cents: afterCancel.refunded_cents,
      platform_fee_cents: afterCancel.platform_fee_cents,
    });
    // No receipt for it, the organization told once; the job charges nothing more.
    expect((await w.a.db.query(`SELECT count(*)::int AS n FROM receipts WHERE stripe_payment_intent_id = $1`, [pi]))[0].n).toBe(0);
    const told = await w.a.db.query(`SELECT subject FROM communications WHERE dedupe_key LIKE $1`, [
      `payment-plan:${claimed.id}:late-refund%`,
    ]);
    expect(told.length).toBeGreaterThan(0);
    const before = w.stand.requests.filter((r) => r.path === '/v1/payment_intents').length;
    await Promise.all([w.a.app.get(InstalmentCharges).run(), w.b.app.get(InstalmentCharges).run()]);
    expect(w.stand.requests.filter((r) => r.path === '/v1/payment_intents').length).toBe(before);
  });

  it('race: a charge and a cancellation at once end with the money either kept and refunded by policy, or refunded in full', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await activePlan(w, org, 'pm_card_visa', [{ cents: 2_500, daysAgo: 0 }], { account: org.account });
      await w.a.db.query(`UPDATE enrollments SET cancellation_policy = '[{"daysBeforeClass": 0, "refundPercentage": 100}]' WHERE id = $1`, [
        p.enrollmentId,
      ]);
      await Promise.all([
        w.a.app.get(InstalmentCharges).run(),
        w.b.http.post(`/api/enrollments/${p.enrollmentId}/cancel`).set(org.auth).send({}).expect(200),
      ]);
      const i = await instalmentRow(w.a, p.instalments[0]);
      const e = await enrollmentRow(w.a, p.enrollmentId);
      expect(e.status).toBe('cancelled');
      if (i.paymentIntentId) {
        // Charged: either before the cancellation (counted, then refunded by the policy: 100% here) or after it (refunded
        // in full by the late refund). Either way every cent charged went back, exactly once.
        const back = refundsOf(i.paymentIntentId).reduce((n, r) => n + Number(r.body.amount), 0);
        expect(back).toBe(2_500);
        expect(['paid', 'cancelled']).toContain(i.status);
      } else expect(i.status).toBe('cancelled');
    }
  });

  const eventOf = (type: string, disputeId: string) => w.stand.events.find((e) => e.type === type && e.data.object.id === disputeId)!;
  const pastDue = async (enrollmentId: string) =>
    (await w.a.db.query(`SELECT past_due_since FROM enrollments WHERE id = $1`, [enrollmentId]))[0].past_due_since;
  const planPage = (planId: string, auth = org.auth) => w.a.http.get(`/api/payment-plans/${planId}`).set(auth);

  it('marks a disputed instalment; lost: unpaid again, its money off the enrollment, the plan past due by the usual rules', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [{ cents: 6_000, daysAgo: 0 }], { account: org.account });
    await w.a.app.get(InstalmentCharges).run();
    const paid = await instalmentRow(w.a, p.instalments[0]);
    expect(paid.status).toBe('paid');
    expect((await w.a.db.query(`SELECT status FROM payer_plans WHERE id = $1`, [p.planId]))[0].status).toBe('completed');
    const before = await enrollmentRow(w.a, p.enrollmentId);
    expect(before.amount_paid_cents).toBe(7_000);

    const dispute = await disputePayment(w.stand.state, paid.paymentIntentId);
    const created = eventOf('charge.dispute.created', dispute.id);
    await Promise.all([deliver(w.a, created).expect(200), deliver(w.b, { ...created, id: `${created.id}_again` }).expect(200)]);
    let page = (await planPage(p.planId).expect(200)).body.data;
    expect(page.instalments[0]).toMatchObject({ status: 'paid', disputeStatus: 'open' });
    expect(page.paid).toBe(70);
    // The organization's share was taken back once, and the admins told (what every dispute does).
    await w.a.app.get(PlanDeadlines).run();
    expect(await pastDue(p.enrollmentId)).toBeNull();
    const disputes = (await w.a.http.get(`/api/enrollments/${p.enrollmentId}/disputes`).set(org.auth).expect(200)).body.data;
    expect(disputes).toEqual([expect.objectContaining({ stripeDisputeId: dispute.id, amount: 60, recoveredAmount: expect.any(Number) })]);

    await closeDispute(w.stand.state, dispute.id, 'lost');
    const closed = eventOf('charge.dispute.closed', dispute.id);
    await deliver(w.a, closed).expect(200);
    await deliver(w.a, { ...closed, id: `${closed.id}_again` }).expect(200);
    // An older event after it changes nothing.
    await deliver(w.a, { ...created, id: `${created.id}_late` }).expect(200);
    page = (await planPage(p.planId).expect(200)).body.data;
    expect(page.instalments[0]).toMatchObject({ status: 'failed', disputeStatus: 'lost', lastOutcome: 'dispute_lost', paidAt: null });
    expect(page).toMatchObject({ status: 'pastDue', paid: 10, balance: 60 });
    // Its money is off the enrollment, once: $60 less, its $1.80 fee with it.
    expect(await enrollmentRow(w.a, p.enrollmentId)).toMatchObject({
      amount_paid_cents: 1_000,
      platform_fee_cents: before.platform_fee_cents - 180,
      organization_amount_cents: before.organization_amount_cents - 5_820,
    });
    // The past-due rules: past due once its due date is more than the grace days ago (7 by default).
    await w.a.app.get(PlanDeadlines).run();
    expect(await pastDue(p.enrollmentId)).toBeNull();
    await w.a.db.query(`UPDATE payment_plan_instalments SET due_at = now() - interval '8 days' WHERE id = $1`, [p.instalments[0]]);
    await Promise.all([w.a.app.get(PlanDeadlines).run(), w.b.app.get(PlanDeadlines).run()]);
    expect(await pastDue(p.enrollmentId)).not.toBeNull();
    // Not retried on its own; the admin may retry it (the card was not declined), or the payer pays it from the portal.
    const intents = () => w.stand.requests.filter((r) => r.path === '/v1/payment_intents').length;
    const n = intents();
    await w.a.app.get(InstalmentCharges).run();
    expect(intents()).toBe(n);
    const retried = await w.a.http.post(`/api/payment-plans/${p.planId}/instalments/1/retry`).set(org.auth).expect(200);
    expect(retried.body.data).toMatchObject({ status: 'paid', attempts: 2 });
    expect((await enrollmentRow(w.a, p.enrollmentId)).amount_paid_cents).toBe(7_000);
    expect(await pastDue(p.enrollmentId)).toBeNull();
    // Every try is in the plan page's history, oldest first: the job's charge, the dispute lost, the admin's retry.
    const history = (await planPage(p.planId).expect(200)).body.data.instalments[0].attemptHistory;
    expect(history.map((a: { outcome: string }) => a.outcome)).toEqual(['succeeded', 'dispute_lost', 'succeeded']);
    expect(history[0]).toMatchObject({
      stripePaymentIntentId: paid.paymentIntentId,
      attemptKey: `instalment-${p.instalments[0]}-attempt-1`,
      declineCode: null,
      at: expect.any(String),
    });
    expect(history[1]).toMatchObject({ stripePaymentIntentId: paid.paymentIntentId, attemptKey: null });
    expect(history[2].attemptKey).toBe(`instalment-${p.instalments[0]}-attempt-2`);
    // Another organization sees none of it.
    const stranger = await createOrg(w.a, { plan: 'professional' });
    await planPage(p.planId, stranger.auth).expect(404);
  });

  it('a won dispute leaves the instalment paid and counted', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [{ cents: 3_000, daysAgo: 0 }], { account: org.account });
    await w.a.app.get(InstalmentCharges).run();
    const paid = await instalmentRow(w.a, p.instalments[0]);
    const dispute = await disputePayment(w.stand.state, paid.paymentIntentId);
    await closeDispute(w.stand.state, dispute.id, 'won');
    // Closed delivered before created: the same end.
    await deliver(w.a, eventOf('charge.dispute.closed', dispute.id)).expect(200);
    await deliver(w.a, eventOf('charge.dispute.created', dispute.id)).expect(200);
    const page = (await planPage(p.planId).expect(200)).body.data;
    expect(page.instalments[0]).toMatchObject({ status: 'paid', disputeStatus: 'won' });
    expect(page).toMatchObject({ status: 'completed', paid: 40 });
    expect((await enrollmentRow(w.a, p.enrollmentId)).amount_paid_cents).toBe(4_000);
  });

  it("keeps every attempt of an instalment with its decline code, for the admin's plan page", async () => {
    await w.a.db.query(
      `INSERT INTO payment_plan_settings (organization_id, consent_text, retry_days) VALUES ($1, 'Charge me.', '{1,3}')
       ON CONFLICT (organization_id) DO UPDATE SET retry_days = '{1,3}'`,
      [org.orgId],
    );
    const p = await activePlan(w, org, 'pm_card_chargeDeclinedInsufficientFunds', [{ cents: 2_000, daysAgo: 0 }]);
    const again = () =>
      w.a.db.query(`UPDATE payment_plan_instalments SET next_attempt_at = now() - interval '1 minute' WHERE id = $1`, [p.instalments[0]]);
    await Promise.all([w.a.app.get(InstalmentCharges).run(), w.b.app.get(InstalmentCharges).run()]);
    await again();
    await w.a.app.get(InstalmentCharges).run();
    await again();
    await w.a.app.get(InstalmentCharges).run();
    const page = (await planPage(p.planId).expect(200)).body.data;
    expect(page.instalments[0]).toMatchObject({ status: 'failed', attempts: 3, lastDeclineCode: 'insufficient_funds' });
    const history = page.instalments[0].attemptHistory as { outcome: string; declineCode: string; attemptKey: string; at: string }[];
    expect(history.map((a) => [a.outcome, a.declineCode, a.attemptKey])).toEqual(
      [1, 2, 3].map((n) => ['soft_decline', 'insufficient_funds', `instalment-${p.instalments[0]}-attempt-${n}`]),
    );
    expect([...history.map((a) => a.at)].sort()).toEqual(history.map((a) => a.at));
    await w.a.db.query(`DELETE FROM payment_plan_settings WHERE organization_id = $1`, [org.orgId]);
  });
});
