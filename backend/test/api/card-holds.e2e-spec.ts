import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CardPaymentsService } from '../../src/modules/payments/card-payments.service';
import { registerBody } from '../fixtures/org.fixture';
import {
  cardClass,
  cardOrg,
  enrollmentRow,
  intentBody,
  seatsTaken,
  startCardWorld,
  waitFor,
  type CardWorld,
} from './card-payments.helpers';

/**
 * Held seats: a card attempt that never completes leaves a student record that must not
 * count toward the plan's maxStudents (docs/decisions/who-counts-toward-maxstudents.md), and a hold really lapses on
 * its own (the job running, a 2-second hold through SEAT_HOLD_SECONDS): the seat comes back and the PaymentIntent
 * is cancelled at Stripe.
 */
describe('card holds', () => {
  let w: CardWorld;
  beforeAll(async () => {
    w = await startCardWorld({ env: { JOBS_ENABLED: 'true', JOBS_INTERVAL_MS: '200', SEAT_HOLD_SECONDS: '2' } });
    w.liveWebhooks(false);
  });
  afterAll(async () => {
    await w.close();
  });

  it('should free the seat of a hold that really lapses and cancel its PaymentIntent, with the job running', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 1 });
    const first = await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201);
    const { paymentIntentId, enrollmentId, holdExpiresAt } = first.body.data;
    const lasts = new Date(holdExpiresAt).getTime() - Date.now();
    expect(lasts).toBeGreaterThan(0);
    expect(lasts).toBeLessThanOrEqual(2000);
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
    // The only seat is held: another student is refused now...
    await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(409);
    // ...and nothing is touched by hand: the job finds the lapsed hold by itself.
    const row = await waitFor(
      () => enrollmentRow(w.a, enrollmentId),
      (r) => r.status === 'expired',
      15_000,
    );
    expect(row).toMatchObject({ status: 'expired', payment_status: 'pending', hold_expires_at: null });
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    const status = await waitFor(
      async () => w.stand.state.objects.get(paymentIntentId)!.status,
      (st) => st === 'canceled',
      10_000,
    );
    expect(status).toBe('canceled');
    // The freed seat is really free: the next student gets it.
    await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201);
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
  });

  it('should not count a student whose card attempts never completed toward maxStudents', async () => {
    // A plan allowing 2 students, with card payments; only this file's database sees the change.
    await w.a.db.query(`UPDATE subscription_plans SET limits = jsonb_set(limits, '{maxStudents}', '2') WHERE id = 'essential'`);
    const org = await cardOrg(w.a, 'essential');
    const cls = await cardClass(w.a, org, { maxStudents: 10 });
    const usage = async () =>
      (await w.a.http.get(`/api/subscriptions/${org.orgId}/usage-limits`).set(org.auth).expect(200)).body.data.usage.students;

    // An abandoned card attempt: the hold lapses (the job expires it) and the payment never comes.
    const abandoned = intentBody(org.orgId, cls.id);
    const held = (await w.a.http.post('/api/payments/create-intent').send(abandoned).expect(201)).body.data;
    expect(await usage()).toEqual({ current: 1, limit: 2, unlimited: false }); // a held seat counts: it may be paid
    await waitFor(
      () => enrollmentRow(w.a, held.enrollmentId),
      (r) => r.status === 'expired',
      15_000,
    );
    await w.a.app.get(CardPaymentsService).expireHolds(); // whichever instance ran it, the hold is expired now
    expect(await usage()).toEqual({ current: 0, limit: 2, unlimited: false });

    // Two real students fit the plan's 2 (the abandoned record would have made the second one the third).
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    expect(await usage()).toEqual({ current: 2, limit: 2, unlimited: false });

    // A third is refused with the student-facing text, and so is the abandoned email coming back: enrolling it now
    // would make it count.
    const third = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(403);
    expect(third.body.error).toMatch(/is not accepting new online registrations right now/);
    const back = await w.a.http.post('/api/payments/create-intent').send(abandoned).expect(403);
    expect(back.body.error).toMatch(/is not accepting new online registrations right now/);
    expect(await usage()).toEqual({ current: 2, limit: 2, unlimited: false });
    expect(await seatsTaken(w.a, cls.id)).toBe(2);

    // With room again, the returning email is enrolled on its existing record and counts.
    await w.a.db.query(`UPDATE subscription_plans SET limits = jsonb_set(limits, '{maxStudents}', '3') WHERE id = 'essential'`);
    await w.a.http.post('/api/payments/create-intent').send(abandoned).expect(201);
    expect(await usage()).toEqual({ current: 3, limit: 3, unlimited: false });
    const [{ n }] = await w.a.db.query('SELECT count(*)::int AS n FROM students WHERE organization_id = $1', [org.orgId]);
    expect(n).toBe(3);
  });
});
