import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CardPaymentsService } from '../../src/modules/payments/card-payments.service';
import { cardClass, cardOrg, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;
const POLICY = [
  { daysBeforeClass: 7, refundPercentage: 100 },
  { daysBeforeClass: 0, refundPercentage: 50 },
];

/**
 * Drop-ins paid by card (issue 39 §3): the card hold takes the session's seat, the frozen refund policy counts from
 * that session, and the portal shows and cancels the drop-in as its own registration.
 */
describe('drop-ins by card', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.db.query(
      `UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb),
              contact_info = '{"email": "hello@clay.example", "phone": "(559) 555-0100"}'::jsonb WHERE id = $1`,
      [org.orgId, JSON.stringify(POLICY)],
    );
  });
  afterAll(async () => {
    await w.close();
  });

  /** A weekly class of 4 sessions starting in 2 days (so its last session is 23 days off) that sells $20 drop-ins. */
  async function dropInClass() {
    const cls = await cardClass(w.a, org, {
      title: 'Wheel throwing',
      startDate: new Date(Date.now() + 2 * DAY).toISOString(),
      days: 4,
      schedule: 'Weekly',
      dropInPrice: 20,
      dropInCapacity: 2,
    });
    const sessions = (await w.a.http.get(`/api/classes/${cls.id}/drop-in-sessions`).query({ organizationId: org.orgId }).expect(200)).body
      .data as { id: string; startsAt: string }[];
    return { cls, sessions };
  }
  const createIntent = (body: Record<string, unknown>) => w.a.http.post('/api/payments/create-intent').send(body);
  const taken = async (sessionId: string) =>
    (await w.a.db.query('SELECT drop_ins_taken AS n FROM class_sessions WHERE id = $1', [sessionId]))[0].n as number;

  async function signIn(email: string) {
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email }).expect(202);
    const [row] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(row.message)?.[1];
    const s = await w.a.http.post('/api/portal/session').send({ token }).expect(200);
    return { Authorization: `Bearer ${s.body.data.token}` };
  }

  it('should hold the session seat for a card drop-in at the drop-in price, and refuse the whole-class price', async () => {
    const { cls, sessions } = await dropInClass();
    const last = sessions[3];
    const wrong = await createIntent({ ...intentBody(org.orgId, cls.id, 80), classSessionId: last.id }).expect(409);
    expect(wrong.body.code).toBe('PRICE_CHANGED');
    expect(await taken(last.id)).toBe(0);
    const d = (await createIntent({ ...intentBody(org.orgId, cls.id, 20), classSessionId: last.id }).expect(201)).body.data;
    const [row] = await w.a.db.query('SELECT status, class_session_id, amount_due_cents FROM enrollments WHERE id = $1', [d.enrollmentId]);
    expect(row).toEqual({ status: 'held', class_session_id: last.id, amount_due_cents: 2000 });
    expect(await taken(last.id)).toBe(1);
    const [c] = await w.a.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [cls.id]);
    expect(c.enrolled_students).toBe(0);
    // The hold lapses: the session's seat comes back, the class's count is untouched.
    await w.a.db.query("UPDATE enrollments SET hold_expires_at = now() - interval '1 second' WHERE id = $1", [d.enrollmentId]);
    await w.a.app.get(CardPaymentsService).expireHolds();
    expect(await taken(last.id)).toBe(0);
    expect((await w.a.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [cls.id]))[0].enrolled_students).toBe(0);
  });

  it('should show a paid drop-in in the portal as its own registration and refund it by the policy counted from its session', async () => {
    const { cls, sessions } = await dropInClass();
    const last = sessions[3]; // 23 days off: 100 % under the policy (the class itself starts in 2 days: 50 %)
    const body = { ...intentBody(org.orgId, cls.id, 20, { firstName: 'Maya', lastName: 'Lin' }), classSessionId: last.id };
    const d = (await createIntent(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    const portal = await signIn(body.studentData.email);
    const [e] = (await w.a.http.get('/api/portal/registrations').set(portal).expect(200)).body.data.enrollments;
    expect(e).toMatchObject({
      id: d.enrollmentId,
      dropIn: true,
      status: 'active',
      amountPaid: 20,
      canCancel: true,
      canTransfer: false,
      class: { id: cls.id, sessions: [last.startsAt] },
      refundQuote: { refundAmount: 20, refundPercentage: 100, paidAmount: 20 },
    });
    const cancelled = await w.a.http.post(`/api/portal/enrollments/${d.enrollmentId}/cancel`).set(portal).expect(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refundedAmount: 20 });
    expect(await taken(last.id)).toBe(0);
  });
});
