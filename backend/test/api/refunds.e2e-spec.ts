import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { refundQuote } from '../../src/modules/payments/money';
import { PaymentsJobs } from '../../src/modules/payments/payments.jobs';
import { stripeConnectionOptions } from '../../src/modules/stripe/stripe.client';
import { createTeacher, registerBody } from '../fixtures/org.fixture';
import { dashboardRefund, setRefundStatus, type StandInEvent } from '../stand-ins/stripe.stand-in';
import {
  cardClass,
  cardOrg,
  deliver,
  enrollmentRow,
  intentBody,
  mismatches,
  payInBrowser,
  seatsTaken,
  startCardWorld,
  waitFor,
  type CardWorld,
  type Document,
} from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;
const POLICY = [
  { daysBeforeClass: 7, refundPercentage: 100 },
  { daysBeforeClass: 3, refundPercentage: 50 },
];

/** Cancellations and refunds by the policy frozen at registration, recorded once whoever refunds. */
describe('cancellations and refunds', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.db.query(`UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb) WHERE id = $1`, [
      org.orgId,
      JSON.stringify(POLICY),
    ]);
  });
  afterAll(async () => {
    await w.close();
  });

  /** A paid card enrollment in a new class starting `startsIn` ms from now. */
  async function paid(startsIn: number, o = org, amount = 80) {
    const cls = await cardClass(w.a, o, { startDate: new Date(Date.now() + startsIn).toISOString() });
    const body = intentBody(o.orgId, cls.id, amount);
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: o.orgId, studentData: body.studentData })
      .expect(200);
    return { id: d.enrollmentId as string, pi: d.paymentIntentId as string, classId: cls.id };
  }
  const quote = (id: string, auth = org.auth) => w.a.http.get(`/api/enrollments/${id}/refund-quote`).set(auth);

  it('should quote by the frozen policy at each boundary', async () => {
    // [starts in, refund, rule applied, paid]: a class that has started is sold late, prorated by the sessions left.
    const cases: [number, number, number | null, number][] = [
      [7 * DAY + 3600_000, 80, 7, 80], // 7 whole days before: 100 %
      [7 * DAY - 3600_000, 40, 3, 80], // 6 days: 50 %
      [3 * DAY + 3600_000, 40, 3, 80], // 3 days: 50 %
      [3 * DAY - 3600_000, 0, null, 80], // 2 days: no rule reached
      [-3600_000, 0, null, 53.33], // started: 2 of its 3 sessions left
    ];
    for (const [startsIn, amount, rule, paidAmount] of cases) {
      const e = await paid(startsIn, org, paidAmount);
      const q = (await quote(e.id).expect(200)).body.data;
      expect([startsIn, q.refundAmount, q.policyApplied?.daysBeforeClass ?? null, q.paidAmount]).toEqual([
        startsIn,
        amount,
        rule,
        paidAmount,
      ]);
      expect(q).toMatchObject({ refundedAmount: 0, refundableAmount: paidAmount, paymentMethod: 'card', cancellationPolicy: POLICY });
    }
    // Exactly at the boundary, by the function.
    const start = new Date('2026-12-10T10:00:00Z');
    expect(refundQuote(POLICY, 8000, 0, start, new Date('2026-12-03T10:00:00Z')).refundCents).toBe(8000);
    expect(refundQuote(POLICY, 8000, 0, start, new Date('2026-12-03T10:00:01Z')).refundCents).toBe(4000);
    expect(refundQuote(POLICY, 8000, 0, start, new Date('2026-12-07T10:00:00Z')).refundCents).toBe(4000);
    expect(refundQuote(POLICY, 8000, 0, start, new Date('2026-12-07T10:00:01Z')).refundCents).toBe(0);
    expect(refundQuote(POLICY, 8000, 6000, start, new Date('2026-12-01T10:00:00Z')).refundCents).toBe(2000); // what is left
    expect(refundQuote([], 8000, 0, start, new Date('2026-12-09T10:00:00Z'))).toMatchObject({ refundCents: 8000, policyApplied: null });
  });

  it('should keep the policy a student registered under when the organization changes it later', async () => {
    const e = await paid(10 * DAY);
    await w.a.db.query(
      `UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', '[]'::jsonb || $2::jsonb) WHERE id = $1`,
      [org.orgId, JSON.stringify([{ daysBeforeClass: 30, refundPercentage: 10 }])],
    );
    try {
      expect((await quote(e.id).expect(200)).body.data).toMatchObject({ refundAmount: 80, cancellationPolicy: POLICY });
      // In person too: frozen at registration.
      const cls = await cardClass(w.a, org);
      const reg = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
      const row = await enrollmentRow(w.a, reg.body.data.classEnrollments[0].id);
      expect(row.cancellation_policy).toEqual([{ daysBeforeClass: 30, refundPercentage: 10 }]);
    } finally {
      await w.a.db.query(`UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb) WHERE id = $1`, [
        org.orgId,
        JSON.stringify(POLICY),
      ]);
    }
  });

  it('should cancel with the quoted refund, free the seat once, and answer a repeat without a second refund', async () => {
    const e = await paid(5 * DAY); // 50 %
    expect(await seatsTaken(w.a, e.classId)).toBe(1);
    const before = w.stand.requests.length;
    const replies = await Promise.all([1, 2, 3].map(() => w.a.http.post(`/api/enrollments/${e.id}/cancel`).set(org.auth).send({})));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    const withRefund = replies.find((r) => r.body.data.refund)!;
    expect(withRefund.body.data).toMatchObject({
      id: e.id,
      status: 'cancelled',
      paymentStatus: 'completed',
      paymentMethod: 'card',
      amountPaid: 80,
      platformFee: 2.4,
      organizationAmount: 77.6,
      refundedAmount: 40,
      cancelledAt: expect.any(String),
      refund: { amount: 40, status: 'succeeded', source: 'admin', reason: expect.stringContaining('50% refund') },
    });
    expect(replies.filter((r) => r.body.data.refund)).toHaveLength(1);
    const calls = w.stand.requests.slice(before).filter((r) => r.path === '/v1/refunds');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ payment_intent: e.pi, amount: '4000', reverse_transfer: 'true', refund_application_fee: 'true' });
    expect(calls[0].idempotencyKey).toMatch(new RegExp(`^classlane-enrollment-${e.id}-refund-`));
    expect(await seatsTaken(w.a, e.classId)).toBe(0);
    expect(await enrollmentRow(w.a, e.id)).toMatchObject({ status: 'cancelled', refunded_cents: 4000, payment_status: 'completed' });
    // Kept in the admin's view with its refunds; not on the roster.
    const student = (
      await w.a.http
        .get('/api/students')
        .set(org.auth)
        .query({ filter: JSON.stringify({ q: '' }) })
    ).body.data;
    const shown = student
      .flatMap((s: { pastEnrollments: { id: string }[] }) => s.pastEnrollments)
      .find((x: { id: string }) => x.id === e.id);
    expect(
      student.flatMap((s: { classEnrollments: { id: string }[] }) => s.classEnrollments).map((x: { id: string }) => x.id),
    ).not.toContain(e.id);
    expect(shown).toMatchObject({ status: 'cancelled', refundedAmount: 40, refunds: [{ amount: 40, source: 'admin' }] });
    expect((await w.a.http.get(`/api/students/class/${e.classId}`).set(org.auth).query({ organizationId: org.orgId })).body.data).toEqual(
      [],
    );
    // The charge.refunded that follows is the same refund.
    const event = await waitFor(
      async () => w.stand.events.find((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === e.pi),
      (x) => x !== undefined,
    );
    await deliver(w.a, event as StandInEvent).expect(200);
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM refunds WHERE enrollment_id = $1', [e.id]))[0].n).toBe(1);
    // One refund notice for the one refund, however many requests and webhooks told of it.
    const [refund] = await w.a.db.query('SELECT stripe_refund_id FROM refunds WHERE enrollment_id = $1', [e.id]);
    const notices = await w.a.db.query("SELECT dedupe_key FROM communications WHERE organization_id = $1 AND kind = 'refund'", [org.orgId]);
    expect(notices).toEqual([{ dedupe_key: `refund:${refund.stripe_refund_id}:email` }]);
  });

  it('should cancel without a refund, or with a chosen amount up to what is left', async () => {
    const none = await paid(10 * DAY);
    const r1 = await w.a.http.post(`/api/enrollments/${none.id}/cancel`).set(org.auth).send({ refund: false }).expect(200);
    expect(r1.body.data).toMatchObject({ status: 'cancelled', refundedAmount: 0, refund: null });
    // The admin form sends the student back as it read it (with the cancelled enrollment): nothing is re-enrolled.
    const [{ student_id: sid }] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [none.id]);
    const record = (await w.a.http.get(`/api/students/${sid}`).set(org.auth).expect(200)).body.data;
    expect(record.classEnrollments).toEqual([]);
    expect(record.pastEnrollments).toMatchObject([{ id: none.id, status: 'cancelled', refundedAmount: 0 }]);
    const { id: _id, organizationId: _o, registrationDate: _r, createdAt: _c, updatedAt: _u, ...editable } = record;
    await w.a.http.put(`/api/students/${sid}`).set(org.auth).send(editable).expect(200);
    expect(await seatsTaken(w.a, none.classId)).toBe(0);
    expect((await w.a.db.query('SELECT count(*)::int AS n FROM enrollments WHERE student_id = $1', [sid]))[0].n).toBe(1);

    const chosen = await paid(10 * DAY);
    const tooMuch = await w.a.http.post(`/api/enrollments/${chosen.id}/cancel`).set(org.auth).send({ amount: 80.01 }).expect(409);
    expect(tooMuch.body.error).toBe('At most $80.00 can be refunded (paid $80.00, refunded $0.00).');
    expect(await enrollmentRow(w.a, chosen.id)).toMatchObject({ status: 'active', refunded_cents: 0 });
    const r2 = await w.a.http.post(`/api/enrollments/${chosen.id}/cancel`).set(org.auth).send({ amount: 12.34 }).expect(200);
    expect(r2.body.data).toMatchObject({ status: 'cancelled', refundedAmount: 12.34, refund: { amount: 12.34 } });

    // In person: cancelled, nothing refunded through Stripe; refund: true is refused.
    const cls = await cardClass(w.a, org);
    const reg = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    const id = reg.body.data.classEnrollments[0].id;
    await w.a.http.post(`/api/enrollments/${id}/cancel`).set(org.auth).send({ refund: true }).expect(409);
    expect((await w.a.http.post(`/api/enrollments/${id}/cancel`).set(org.auth).send({}).expect(200)).body.data).toMatchObject({
      status: 'cancelled',
      paymentMethod: 'in-person',
      refund: null,
    });
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    // A cancelled student may register again.
    await w.a.http
      .post('/api/students/register')
      .send({ ...registerBody(org.orgId, cls.id), email: reg.body.data.email })
      .expect(201);
  });

  it('should cancel an open hold, free its seat and cancel its PaymentIntent', async () => {
    const cls = await cardClass(w.a, org);
    const d = (await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201)).body.data;
    const r = await w.a.http.post(`/api/enrollments/${d.enrollmentId}/cancel`).set(org.auth).send({}).expect(200);
    expect(r.body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'pending', refund: null });
    expect(await seatsTaken(w.a, cls.id)).toBe(0);
    expect(w.stand.state.objects.get(d.paymentIntentId)!.status).toBe('canceled');
  });

  it('should refund without cancelling, never more than paid minus refunded, replaying a repeated Idempotency-Key', async () => {
    const e = await paid(10 * DAY);
    const key = 'refund-click-1';
    const first = await w.a.http
      .post(`/api/enrollments/${e.id}/refund`)
      .set(org.auth)
      .set('Idempotency-Key', key)
      .send({ amount: 30 })
      .expect(200);
    const again = await w.a.http
      .post(`/api/enrollments/${e.id}/refund`)
      .set(org.auth)
      .set('Idempotency-Key', key)
      .send({ amount: 30 })
      .expect(200);
    expect(again.body.data.refund.id).toBe(first.body.data.refund.id);
    expect(again.body.data).toMatchObject({ status: 'active', refundedAmount: 30 });
    const over = await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(org.auth).send({ amount: 50.01 }).expect(409);
    expect(over.body.error).toBe('At most $50.00 can be refunded (paid $80.00, refunded $30.00).');
    const rest = await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(org.auth).send({}).expect(200);
    expect(rest.body.data).toMatchObject({ refundedAmount: 80, refund: { amount: 50 } });
    expect((await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(org.auth).send({}).expect(409)).body.error).toBe(
      'This payment has already been refunded in full.',
    );
    expect(await enrollmentRow(w.a, e.id)).toMatchObject({ status: 'active', refunded_cents: 8000 });
    expect(await seatsTaken(w.a, e.classId)).toBe(1);
  });

  it('should record a refund made in the Stripe dashboard once per refund id', async () => {
    const e = await paid(10 * DAY);
    await dashboardRefund(w.stand.state, e.pi, 2500);
    const event = await waitFor(
      async () => w.stand.events.find((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === e.pi),
      (x) => x !== undefined,
    );
    await Promise.all([deliver(w.a, event!), deliver(w.a, event!), deliver(w.a, { ...event!, id: `${event!.id}_b` })]);
    expect(await enrollmentRow(w.a, e.id)).toMatchObject({ refunded_cents: 2500, status: 'active' });
    const rows = await w.a.db.query('SELECT amount_cents, source FROM refunds WHERE enrollment_id = $1', [e.id]);
    expect(rows).toEqual([{ amount_cents: 2500, source: 'stripe_dashboard' }]);
    expect((await quote(e.id).expect(200)).body.data).toMatchObject({ refundedAmount: 25, refundableAmount: 55, refundAmount: 55 });
    // A charge.refunded naming another enrollment in its metadata is ignored.
    await dashboardRefund(w.stand.state, e.pi, 500);
    const second = w.stand.events.filter((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === e.pi).at(-1)!;
    const forged = structuredClone(second);
    forged.id = `${second.id}_forged`;
    (forged.data.object.metadata as Record<string, string>).enrollmentId = '00000000-0000-4000-8000-000000000000';
    await deliver(w.a, forged).expect(200);
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(2500);
    await deliver(w.a, second).expect(200);
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(3000);
  });

  /** The stand-in's events about one refund (refund.created names it; charge.refunded only its payment). */
  async function eventsOf(pi: string, refundId: string) {
    return waitFor(
      async () => ({
        created: w.stand.events.find((x) => x.type === 'refund.created' && x.data.object.id === refundId),
        refunded: w.stand.events.filter((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === pi).at(-1),
      }),
      (x) => x.created !== undefined && x.refunded !== undefined,
    ) as Promise<{ created: StandInEvent; refunded: StandInEvent }>;
  }
  const refundRows = (id: string) =>
    w.a.db.query('SELECT amount_cents, status, source, stripe_refund_id FROM refunds WHERE enrollment_id = $1 ORDER BY created_at', [id]);
  const refundNotices = (refundId: string) =>
    w.a.db.query("SELECT dedupe_key FROM communications WHERE organization_id = $1 AND kind = 'refund' AND dedupe_key LIKE $2", [
      org.orgId,
      `refund:${refundId}:%`,
    ]);
  const refundListCalls = (from: number, pi: string) =>
    w.stand.requests.slice(from).filter((r) => r.method === 'GET' && r.path === '/v1/refunds' && r.query.get('payment_intent') === pi);

  it('should read a dashboard refund from refunds.list, as the charge in its events carries no refunds (API 2022-11-15 and later)', async () => {
    const e = await paid(10 * DAY);
    const re = await dashboardRefund(w.stand.state, e.pi, 1500);
    const { created, refunded } = await eventsOf(e.pi, re.id);
    // The shapes of the pinned SDK's API version: no refunds on a Charge unless expanded, never in an event.
    expect(refunded.data.object).not.toHaveProperty('refunds');
    expect(refunded.data.object).toMatchObject({ object: 'charge', amount_refunded: 1500, payment_intent: e.pi });
    const sdk = new Stripe('sk_test_shapes', stripeConnectionOptions(w.stand.url));
    const plain = await sdk.paymentIntents.retrieve(e.pi, { expand: ['latest_charge'] });
    expect(plain.latest_charge).not.toHaveProperty('refunds');
    const expanded = await sdk.paymentIntents.retrieve(e.pi, { expand: ['latest_charge.refunds'] });
    expect((expanded.latest_charge as Stripe.Charge).refunds?.data.map((r) => r.id)).toEqual([re.id]);
    const listed = await sdk.refunds.list({ payment_intent: e.pi });
    expect(listed).toMatchObject({
      object: 'list',
      url: '/v1/refunds',
      has_more: false,
      data: [{ id: re.id, amount: 1500, status: 'succeeded' }],
    });

    // refund.created alone records it (read from refunds.list); charge.refunded after it changes nothing.
    const before = w.stand.requests.length;
    await deliver(w.a, created).expect(200);
    expect(refundListCalls(before, e.pi)).toHaveLength(1);
    expect(await enrollmentRow(w.a, e.id)).toMatchObject({ refunded_cents: 1500, status: 'active' });
    await Promise.all([deliver(w.a, refunded), deliver(w.a, { ...refunded, id: `${refunded.id}_again` })]);
    expect(await refundRows(e.id)).toEqual([
      { amount_cents: 1500, status: 'succeeded', source: 'stripe_dashboard', stripe_refund_id: re.id },
    ]);
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(1500);
    expect(await refundNotices(re.id)).toHaveLength(1);
    // The admin's view and the revenue report show it.
    const shown = (await w.a.http.get(`/api/enrollments/${e.id}/refund-quote`).set(org.auth).expect(200)).body.data;
    expect(shown).toMatchObject({ refundedAmount: 15, refundableAmount: 65 });
  });

  it('should record a pending dashboard refund only once it succeeds, found by the job that lists its refunds again', async () => {
    const e = await paid(10 * DAY);
    const jobs = w.a.app.get(PaymentsJobs);
    const re = await dashboardRefund(w.stand.state, e.pi, 2000, 'pending');
    const { created, refunded } = await eventsOf(e.pi, re.id);
    await Promise.all([deliver(w.a, created), deliver(w.a, refunded)]);
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(0);
    expect(await refundRows(e.id)).toEqual([]);
    const checks = () => w.a.db.query('SELECT check_after, attempts FROM refund_checks WHERE payment_intent_id = $1', [e.pi]);
    expect(await checks()).toHaveLength(1);
    // Looked at again when due: still pending, so nothing yet, and the next look is later.
    const hour = Date.now() + 3600_000;
    await jobs.followUpRefunds(new Date(hour));
    expect(await refundRows(e.id)).toEqual([]);
    const [again] = await checks();
    expect(again.attempts).toBe(1);
    expect(new Date(again.check_after).getTime()).toBeGreaterThan(hour);
    // It succeeds at Stripe. Stripe tells with refund.updated / charge.refund.updated, which the contract does not
    // subscribe to (stored, answered 200, nothing done); the job's next look records it, once.
    await setRefundStatus(w.stand.state, re.id, 'succeeded');
    for (const type of ['charge.refund.updated', 'refund.updated'])
      await deliver(w.a, w.stand.events.filter((x) => x.type === type && x.data.object.id === re.id).at(-1)!).expect(200);
    expect(await refundRows(e.id)).toEqual([]);
    const day = Date.now() + 24 * 3600_000;
    await jobs.followUpRefunds(new Date(day));
    await jobs.followUpRefunds(new Date(day + 3600_000));
    expect(await refundRows(e.id)).toEqual([
      { amount_cents: 2000, status: 'succeeded', source: 'stripe_dashboard', stripe_refund_id: re.id },
    ]);
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(2000);
    expect(await refundNotices(re.id)).toHaveLength(1);
    expect(await checks()).toEqual([]);
    // The events delivered again change nothing.
    await deliver(w.a, { ...created, id: `${created.id}_late` }).expect(200);
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(2000);
  });

  it('should stop counting a recorded refund that fails at Stripe later, once, when the payment is next looked at', async () => {
    const e = await paid(10 * DAY);
    const re = await dashboardRefund(w.stand.state, e.pi, 3000);
    await deliver(w.a, (await eventsOf(e.pi, re.id)).refunded).expect(200);
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(3000);
    // The card cannot take the money back: the refund fails and the money stays with the organization.
    await setRefundStatus(w.stand.state, re.id, 'failed');
    // The next refund of the payment (here the admin's, through the app) has its events read the whole list again.
    const admin = await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(org.auth).send({ amount: 10 }).expect(200);
    expect(admin.body.data.refundedAmount).toBe(40);
    const adminRefund = admin.body.data.refund.id as string;
    const [{ stripe_refund_id: second }] = await w.a.db.query('SELECT stripe_refund_id FROM refunds WHERE id = $1', [adminRefund]);
    const { created, refunded } = await eventsOf(e.pi, second);
    await Promise.all([deliver(w.a, created), deliver(w.a, refunded), deliver(w.a, { ...refunded, id: `${refunded.id}_b` })]);
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(1000);
    expect((await refundRows(e.id)).map((r: { amount_cents: number; status: string }) => [r.amount_cents, r.status])).toEqual([
      [3000, 'failed'],
      [1000, 'succeeded'],
    ]);
    expect((await quote(e.id).expect(200)).body.data).toMatchObject({ refundedAmount: 10, refundableAmount: 70 });
  });

  it("should count a refund once when the app's transaction died after Stripe refunded and its events recorded it first", async () => {
    const e = await paid(10 * DAY);
    const key = 'refund-whose-answer-was-lost';
    w.stand.state.loseReply = (req) => req.method === 'POST' && req.path === '/v1/refunds';
    try {
      await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(org.auth).set('Idempotency-Key', key).send({ amount: 20 }).expect(502);
    } finally {
      w.stand.state.loseReply = null;
    }
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(0);
    // Stripe did refund: its events record it against the enrollment its metadata names, as the admin's.
    const re = [...w.stand.state.objects.values()].find((o) => o.object === 'refund' && o.payment_intent === e.pi)!;
    await deliver(w.a, (await eventsOf(e.pi, re.id)).refunded).expect(200);
    expect(await refundRows(e.id)).toEqual([{ amount_cents: 2000, status: 'succeeded', source: 'admin', stripe_refund_id: re.id }]);
    // The admin tries again with the same key: Stripe answers the same refund, which is not counted twice.
    const retry = await w.a.http
      .post(`/api/enrollments/${e.id}/refund`)
      .set(org.auth)
      .set('Idempotency-Key', key)
      .send({ amount: 20 })
      .expect(200);
    expect(retry.body.data).toMatchObject({ refundedAmount: 20, refund: { amount: 20 } });
    expect((await enrollmentRow(w.a, e.id)).refunded_cents).toBe(2000);
    expect(await refundRows(e.id)).toHaveLength(1);
    expect(await refundNotices(re.id)).toHaveLength(1);
  });

  it("should keep every new route to the caller's organization and its admins", async () => {
    const e = await paid(10 * DAY);
    const other = await cardOrg(w.a);
    const before = await enrollmentRow(w.a, e.id);
    expect((await quote(e.id, other.auth).expect(404)).body.error).toBe('Enrollment not found');
    await w.a.http.post(`/api/enrollments/${e.id}/cancel`).set(other.auth).send({}).expect(404);
    await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(other.auth).send({ amount: 1 }).expect(404);
    const teacher = await createTeacher(w.a, org);
    await quote(e.id, teacher.auth).expect(403);
    await w.a.http.post(`/api/enrollments/${e.id}/cancel`).set(teacher.auth).send({}).expect(403);
    await w.a.http.post(`/api/enrollments/${e.id}/refund`).set(teacher.auth).send({}).expect(403);
    await w.a.http.get(`/api/enrollments/${e.id}/refund-quote`).expect(401);
    await w.a.http.post(`/api/enrollments/${e.id}/cancel`).send({}).expect(401);
    expect(await enrollmentRow(w.a, e.id)).toEqual(before);
    expect(await seatsTaken(w.a, e.classId)).toBe(1);
    // Public card routes: another organization's class with this organization's id is not found, nothing held.
    const theirs = await cardClass(w.a, other);
    const r = await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, theirs.id)).expect(404);
    expect(r.body.error).toContain('not found');
    expect(await seatsTaken(w.a, theirs.id)).toBe(0);
  });

  it('should reply as the OpenAPI document says on every card payment route', async () => {
    const doc = (await w.a.http.get('/api/docs-json').expect(200)).body as Document;
    const problems: string[] = [];
    const check = (res: { status: number; body: unknown }, method: string, template: string) => {
      const schema = doc.paths[template]?.[method]?.responses?.[String(res.status)]?.content?.['application/json']?.schema;
      if (!schema) problems.push(`${method} ${template}: status ${res.status} is not documented`);
      else problems.push(...mismatches(doc, schema, res.body, `${method} ${template} ${res.status}`));
    };
    const cls = await cardClass(w.a, org, { startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const body = intentBody(org.orgId, cls.id);
    const created = await w.a.http.post('/api/payments/create-intent').send(body).expect(201);
    check(created, 'post', '/api/payments/create-intent');
    const d = created.body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const confirmed = await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    check(confirmed, 'post', '/api/payments/confirm-enrollment');
    check(await quote(d.enrollmentId).expect(200), 'get', '/api/enrollments/{id}/refund-quote');
    check(
      await w.a.http.post(`/api/enrollments/${d.enrollmentId}/refund`).set(org.auth).send({ amount: 10 }).expect(200),
      'post',
      '/api/enrollments/{id}/refund',
    );
    check(
      await w.a.http.post(`/api/enrollments/${d.enrollmentId}/cancel`).set(org.auth).send({}).expect(200),
      'post',
      '/api/enrollments/{id}/cancel',
    );
    check(await w.a.http.get('/api/students').set(org.auth).expect(200), 'get', '/api/students');
    expect(problems).toEqual([]);
  });

  it('should refuse to delete a card enrollment or its student, so the money trail is kept', async () => {
    const e = await paid(10 * DAY);
    const [{ student_id: studentId }] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [e.id]);
    const r1 = await w.a.http.delete(`/api/students/${studentId}/enrollments/${e.classId}`).set(org.auth).expect(409);
    expect(r1.body.error).toContain('Cancel it');
    await w.a.http.delete(`/api/students/${studentId}`).set(org.auth).expect(409);
    expect((await enrollmentRow(w.a, e.id)).status).toBe('active');
  });
});
