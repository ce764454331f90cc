import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CardPaymentsService } from '../../src/modules/payments/card-payments.service';
import { registerBody } from '../fixtures/org.fixture';
import type { StandInEvent } from '../stand-ins/stripe.stand-in';
import { cardClass, cardOrg, deliver, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;
/** The one shape of payment.succeeded's data, whichever way the payment was taken. */
const PAYMENT_KEYS = ['amount', 'className', 'classId', 'enrollmentId', 'paymentMethod', 'studentId', 'studentName'].sort();

interface Announced {
  type: string;
  organizationId: string;
  data: Record<string, unknown>;
}

/**
 * Every payment that completes announces `payment.succeeded` once, in the transaction that records it: a card
 * registration, a household's card payment and a switch's difference paid by card, whether Stripe's signed event, the
 * confirm call or both (in either order, or at once) settle it, and however often Stripe delivers the event.
 */
describe('payment.succeeded for card payments', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.db.query(`UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb) WHERE id = $1`, [
      org.orgId,
      JSON.stringify([{ daysBeforeClass: 7, refundPercentage: 100 }]),
    ]);
    // Deliveries are only queued here (no job sends them): the rows are what is counted.
    await w.a.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: 'https://hooks.example.com/classlane', events: ['payment.succeeded', 'payment.refunded'] })
      .expect(201);
  });
  afterAll(async () => {
    await w.close();
  });

  /** The payment.succeeded (or `type`) payloads queued for these enrollments, oldest first. */
  const announced = async (enrollmentIds: string[], type = 'payment.succeeded'): Promise<Announced[]> =>
    (
      await w.a.db.query(
        `SELECT payload FROM webhook_deliveries
          WHERE event_type = $2 AND payload->'data'->>'enrollmentId' = ANY($1) ORDER BY created_at, id`,
        [enrollmentIds, type],
      )
    ).map((r: { payload: Announced }) => r.payload);

  const succeeded = (pi: string) =>
    w.stand.events.find((e) => e.type === 'payment_intent.succeeded' && (e.data.object as { id: string }).id === pi)!;

  /** The same event again (a Stripe retry) and a second event about the same payment (a new id). */
  async function deliverTwiceAndAgain(event: StandInEvent) {
    await deliver(w.a, event).expect(200);
    await deliver(w.a, event).expect(200);
    await deliver(w.a, { ...event, id: `${event.id}_again` }).expect(200);
  }

  async function cardIntent(email: string) {
    const cls = await cardClass(w.a, org, { title: 'Raku', startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const body = intentBody(org.orgId, cls.id, 80, { firstName: 'Ines', lastName: 'Card', email });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const confirm = () =>
      w.a.http
        .post('/api/payments/confirm-enrollment')
        .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData });
    return { cls, d, confirm };
  }

  it('should announce a card registration settled by the webhook once, however often the event comes and when the browser confirms after', async () => {
    const { cls, d, confirm } = await cardIntent('webhook.first@example.com');
    await deliverTwiceAndAgain(succeeded(d.paymentIntentId));
    await confirm().expect(200);
    const events = await announced([d.enrollmentId]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'payment.succeeded',
      organizationId: org.orgId,
      data: {
        enrollmentId: d.enrollmentId,
        classId: cls.id,
        className: 'Raku',
        studentName: 'Ines Card',
        studentId: expect.any(String),
        amount: 80,
        paymentMethod: 'card',
      },
    });
    expect(Object.keys(events[0].data).sort()).toEqual(PAYMENT_KEYS);
  });

  it('should announce a card registration confirmed by the browser once when the webhook follows, or both come at once', async () => {
    const first = await cardIntent('confirm.first@example.com');
    await first.confirm().expect(200);
    await deliverTwiceAndAgain(succeeded(first.d.paymentIntentId));
    await first.confirm().expect(200);
    expect(await announced([first.d.enrollmentId])).toHaveLength(1);

    const race = await cardIntent('both.at.once@example.com');
    const event = succeeded(race.d.paymentIntentId);
    await Promise.all([
      race.confirm().expect(200),
      deliver(w.a, event).expect(200),
      deliver(w.a, { ...event, id: `${event.id}_b` }).expect(200),
    ]);
    expect(await announced([race.d.enrollmentId])).toHaveLength(1);
  });

  it('should announce a payment that arrived after its hold lapsed into a full class once as paid and once as refunded', async () => {
    const cls = await cardClass(w.a, org, { title: 'Last seat', maxStudents: 1, startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const body = intentBody(org.orgId, cls.id, 80, { firstName: 'Lee', lastName: 'Late', email: 'lee.late@example.com' });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await w.a.db.query("UPDATE enrollments SET hold_expires_at = now() - interval '1 second' WHERE id = $1 AND status = 'held'", [
      d.enrollmentId,
    ]);
    await w.a.app.get(CardPaymentsService).expireHolds();
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201); // the seat goes to someone else
    // The job cancelled the intent; a payment racing that cancel still succeeds at Stripe.
    w.stand.state.objects.get(d.paymentIntentId)!.status = 'requires_payment_method';
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await deliverTwiceAndAgain(succeeded(d.paymentIntentId));
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(409);
    const paid = await announced([d.enrollmentId]);
    expect(paid.map((e) => e.data)).toEqual([expect.objectContaining({ enrollmentId: d.enrollmentId, amount: 80, paymentMethod: 'card' })]);
    const refunded = await announced([d.enrollmentId], 'payment.refunded');
    expect(refunded.map((e) => e.data)).toEqual([
      {
        enrollmentId: d.enrollmentId,
        studentId: paid[0].data.studentId,
        classId: cls.id,
        amount: 80,
        status: 'succeeded',
        reason: 'Paid after the seat hold lapsed, and the class had no seat left',
      },
    ]);
  });

  it("should announce each person of a household's card payment once, with their own share", async () => {
    const cls = await cardClass(w.a, org, { title: 'Family wheel', startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const base = intentBody(org.orgId, cls.id, 160, { firstName: 'Hal', lastName: 'Home', email: 'hal.home@example.com' });
    const attendees = [
      { firstName: 'Hal', lastName: 'Home' },
      { firstName: 'Hana', lastName: 'Home' },
    ];
    const d = (
      await w.a.http
        .post('/api/payments/create-intent')
        .send({ ...base, attendees })
        .expect(201)
    ).body.data;
    const ids: string[] = d.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId);
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await deliverTwiceAndAgain(succeeded(d.paymentIntentId));
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: base.studentData })
      .expect(200);
    const events = await announced(ids);
    expect(events.map((e) => e.data.enrollmentId).sort()).toEqual([...ids].sort());
    for (const e of events) {
      expect(e.data).toMatchObject({ classId: cls.id, className: 'Family wheel', amount: 80, paymentMethod: 'card' });
      expect(Object.keys(e.data).sort()).toEqual(PAYMENT_KEYS);
    }
  });

  it("should announce a switch's difference paid by card once, with the difference and the new class", async () => {
    const { d, confirm } = await cardIntent('switcher@example.com');
    await confirm().expect(200);
    const email = 'switcher@example.com';
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email }).expect(202);
    const [mail] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC LIMIT 1",
      [email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    const portal = { Authorization: `Bearer ${(await w.a.http.post('/api/portal/session').send({ token }).expect(200)).body.data.token}` };
    const dearer = await cardClass(w.a, org, {
      title: 'Raku Pro',
      price: 120,
      discountPrice: null,
      startDate: new Date(Date.now() + 11 * DAY).toISOString(),
    });
    const top = (
      await w.a.http
        .post(`/api/portal/enrollments/${d.enrollmentId}/transfer/payment-intent`)
        .set(portal)
        .send({ toClassId: dearer.id, amount: 40 })
        .expect(201)
    ).body.data;
    await payInBrowser(w.stand, top.paymentIntentId, top.clientSecret);
    await deliverTwiceAndAgain(succeeded(top.paymentIntentId));
    await w.a.http
      .post(`/api/portal/enrollments/${d.enrollmentId}/transfer/confirm`)
      .set(portal)
      .send({ paymentIntentId: top.paymentIntentId })
      .expect(200);
    const events = await announced([d.enrollmentId]);
    // The registration's payment, then the difference.
    expect(events.map((e) => [e.data.classId, e.data.amount, e.data.paymentMethod])).toEqual([
      [expect.any(String), 80, 'card'],
      [dearer.id, 40, 'card'],
    ]);
    expect(events[1].data).toMatchObject({ className: 'Raku Pro', enrollmentId: d.enrollmentId });
    expect(Object.keys(events[1].data).sort()).toEqual(PAYMENT_KEYS);
  });

  it('should send in-person payments in the same shape as card payments', async () => {
    const cls = await cardClass(w.a, org, { title: 'Glaze night', price: 30, discountPrice: null });
    const student = (await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201)).body.data;
    await w.a.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId: student.id, classId: cls.id }).expect(200);
    const [row] = await w.a.db.query(`SELECT id FROM enrollments WHERE student_id = $1 AND class_id = $2`, [student.id, cls.id]);
    const events = await announced([row.id]);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ amount: 30, paymentMethod: 'in-person', studentId: student.id });
    expect(Object.keys(events[0].data).sort()).toEqual(PAYMENT_KEYS);
  });
});
