import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InstalmentCharges } from '../../src/modules/payments/instalment-charges';
import { createOrg, createTeacher } from '../fixtures/org.fixture';
import { cardOrg, enrollmentRow, startCardWorld, type CardWorld } from './card-payments.helpers';
import { activePlan, instalmentRow } from './payment-plan-money.helpers';

/**
 * The organization's actions on a payer's plan (issue 40 §4), against the Stripe stand-in: charge now (two admins at
 * once: one charge, one 409), retry (a hard decline refused until a new method), pause and resume (what fell due is
 * charged once), move a due date, waive, mark paid at the door (a teacher too), cancel the remaining instalments;
 * another organization's plan is 404 on every route.
 */
describe('payment plan actions', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  const intentsCreated = () => w.stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
  const run = () => w.a.app.get(InstalmentCharges).run();
  const post = (path: string, auth = org.auth) => w.a.http.post(`/api/payment-plans/${path}`).set(auth);

  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
  });
  afterAll(() => w.close());

  it('should charge an instalment now, once, when two admins press at once on two instances', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [{ cents: 12_000, daysAgo: -20 }]);
    const before = intentsCreated().length;
    const [a, b] = await Promise.all([
      w.a.http.post(`/api/payment-plans/${p.planId}/instalments/1/charge`).set(org.auth),
      w.b.http.post(`/api/payment-plans/${p.planId}/instalments/1/charge`).set(org.auth),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    const refused = a.status === 200 ? b : a;
    expect(ok.body.data).toMatchObject({ paymentPlanId: p.planId, seq: 1, status: 'paid', amount: 120, paidVia: 'card', attempts: 1 });
    expect(['PLAN_INSTALMENT_BUSY', 'PLAN_INSTALMENT_NOT_OPEN']).toContain(refused.body.code);
    expect(intentsCreated().length - before).toBe(1);
    expect((await enrollmentRow(w.a, p.enrollmentId)).amount_paid_cents).toBe(13_000);
    // Paid: charging again is refused, and the job leaves it.
    expect((await post(`${p.planId}/instalments/1/charge`)).body.code).toBe('PLAN_INSTALMENT_NOT_OPEN');
    await run();
    expect(intentsCreated().length - before).toBe(1);
  });

  it('should refuse to retry a hard decline until a new method is saved, then retry it', async () => {
    const p = await activePlan(w, org, 'pm_card_chargeDeclinedExpiredCard', [
      { cents: 8_000, daysAgo: 0 },
      { cents: 8_000, daysAgo: -30 },
    ]);
    await run();
    expect(await instalmentRow(w.a, p.instalments[0])).toMatchObject({ status: 'failed', lastOutcome: 'hard_decline' });
    const refused = await post(`${p.planId}/instalments/1/retry`).expect(409);
    expect(refused.body.code).toBe('PLAN_NEEDS_NEW_METHOD');
    // Never tried: nothing to retry.
    expect((await post(`${p.planId}/instalments/2/retry`).expect(409)).body.code).toBe('PLAN_INSTALMENT_NOT_OPEN');
    // The payer saved another card (the portal's SetupIntent, out of this test's scope): the retry goes through.
    await w.a.db.query(`UPDATE payer_plans SET stripe_payment_method_id = 'pm_card_visa' WHERE id = $1`, [p.planId]);
    const done = await post(`${p.planId}/instalments/1/retry`).expect(200);
    expect(done.body.data).toMatchObject({ status: 'paid', attempts: 2, lastOutcome: 'succeeded' });
  });

  it('should charge nothing while paused, and what fell due once on resume', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [
      { cents: 5_000, daysAgo: 2 },
      { cents: 5_000, daysAgo: 1 },
    ]);
    expect((await post(`${p.planId}/pause`).expect(200)).body.data).toMatchObject({ id: p.planId, status: 'active', paused: true });
    expect((await post(`${p.planId}/pause`).expect(409)).body.code).toBe('PLAN_NOT_ACTIVE');
    expect((await post(`${p.planId}/instalments/1/charge`).expect(409)).body.code).toBe('PLAN_NOT_ACTIVE');
    const before = intentsCreated().length;
    await Promise.all([w.a.app.get(InstalmentCharges).run(), w.b.app.get(InstalmentCharges).run()]);
    expect(intentsCreated().length).toBe(before);
    expect((await post(`${p.planId}/resume`).expect(200)).body.data).toMatchObject({ paused: false });
    await Promise.all([w.a.app.get(InstalmentCharges).run(), w.b.app.get(InstalmentCharges).run()]);
    await Promise.all([w.a.app.get(InstalmentCharges).run(), w.b.app.get(InstalmentCharges).run()]);
    expect(intentsCreated().length - before).toBe(2);
    for (const id of p.instalments) expect(await instalmentRow(w.a, id)).toMatchObject({ status: 'paid', attempts: 1 });
    expect((await w.a.db.query(`SELECT status FROM payer_plans WHERE id = $1`, [p.planId]))[0].status).toBe('completed');
  });

  it('should move a due date (a past date: due now), waive one, and take one at the door (a teacher too)', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [
      { cents: 4_000, daysAgo: -10 },
      { cents: 4_000, daysAgo: -40 },
      { cents: 4_000, daysAgo: -70 },
    ]);
    // The class (3 weekly sessions from a week from now) ends about 21 days from now: no due date after it.
    const afterEnd = await w.a.http
      .put(`/api/payment-plans/${p.planId}/instalments/1/due-date`)
      .set(org.auth)
      .send({ dueAt: new Date(Date.now() + 50 * 86_400_000).toISOString() })
      .expect(400);
    expect(afterEnd.body.code).toBe('PLAN_AFTER_CLASS_ENDS');
    expect(afterEnd.body.error).toContain("An instalment must be due by the class's last session");
    const later = new Date(Date.now() + 12 * 86_400_000).toISOString();
    const moved = await w.a.http.put(`/api/payment-plans/${p.planId}/instalments/1/due-date`).set(org.auth).send({ dueAt: later });
    expect(moved.status).toBe(200);
    expect(new Date(moved.body.data.dueAt).toISOString()).toBe(later);
    await w.a.http
      .put(`/api/payment-plans/${p.planId}/instalments/1/due-date`)
      .set(org.auth)
      .send({ dueAt: '2020-01-01T00:00:00Z' })
      .expect(200);
    await run();
    expect(await instalmentRow(w.a, p.instalments[0])).toMatchObject({ status: 'paid' });

    expect((await post(`${p.planId}/instalments/2/waive`).expect(200)).body.data).toMatchObject({ status: 'waived', paidVia: null });
    expect((await post(`${p.planId}/instalments/2/waive`).expect(409)).body.code).toBe('PLAN_INSTALMENT_NOT_OPEN');

    const teacher = await createTeacher(w.a, org);
    await post(`${p.planId}/instalments/3/charge`, teacher.auth).expect(403);
    const door = await post(`${p.planId}/instalments/3/mark-paid`, teacher.auth).expect(200);
    expect(door.body.data).toMatchObject({ status: 'paid', paidVia: 'in-person', attempts: 0 });
    // 1,000 deposit + 4,000 by card + 4,000 at the door; the waived one is not money.
    expect(await enrollmentRow(w.a, p.enrollmentId)).toMatchObject({ amount_paid_cents: 9_000, platform_fee_cents: 30 + 120 });
    const receipt = await w.a.db.query(
      `SELECT payment_method, total_cents, stripe_payment_intent_id FROM receipts WHERE $1 = ANY(enrollment_ids) AND payment_method = 'in-person'`,
      [p.enrollmentId],
    );
    expect(receipt).toEqual([{ payment_method: 'in-person', total_cents: 4_000, stripe_payment_intent_id: null }]);
    expect((await w.a.db.query(`SELECT status FROM payer_plans WHERE id = $1`, [p.planId]))[0].status).toBe('completed');
  });

  it('should cancel the remaining instalments: nothing more is charged, the seat stays', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [
      { cents: 6_000, daysAgo: 1 },
      { cents: 6_000, daysAgo: -30 },
    ]);
    const done = await post(`${p.planId}/cancel-remaining`).expect(200);
    expect(done.body.data).toEqual({ id: p.planId, status: 'cancelled', paused: false, cancelledInstalments: 2 });
    const before = intentsCreated().length;
    await run();
    expect(intentsCreated().length).toBe(before);
    for (const id of p.instalments) expect((await instalmentRow(w.a, id)).status).toBe('cancelled');
    expect((await enrollmentRow(w.a, p.enrollmentId)).status).toBe('active');
    expect((await post(`${p.planId}/cancel-remaining`).expect(409)).body.code).toBe('PLAN_NOT_ACTIVE');
  });

  it("should answer 404 for another organization's plan on every route, and 404/400 for bad input", async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [{ cents: 3_000, daysAgo: -5 }]);
    const stranger = await createOrg(w.a, { plan: 'professional' });
    for (const path of [
      'instalments/1/charge',
      'instalments/1/retry',
      'instalments/1/waive',
      'instalments/1/mark-paid',
      'pause',
      'resume',
      'cancel-remaining',
    ])
      await post(`${p.planId}/${path}`, stranger.auth).expect(404);
    await w.a.http
      .put(`/api/payment-plans/${p.planId}/instalments/1/due-date`)
      .set(stranger.auth)
      .send({ dueAt: '2030-01-01T00:00:00Z' })
      .expect(404);
    expect(await instalmentRow(w.a, p.instalments[0])).toMatchObject({ status: 'scheduled', attempts: 0 });
    await post(`${p.planId}/instalments/0/charge`).expect(404);
    await post(`${p.planId}/instalments/99999999999/charge`).expect(404);
    await post(`${p.planId}/instalments/2/charge`).expect(404);
    await post(`not-a-uuid/pause`).expect(404);
    await w.a.http.put(`/api/payment-plans/${p.planId}/instalments/1/due-date`).set(org.auth).send({ dueAt: 'soon' }).expect(400);
    await w.a.http
      .put(`/api/payment-plans/${p.planId}/instalments/1/due-date`)
      .set(org.auth)
      .send({ dueAt: '2030-01-01T00:00:00Z', extra: 1 })
      .expect(400);
  });
});
