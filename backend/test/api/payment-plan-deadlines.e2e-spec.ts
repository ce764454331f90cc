import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InstalmentCharges } from '../../src/modules/payments/instalment-charges';
import { PlanDeadlines } from '../../src/modules/payments/plan-deadlines';
import { EnrollmentLifecycleService } from '../../src/modules/registration/enrollment-lifecycle.service';
import { cardOrg, enrollmentRow, startCardWorld, type CardWorld } from './card-payments.helpers';
import { activePlan, adminMessages, announced, instalmentRow, messagesTo } from './payment-plan-money.helpers';

const DAY = 86_400_000;

/**
 * A plan's dates and money rules (issue 40 §2, §3, §5), with two instances running the job at once: a reminder before a
 * due date, once; past due after the grace days (the enrollment flagged, the payer warned, the admins told, the
 * webhook), once, and cleared when paid; the seat released after more days by the one cancellation path; a
 * cancellation mid-plan refunds what was paid above what the frozen policy keeps of the total, and a class the
 * organization cancelled refunds everything paid.
 */
describe('payment plan deadlines and money rules', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  const both = () => Promise.all([w.a.app.get(PlanDeadlines).run(), w.b.app.get(PlanDeadlines).run()]);
  const settings = (values: string) =>
    w.a.db
      .query(
        `INSERT INTO payment_plan_settings (organization_id, consent_text) VALUES ($1, 'Charge me.') ON CONFLICT (organization_id) DO NOTHING;`,
        [org.orgId],
      )
      .then(() => w.a.db.query(`UPDATE payment_plan_settings SET ${values} WHERE organization_id = $1`, [org.orgId]));
  const pastDue = async (id: string) =>
    (await w.a.db.query(`SELECT past_due_since FROM enrollments WHERE id = $1`, [id]))[0].past_due_since;
  const plan = async (id: string) => (await w.a.db.query(`SELECT * FROM payer_plans WHERE id = $1`, [id]))[0];
  /** An instalment that failed `daysAgo` days after falling due then. */
  const failedLongAgo = (id: string, daysAgo: number) =>
    w.a.db.query(
      `UPDATE payment_plan_instalments SET status = 'failed', attempts = 1, last_outcome = 'soft_decline', due_at = now() - $2 * interval '1 day'
        WHERE id = $1`,
      [id, daysAgo],
    );

  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: 'https://hooks.example.com/plans', events: ['payment_plan.past_due'] })
      .expect(201);
  });
  afterAll(() => w.close());

  it('should remind the payer once before a due date, with the portal link, and again for a moved date', async () => {
    const p = await activePlan(w, org, 'pm_card_visa', [
      { cents: 5_000, daysAgo: -2 },
      { cents: 5_000, daysAgo: -20 },
    ]);
    await both();
    await both();
    const reminders = (await messagesTo(w.a, p.studentId)).filter((x: { subject: string }) => x.subject.startsWith('Upcoming payment'));
    expect(reminders).toHaveLength(1);
    expect(reminders[0].message).toMatch(/Instalment 1 \(\$50\.00\) for Swim lessons will be charged on \d{4}-\d{2}-\d{2}/);
    expect(reminders[0].message).toContain(`/my?organizationId=${org.orgId}&email=`);
    await w.a.http
      .put(`/api/payment-plans/${p.planId}/instalments/1/due-date`)
      .set(org.auth)
      .send({ dueAt: new Date(Date.now() + 2.5 * DAY).toISOString() })
      .expect(200);
    await both();
    expect((await messagesTo(w.a, p.studentId)).filter((x: { subject: string }) => x.subject.startsWith('Upcoming'))).toHaveLength(2);
  });

  it('should mark a plan past due after the grace days once, flag the enrollment, and clear it when paid', async () => {
    await settings(`grace_days = 7, past_due_action = 'flag'`);
    const p = await activePlan(w, org, 'pm_card_visa', [{ cents: 7_000, daysAgo: -40 }]);
    const early = await activePlan(w, org, 'pm_card_visa', [{ cents: 7_000, daysAgo: -40 }]);
    await failedLongAgo(p.instalments[0], 8);
    await failedLongAgo(early.instalments[0], 6);
    await both();
    await both();
    expect((await plan(p.planId)).past_due_since).not.toBeNull();
    expect((await plan(early.planId)).past_due_since).toBeNull();
    expect(await pastDue(p.enrollmentId)).not.toBeNull();
    // Flagged where staff look: the student panel, the admin's class roster, the roll call.
    const flagged = async () => {
      const student = (await w.a.http.get(`/api/students/${p.studentId}`).set(org.auth).expect(200)).body.data;
      const roster = (await w.a.http.get(`/api/classes/${p.classId}/students`).set(org.auth).expect(200)).body.data;
      const roll = (await w.a.http.get(`/api/attendance/class/${p.classId}`).set(org.auth).expect(200)).body.data;
      const rosterRow = (Array.isArray(roster) ? roster : (roster.items ?? roster.students)).find(
        (x: { id: string }) => x.id === p.studentId,
      );
      return [
        student.classEnrollments.find((e: { id: string }) => e.id === p.enrollmentId).pastDue,
        rosterRow.classEnrollments.find((e: { id: string }) => e.id === p.enrollmentId).pastDue,
        roll.students.find((x: { id: string }) => x.id === p.studentId).pastDue,
      ];
    };
    expect(await flagged()).toEqual([true, true, true]);
    const warned = (await messagesTo(w.a, p.studentId)).filter((x: { subject: string }) => x.subject.startsWith('Payment overdue'));
    expect(warned).toHaveLength(1);
    expect(warned[0].message).toContain('$70.00 of your payment plan for Swim lessons is overdue. Please pay it here:');
    expect(await adminMessages(w.a, `payment-plan:${p.planId}:past-due`)).toHaveLength(1);
    expect((await announced(w.a, p.enrollmentId, 'payment_plan.past_due')).map((x) => x.data)).toEqual([
      expect.objectContaining({ paymentPlanId: p.planId, overdue: 70 }),
    ]);
    // Paid at the door: no longer past due.
    await w.a.http.post(`/api/payment-plans/${p.planId}/instalments/1/mark-paid`).set(org.auth).expect(200);
    expect((await plan(p.planId)).past_due_since).toBeNull();
    expect(await pastDue(p.enrollmentId)).toBeNull();
    expect(await flagged()).toEqual([false, false, false]);
  });

  it('should warn of the release date, then release the seat by the one cancellation path, once', async () => {
    await settings(`grace_days = 7, past_due_action = 'release', release_after_days = 3`);
    const p = await activePlan(
      w,
      org,
      'pm_card_visa',
      [
        { cents: 4_000, daysAgo: 9 },
        { cents: 4_000, daysAgo: -20 },
      ],
      { account: org.account },
    );
    await failedLongAgo(p.instalments[0], 9);
    await both();
    const warned = (await messagesTo(w.a, p.studentId)).filter((x: { subject: string }) => x.subject.startsWith('Payment overdue'));
    expect(warned[0].message).toMatch(
      /If it is still unpaid on \d{4}-\d{2}-\d{2}, the place in Swim lessons will be released to the waitlist\./,
    );
    expect((await enrollmentRow(w.a, p.enrollmentId)).status).toBe('active');
    // Three days later.
    await w.a.db.query(`UPDATE payer_plans SET past_due_since = now() - interval '3 days 1 minute' WHERE id = $1`, [p.planId]);
    await both();
    await both();
    expect((await enrollmentRow(w.a, p.enrollmentId)).status).toBe('cancelled');
    const after = await plan(p.planId);
    expect(after.status).toBe('cancelled');
    expect(after.released_at).not.toBeNull();
    for (const id of p.instalments) expect((await instalmentRow(w.a, id)).status).toBe('cancelled');
    const cancelled = await w.a.db.query(
      `SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'enrollment_cancelled' AND metadata->>'enrollmentId' = $1`,
      [p.enrollmentId],
    );
    expect(cancelled[0].n).toBe(1);
    await settings(`past_due_action = 'flag', release_after_days = NULL`);
  });

  it("should cancel the future instalments on a cancellation and refund what was paid above the policy's share of the total", async () => {
    const p = await activePlan(
      w,
      org,
      'pm_card_visa',
      [
        { cents: 3_000, daysAgo: 40 },
        { cents: 3_000, daysAgo: 10 },
        { cents: 3_000, daysAgo: -20 },
      ],
      { account: org.account },
    );
    await w.a.app.get(InstalmentCharges).run();
    expect((await enrollmentRow(w.a, p.enrollmentId)).amount_paid_cents).toBe(7_000);
    // Refunds go back newest payment first: the instalment paid last.
    const [newest] = await w.a.db.query(
      `SELECT stripe_payment_intent_id AS pi FROM payment_plan_instalments WHERE payer_plan_id = $1 AND status = 'paid' ORDER BY paid_at DESC LIMIT 1`,
      [p.planId],
    );
    // The policy frozen at registration keeps half of the $100 total: $70 paid, $20 back.
    await w.a.db.query(`UPDATE enrollments SET cancellation_policy = '[{"daysBeforeClass": 0, "refundPercentage": 50}]' WHERE id = $1`, [
      p.enrollmentId,
    ]);
    const res = await w.a.http.post(`/api/enrollments/${p.enrollmentId}/cancel`).set(org.auth).send({}).expect(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled' });
    expect(await enrollmentRow(w.a, p.enrollmentId)).toMatchObject({ status: 'cancelled', refunded_cents: 2_000 });
    // Against that instalment's own PaymentIntent.
    const refunds = w.stand.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && r.body.payment_intent === newest.pi);
    expect(refunds.map((r) => r.body.amount)).toEqual(['2000']);
    expect((await instalmentRow(w.a, p.instalments[2])).status).toBe('cancelled');
    expect((await plan(p.planId)).status).toBe('cancelled');
    const before = w.stand.requests.filter((r) => r.path === '/v1/payment_intents').length;
    await w.a.db.query(`UPDATE payment_plan_instalments SET due_at = now() - interval '1 day' WHERE id = $1`, [p.instalments[2]]);
    await w.a.app.get(InstalmentCharges).run();
    expect(w.stand.requests.filter((r) => r.path === '/v1/payment_intents').length).toBe(before);
  });

  it('should refund everything paid, instalment by instalment, when the organization cancels the class', async () => {
    const p = await activePlan(
      w,
      org,
      'pm_card_visa',
      [
        { cents: 2_500, daysAgo: 5 },
        { cents: 2_500, daysAgo: -20 },
      ],
      { account: org.account },
    );
    await w.a.app.get(InstalmentCharges).run();
    const first = await instalmentRow(w.a, p.instalments[0]);
    const done = await w.a.app.get(EnrollmentLifecycleService).cancelForCancelledClass(org.orgId, p.enrollmentId);
    expect(done).toEqual({ cancelled: true, refundCents: 3_500 });
    const [deposit] = await w.a.db.query(`SELECT stripe_payment_intent_id AS pi FROM enrollments WHERE id = $1`, [p.enrollmentId]);
    const refunds = w.stand.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/refunds' && [first.paymentIntentId, deposit.pi].includes(r.body.payment_intent),
    );
    expect(refunds.map((r) => [r.body.payment_intent, r.body.amount])).toEqual([
      [first.paymentIntentId, '2500'],
      [deposit.pi, '1000'],
    ]);
    expect((await instalmentRow(w.a, p.instalments[1])).status).toBe('cancelled');
  });
});
