import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TopUpsService } from '../../src/modules/payments/top-ups.service';
import { registerBody } from '../fixtures/org.fixture';
import { webhookMismatches } from '../setup/openapi-conformance';
import { dashboardRefund, type StandInEvent } from '../stand-ins/stripe.stand-in';
import {
  cardClass,
  cardOrg,
  deliver,
  intentBody,
  payInBrowser,
  startCardWorld,
  waitFor,
  type CardWorld,
  type Document,
} from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;

interface Announced {
  id: string;
  type: string;
  createdAt: string;
  organizationId: string;
  data: Record<string, unknown>;
}

/**
 * The refunds made outside the admin's refund route announce `payment.refunded` once too, in the transaction that
 * records them: one made in the Stripe dashboard (recorded from its charge.refunded / refund.created events, which
 * Stripe may deliver again or under a second id), and a switch's difference paid after the switch could no longer be
 * made (refunded when its payment settles, by the confirm call or the payment's events). Each body is as documented.
 */
describe('payment.refunded for every recorded refund', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let doc: Document;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    // Deliveries are only queued here (no job sends them): the rows are what is counted.
    await w.a.http
      .post('/api/webhook-endpoints')
      .set(org.auth)
      .send({ url: 'https://hooks.example.com/classlane', events: ['payment.succeeded', 'payment.refunded'] })
      .expect(201);
    doc = (await w.a.http.get('/api/docs-json').expect(200)).body as Document;
  });
  afterAll(async () => {
    await w.close();
  });

  /** The `type` payloads queued for this enrollment, oldest first; each checked against the document. */
  const announced = async (enrollmentId: string, type: string): Promise<Announced[]> => {
    const rows: Announced[] = (
      await w.a.db.query(
        `SELECT payload FROM webhook_deliveries
          WHERE event_type = $2 AND payload->'data'->>'enrollmentId' = $1 ORDER BY created_at, id`,
        [enrollmentId, type],
      )
    ).map((r: { payload: Announced }) => r.payload);
    expect(rows.flatMap((p) => webhookMismatches(doc, p))).toEqual([]);
    return rows;
  };
  const refunded = (enrollmentId: string) => announced(enrollmentId, 'payment.refunded');

  /** The same event again (a Stripe retry) and a second event about the same refund (a new id), at once. */
  const deliverTwiceAndAgain = (event: StandInEvent) =>
    Promise.all([
      deliver(w.a, event).expect(200),
      deliver(w.a, event).expect(200),
      deliver(w.a, { ...event, id: `${event.id}_again` }).expect(200),
    ]);

  /** A paid $80 card registration of a new student in a new class starting in 10 days. */
  async function paid(email: string) {
    const cls = await cardClass(w.a, org, { title: 'Wheel I', startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const body = intentBody(org.orgId, cls.id, 80, { firstName: 'Rae', lastName: 'Fund', email });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    const [{ student_id: studentId }] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [d.enrollmentId]);
    return { id: d.enrollmentId as string, pi: d.paymentIntentId as string, classId: cls.id, studentId: studentId as string, email };
  }

  it('should announce a refund made in the Stripe dashboard once, however often and under however many ids its events come', async () => {
    const e = await paid('dashboard.refund@example.com');
    const re = await dashboardRefund(w.stand.state, e.pi, 2500);
    const { created, charge } = await waitFor(
      async () => ({
        created: w.stand.events.find((x) => x.type === 'refund.created' && x.data.object.id === re.id),
        charge: w.stand.events.filter((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === e.pi).at(-1),
      }),
      (x) => x.created !== undefined && x.charge !== undefined,
    );
    await deliverTwiceAndAgain(charge!);
    await deliverTwiceAndAgain(created!);
    const events = await refunded(e.id);
    expect(events.map((p) => [p.type, p.organizationId, p.data])).toEqual([
      [
        'payment.refunded',
        org.orgId,
        {
          enrollmentId: e.id,
          studentId: e.studentId,
          classId: e.classId,
          amount: 25,
          status: 'succeeded',
          reason: 'Refunded in the Stripe dashboard',
        },
      ],
    ]);
    // A second dashboard refund of the same payment is a new refund: announced once more, with its own amount.
    const again = await dashboardRefund(w.stand.state, e.pi, 500);
    const next = await waitFor(
      async () => w.stand.events.find((x) => x.type === 'refund.created' && x.data.object.id === again.id),
      (x) => x !== undefined,
    );
    await deliverTwiceAndAgain(next!);
    expect((await refunded(e.id)).map((p) => p.data.amount)).toEqual([25, 5]);
  });

  it("should announce the admin's refund once when its events arrive after it, as before", async () => {
    const e = await paid('admin.refund@example.com');
    await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(org.auth).send({ amount: 10 }).expect(200);
    const [{ stripe_refund_id: id }] = await w.a.db.query('SELECT stripe_refund_id FROM refunds WHERE enrollment_id = $1', [e.id]);
    const created = await waitFor(
      async () => w.stand.events.find((x) => x.type === 'refund.created' && x.data.object.id === id),
      (x) => x !== undefined,
    );
    await deliverTwiceAndAgain(created!);
    expect((await refunded(e.id)).map((p) => p.data)).toEqual([expect.objectContaining({ amount: 10, status: 'succeeded' })]);
  });

  it('should announce once a refund made here whose transaction died after Stripe refunded, recorded first by its events', async () => {
    const e = await paid('lost.reply@example.com');
    const key = 'refund-whose-answer-was-lost';
    w.stand.state.loseReply = (req) => req.method === 'POST' && req.path === '/v1/refunds';
    try {
      await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(org.auth).set('Idempotency-Key', key).send({ amount: 20 }).expect(502);
    } finally {
      w.stand.state.loseReply = null;
    }
    expect(await refunded(e.id)).toEqual([]);
    const re = [...w.stand.state.objects.values()].find((o) => o.object === 'refund' && o.payment_intent === e.pi)!;
    const created = await waitFor(
      async () => w.stand.events.find((x) => x.type === 'refund.created' && x.data.object.id === re.id),
      (x) => x !== undefined,
    );
    await deliverTwiceAndAgain(created!);
    // The admin's retry gets the same Stripe refund back: recorded already, so announced no second time.
    await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(org.auth).set('Idempotency-Key', key).send({ amount: 20 }).expect(200);
    expect((await refunded(e.id)).map((p) => p.data)).toEqual([
      expect.objectContaining({
        enrollmentId: e.id,
        amount: 20,
        status: 'succeeded',
        reason: 'Refunded through Classlane (recorded from Stripe)',
      }),
    ]);
  });

  it("should announce a switch's difference refunded because it was paid too late once, whoever settles it and however often", async () => {
    const e = await paid('late.switch@example.com');
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email: e.email }).expect(202);
    const [mail] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC LIMIT 1",
      [e.email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    const portal = { Authorization: `Bearer ${(await w.a.http.post('/api/portal/session').send({ token }).expect(200)).body.data.token}` };
    const dearer = await cardClass(w.a, org, {
      title: 'Wheel Pro',
      price: 120,
      discountPrice: null,
      maxStudents: 1,
      startDate: new Date(Date.now() + 11 * DAY).toISOString(),
    });
    const top = (
      await w.a.http
        .post(`/api/portal/enrollments/${e.id}/transfer/payment-intent`)
        .set(portal)
        .send({ toClassId: dearer.id, amount: 40 })
        .expect(201)
    ).body.data;
    // The hold lapses and the seat goes to someone else; a payment already under way still succeeds at Stripe.
    await w.a.db.query("UPDATE enrollment_top_ups SET hold_expires_at = now() - interval '1 second' WHERE id = $1", [top.topUpId]);
    await w.a.app.get(TopUpsService).expireHolds();
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, dearer.id)).expect(201);
    w.stand.state.objects.get(top.paymentIntentId)!.status = 'requires_payment_method';
    await payInBrowser(w.stand, top.paymentIntentId, top.clientSecret);
    const succeeded = w.stand.events.find(
      (x) => x.type === 'payment_intent.succeeded' && (x.data.object as { id: string }).id === top.paymentIntentId,
    )!;
    await deliverTwiceAndAgain(succeeded);
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(portal)
      .send({ paymentIntentId: top.paymentIntentId })
      .expect(409);
    // The refund's own events change nothing (the difference never counted as paid on the registration).
    const refundEvents = await waitFor(
      async () =>
        w.stand.events.filter(
          (x) => ['refund.created', 'charge.refunded'].includes(x.type) && x.data.object.payment_intent === top.paymentIntentId,
        ),
      (x) => x.length >= 2,
    );
    for (const x of refundEvents) await deliverTwiceAndAgain(x);
    const events = await refunded(e.id);
    // Taken, then given back, as a late registration is: the registration's payment, the difference, its refund.
    const paidEvents = await announced(e.id, 'payment.succeeded');
    expect(paidEvents.map((p) => [p.data.classId, p.data.className, p.data.amount])).toEqual([
      [e.classId, 'Wheel I', 80],
      [dearer.id, 'Wheel Pro', 40],
    ]);
    expect(events.map((p) => p.data)).toEqual([
      {
        enrollmentId: e.id,
        studentId: e.studentId,
        classId: dearer.id,
        amount: 40,
        status: 'succeeded',
        reason: 'Paid to switch classes after the switch could no longer be made',
      },
    ]);
  });
});
