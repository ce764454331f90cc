import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CardPaymentsService } from '../../src/modules/payments/card-payments.service';
import { platformFeeCents } from '../../src/modules/payments/money';
import { registerBody } from '../fixtures/org.fixture';
import { succeedPaymentIntent, type StandInEvent } from '../stand-ins/stripe.stand-in';
import {
  cardClass,
  cardOrg,
  deliver,
  enrollmentRow,
  intentBody,
  payInBrowser,
  pool,
  seatsTaken,
  shuffle,
  startCardWorld,
  type CardWorld,
} from './card-payments.helpers';

/**
 * Card payments, the concurrent cases: two app instances on one database, the real SDK against the Stripe stand-in.
 * Webhooks are delivered by hand here (duplicated, shuffled, to both instances at once).
 */
describe('card payments under concurrency', () => {
  let w: CardWorld;
  beforeAll(async () => {
    w = await startCardWorld({ instances: 2 });
    w.liveWebhooks(false);
  });
  afterAll(async () => {
    await w.close();
  });

  const expireNow = (id: string) =>
    w.a.db.query("UPDATE enrollments SET hold_expires_at = now() - interval '1 second' WHERE id = $1 AND status = 'held'", [id]);
  const eventFor = (type: string, pi: string) => w.stand.events.find((e) => e.type === type && e.data.object.id === pi)!;

  // 300 payments: 900 deliveries, 48 at a time, keep both instances racing on the same events throughout (the race
  // this checks). It ran 1,000 (170 s, the API tier's longest file) until the tier had to fit CI's 20 minutes.
  const PAYMENTS = 300;
  it('should complete every enrollment exactly once when 300 events arrive three times, shuffled, concurrently on two instances', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: PAYMENTS });
    const holds = await pool(
      Array.from({ length: PAYMENTS }, (_, i) => async () => {
        const t = i % 2 ? w.a : w.b;
        const res = await t.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id));
        if (res.status !== 201) throw new Error(`hold ${i}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.body.data as { paymentIntentId: string; enrollmentId: string };
      }),
      16,
    );
    expect(await seatsTaken(w.a, cls.id)).toBe(PAYMENTS);
    const events: StandInEvent[] = [];
    for (const h of holds) {
      await succeedPaymentIntent(w.stand.state, h.paymentIntentId);
      events.push(eventFor('payment_intent.succeeded', h.paymentIntentId));
    }
    const deliveries = shuffle(events.flatMap((e) => [e, e, e]));
    const started = Date.now();
    const replies = await pool(
      deliveries.map((e, i) => () => deliver(i % 2 ? w.a : w.b, e)),
      48,
    );
    const seconds = (Date.now() - started) / 1000;
    expect(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    expect(replies.filter((r) => r.body.data.status === 'processed')).toHaveLength(PAYMENTS);
    const [counts] = await w.a.db.query(
      `SELECT count(*) FILTER (WHERE status = 'active' AND payment_status = 'completed' AND amount_paid_cents = 8000)::int AS completed,
              count(*)::int AS total FROM enrollments WHERE class_id = $1`,
      [cls.id],
    );
    expect(counts).toEqual({ completed: PAYMENTS, total: PAYMENTS });
    const perEnrollment = await w.a.db.query(
      `SELECT metadata->>'enrollmentId' AS id, count(*)::int AS n FROM activity_events
        WHERE organization_id = $1 AND event_type = 'payment_received' GROUP BY 1 HAVING count(*) <> 1`,
      [org.orgId],
    );
    expect(perEnrollment).toEqual([]);
    expect(
      (
        await w.a.db.query(
          `SELECT count(*)::int AS n FROM activity_events WHERE organization_id = $1 AND event_type = 'payment_received'`,
          [org.orgId],
        )
      )[0].n,
    ).toBe(PAYMENTS);
    expect(await seatsTaken(w.a, cls.id)).toBe(PAYMENTS);
    console.log(`${3 * PAYMENTS} deliveries of ${PAYMENTS} payment events on two instances: ${seconds.toFixed(1)} s`);
  }, 240_000);

  it('should take exactly 5 seats of 5 when 100 card holds and in-person registrations race, with no 5xx', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 5 });
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const t = i % 2 ? w.a : w.b;
        return i % 3 === 0
          ? t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id))
          : t.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id));
      }),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(await seatsTaken(w.a, cls.id)).toBe(5);
    const [row] = await w.a.db.query("SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status IN ('held', 'active')", [
      cls.id,
    ]);
    expect(row.n).toBe(5);
  }, 60_000);

  it('should release a lapsed hold exactly once across instances and cancel its PaymentIntent', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org);
    const holds = await Promise.all(
      Array.from({ length: 6 }, () => w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id))),
    );
    const ids = holds.map((h) => h.body.data.enrollmentId as string);
    for (const id of ids) await expireNow(id);
    const released = await Promise.all([w.a, w.b, w.a, w.b].map((t) => t.app.get(CardPaymentsService).expireHolds()));
    expect(released.reduce((a, b) => a + b, 0)).toBe(6);
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    for (const h of holds) {
      expect(await enrollmentRow(w.a, h.body.data.enrollmentId)).toMatchObject({
        status: 'expired',
        payment_status: 'pending',
        hold_expires_at: null,
      });
      expect(w.stand.state.objects.get(h.body.data.paymentIntentId)!.status).toBe('canceled');
    }
    expect(await w.a.app.get(CardPaymentsService).expireHolds()).toBe(0);
  });

  it('should free the seat once or keep it for the payment, never both, when hold expiry races a late payment', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 10 });
    for (let round = 0; round < 8; round++) {
      const d = (await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201)).body.data;
      await expireNow(d.enrollmentId);
      // The job's cancel may find the intent paid already: it then stays paid (the stand-in refuses the cancel).
      await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
      const event = eventFor('payment_intent.succeeded', d.paymentIntentId);
      const [, reply] = await Promise.all([
        (round % 2 ? w.a : w.b).app.get(CardPaymentsService).expireHolds(),
        deliver(round % 2 ? w.b : w.a, event),
      ]);
      expect(reply.status).toBe(200);
      expect(await enrollmentRow(w.a, d.enrollmentId)).toMatchObject({ status: 'active', payment_status: 'completed', refunded_cents: 0 });
      const [{ n }] = await w.a.db.query(
        "SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status IN ('held', 'active')",
        [cls.id],
      );
      expect(await seatsTaken(w.a, cls.id)).toBe(n);
      expect(n).toBe(round + 1);
    }
  });

  it('should refund in full a payment that arrives after its hold lapsed into a full class, and record it once', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 1 });
    const body = intentBody(org.orgId, cls.id);
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await expireNow(d.enrollmentId);
    await w.a.app.get(CardPaymentsService).expireHolds();
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201); // the seat goes to someone else
    // The intent was cancelled by the job; a payment racing that cancel still succeeds at Stripe:
    w.stand.state.objects.get(d.paymentIntentId)!.status = 'requires_payment_method';
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const event = eventFor('payment_intent.succeeded', d.paymentIntentId);
    const before = w.stand.requests.length;
    const replies = await Promise.all([deliver(w.a, event), deliver(w.b, event), deliver(w.a, { ...event, id: `${event.id}_dup` })]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const refundCalls = w.stand.requests.slice(before).filter((r) => r.path === '/v1/refunds');
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0].body).toMatchObject({
      payment_intent: d.paymentIntentId,
      amount: '8000',
      reverse_transfer: 'true',
      refund_application_fee: 'true',
      metadata: { enrollmentId: d.enrollmentId, source: 'late_payment' },
    });
    expect(refundCalls[0].idempotencyKey).toBe(`classlane-enrollment-${d.enrollmentId}-late-payment-refund`);
    expect(await enrollmentRow(w.a, d.enrollmentId)).toMatchObject({
      status: 'expired',
      payment_status: 'completed',
      amount_paid_cents: 8000,
      refunded_cents: 8000,
    });
    const refunds = await w.a.db.query('SELECT amount_cents, source, status, stripe_refund_id FROM refunds WHERE enrollment_id = $1', [
      d.enrollmentId,
    ]);
    expect(refunds).toEqual([
      { amount_cents: 8000, source: 'late_payment', status: 'succeeded', stripe_refund_id: expect.stringMatching(/^re_/) },
    ]);
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
    // The charge.refunded that follows is the same refund: not recorded twice.
    const refunded = await new Promise<StandInEvent>((resolve) => {
      const find = () => {
        const e = w.stand.events.find((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === d.paymentIntentId);
        if (e) resolve(e);
        else setTimeout(find, 20);
      };
      find();
    });
    await deliver(w.a, refunded).expect(200);
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM refunds WHERE enrollment_id = $1', [d.enrollmentId]))[0].n).toBe(1);
    // The browser coming back is told what happened.
    const confirm = await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(409);
    expect(confirm.body.error).toBe(
      'This class filled up before your payment arrived, so your payment of $80.00 has been refunded in full.',
    );
  });

  it('should accept a late payment when a seat is still free', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 3 });
    const d = (await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201)).body.data;
    await expireNow(d.enrollmentId);
    await w.a.app.get(CardPaymentsService).expireHolds();
    w.stand.state.objects.get(d.paymentIntentId)!.status = 'requires_payment_method';
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await deliver(w.b, eventFor('payment_intent.succeeded', d.paymentIntentId)).expect(200);
    expect(await enrollmentRow(w.a, d.enrollmentId)).toMatchObject({ status: 'active', payment_status: 'completed', refunded_cents: 0 });
    expect(await seatsTaken(w.a, cls.id)).toBe(1);
  });

  it('should compute the platform fee as round(amount × PLATFORM_FEE_PERCENT / 100) for 100 prices, in the intent sent to Stripe', async () => {
    const org = await cardOrg(w.a);
    const cls = await cardClass(w.a, org, { maxStudents: 200, price: 1, discountPrice: null });
    const prices = Array.from({ length: 100 }, (_, i) => 50 + i * 997 + (i % 7) * 13); // 0.50 .. ~987, odd cents
    for (const cents of prices) {
      await w.a.db.query('UPDATE classes SET price_cents = $2 WHERE id = $1', [cls.id, cents]);
      const before = w.stand.requests.length;
      const res = await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id, cents / 100));
      expect([cents, res.status]).toEqual([cents, 201]);
      const sent = w.stand.requests.slice(before).find((r) => r.path === '/v1/payment_intents' && r.method === 'POST')!;
      // Reference: exact decimal arithmetic, half up.
      const expected = Number((BigInt(cents) * 3n * 2n + 100n) / 200n);
      expect([cents, sent.body.amount, sent.body.application_fee_amount]).toEqual([cents, String(cents), String(expected)]);
    }
    // The function itself, also for fractional percents.
    expect(platformFeeCents(8000, 3)).toBe(240);
    expect(platformFeeCents(50, 3)).toBe(2); // 1.5 rounds up
    expect(platformFeeCents(1010, 2.5)).toBe(25); // 25.25
    expect(platformFeeCents(1020, 2.5)).toBe(26); // 25.5 rounds up
    expect(platformFeeCents(333, 2.9)).toBe(10); // 9.657
    expect(platformFeeCents(12345, 0)).toBe(0);
  }, 60_000);
});
