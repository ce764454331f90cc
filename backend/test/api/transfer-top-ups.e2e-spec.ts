import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PDFParse } from 'pdf-parse';
import { registerBody } from '../fixtures/org.fixture';
import { TopUpsService } from '../../src/modules/payments/top-ups.service';
import { dashboardRefund } from '../stand-ins/stripe.stand-in';
import {
  cardClass,
  cardOrg,
  deliver,
  intentBody,
  payInBrowser,
  seatsTaken,
  startCardWorld,
  waitFor,
  type CardWorld,
} from './card-payments.helpers';

const DAY = 24 * 3600 * 1000;
const POLICY = [{ daysBeforeClass: 7, refundPercentage: 100 }];

/** A card-paid registration switching to a dearer class: the difference paid by card through a held seat. */
describe('switching to a dearer class (the difference paid by card)', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: Awaited<ReturnType<typeof cardOrg>>;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await cardOrg(w.a);
    for (const o of [org, other])
      await w.a.db.query(`UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb) WHERE id = $1`, [
        o.orgId,
        JSON.stringify(POLICY),
      ]);
  });
  afterAll(async () => {
    await w.close();
  });

  /** A paid $80 card registration of a new student in a new class starting in 10 days, and its portal header. */
  async function paid(o = org) {
    const cls = await cardClass(w.a, o, { title: 'Pottery I', startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const body = intentBody(o.orgId, cls.id, 80, { firstName: 'Maya', lastName: 'Lin' });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: cls.id, organizationId: o.orgId, studentData: body.studentData })
      .expect(200);
    const email = body.studentData.email as string;
    await w.a.http.post('/api/portal/link').send({ organizationId: o.orgId, email }).expect(202);
    const [mail] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC LIMIT 1",
      [email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    const s = await w.a.http.post('/api/portal/session').send({ token }).expect(200);
    return {
      id: d.enrollmentId as string,
      pi: d.paymentIntentId as string,
      classId: cls.id,
      portal: { Authorization: `Bearer ${s.body.data.token}` },
    };
  }

  const dearerClass = (o = org, extra: Record<string, unknown> = {}) =>
    cardClass(w.a, o, {
      title: 'Pottery Pro',
      price: 120,
      discountPrice: null,
      startDate: new Date(Date.now() + 11 * DAY).toISOString(),
      ...extra,
    });

  const start = (e: Awaited<ReturnType<typeof paid>>, toClassId: string, amount = 40) =>
    w.a.http.post(`/api/portal/enrollments/${e.id}/transfer/payment-intent`).set(e.portal).send({ toClassId, amount });

  const row = async (id: string) =>
    (
      await w.a.db.query(
        'SELECT class_id, status, amount_paid_cents, amount_due_cents, platform_fee_cents, refunded_cents, price_breakdown FROM enrollments WHERE id = $1',
        [id],
      )
    )[0];
  const topUps = (id: string) =>
    w.a.db.query(
      'SELECT status, amount_cents, stripe_payment_intent_id FROM enrollment_top_ups WHERE enrollment_id = $1 ORDER BY created_at',
      [id],
    );
  const succeeded = (pi: string) => w.stand.events.find((ev) => ev.type === 'payment_intent.succeeded' && ev.data.object.id === pi)!;

  it('should hold the seat, charge exactly the difference and switch when the payment is confirmed, once even when the webhook follows', async () => {
    const e = await paid();
    const dearer = await dearerClass();
    const options = (await w.a.http.get(`/api/portal/enrollments/${e.id}/transfer-options`).set(e.portal).expect(200)).body.data;
    expect(options.find((o: { id: string }) => o.id === dearer.id)).toMatchObject({
      priceDifference: 40,
      available: true,
      needsPayment: true,
    });
    // The plain switch tells the page to take the payment first.
    const plain = await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(e.portal).send({ toClassId: dearer.id }).expect(409);
    expect(plain.body).toMatchObject({ code: 'TRANSFER_NEEDS_PAYMENT', differenceAmount: 40 });
    // A tampered amount is refused and holds nothing.
    const tampered = await start(e, dearer.id, 1).expect(409);
    expect(tampered.body.error).toContain('The difference is $40.00, not $1.00');
    expect(await seatsTaken(w.a, dearer.id)).toBe(0);

    const before = w.stand.requests.length;
    const d = (await start(e, dearer.id).expect(201)).body.data;
    expect(d).toMatchObject({
      amount: 40,
      classId: dearer.id,
      className: 'Pottery Pro',
      clientSecret: expect.stringContaining('_secret_'),
    });
    expect(new Date(d.holdExpiresAt).getTime()).toBeGreaterThan(Date.now());
    const create = w.stand.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    expect(create).toHaveLength(1);
    expect(create[0].body).toMatchObject({
      amount: '4000',
      currency: 'usd',
      application_fee_amount: '120',
      transfer_data: { destination: org.account },
      metadata: { organizationId: org.orgId, classId: dearer.id, enrollmentId: e.id, topUpId: d.topUpId },
    });
    // Asking again answers the same hold and intent.
    expect((await start(e, dearer.id).expect(201)).body.data.paymentIntentId).toBe(d.paymentIntentId);
    // Both seats are taken while the payment is open; the registration has not moved.
    expect([await seatsTaken(w.a, e.classId), await seatsTaken(w.a, dearer.id)]).toEqual([1, 1]);
    expect((await row(e.id)).class_id).toBe(e.classId);
    // Not paid yet: confirm refuses and nothing changes.
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(409);

    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const moved = await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(200);
    expect(moved.body.data).toMatchObject({ id: e.id, status: 'active', classId: dearer.id, className: 'Pottery Pro', amountPaid: 120 });
    // The webhook after the confirm, and the confirm again: nothing more.
    expect((await deliver(w.a, succeeded(d.paymentIntentId)).expect(200)).body.data.status).toBe('processed');
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(200);
    expect([await seatsTaken(w.a, e.classId), await seatsTaken(w.a, dearer.id)]).toEqual([0, 1]);
    const r = await row(e.id);
    expect(r).toMatchObject({
      class_id: dearer.id,
      status: 'active',
      amount_paid_cents: 12000,
      amount_due_cents: 12000,
      platform_fee_cents: 240 + 120,
    });
    expect(r.price_breakdown).toEqual([{ label: 'Class price', amount: 120 }]);
    expect(await topUps(e.id)).toEqual([{ status: 'completed', amount_cents: 4000, stripe_payment_intent_id: d.paymentIntentId }]);
    const events = await w.a.db.query(
      "SELECT event_type, description FROM activity_events WHERE metadata->>'enrollmentId' = $1 AND event_type IN ('enrollment_transferred', 'payment_received') ORDER BY event_type",
      [e.id],
    );
    expect(events.filter((x: { description: string }) => x.description.includes('$40.00'))).toEqual([
      { event_type: 'enrollment_transferred', description: 'Maya Lin switched from Pottery I to Pottery Pro (paid $40.00 more)' },
      { event_type: 'payment_received', description: 'Maya Lin paid $40.00 by card for Pottery Pro' },
    ]);
    // One receipt for the second payment.
    const receipts = await w.a.db.query(
      "SELECT count(*)::int AS n FROM communications WHERE kind = 'receipt' AND organization_id = $1 AND message LIKE '%Pottery Pro%'",
      [org.orgId],
    );
    expect(receipts[0].n).toBe(1);
    // The student's receipt lists both payments with their own transactions, adding up to what was paid.
    const pdf = await w.a.http.get(`/api/portal/enrollments/${e.id}/receipt`).set(e.portal).buffer(true).expect(200);
    const { text } = await new PDFParse({ data: new Uint8Array(pdf.body as Buffer) }).getText();
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Class: Pottery Pro');
    expect(flat).toContain('Amount paid: $120.00');
    expect(flat).toContain(`Transaction: ${e.pi} ($80.00)`);
    expect(flat).toMatch(new RegExp(`Class switch payment \\d{4}-\\d{2}-\\d{2}: \\$40\\.00 ${d.paymentIntentId}`));
  });

  it('should switch once when the webhook comes first and the confirm follows', async () => {
    const e = await paid();
    const dearer = await dearerClass();
    const d = (await start(e, dearer.id).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const event = succeeded(d.paymentIntentId);
    // The same event twice at once, then the browser's confirm.
    const [one, two] = await Promise.all([deliver(w.a, event), deliver(w.a, event)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect((await row(e.id)).class_id).toBe(dearer.id);
    const confirmed = await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(200);
    expect(confirmed.body.data).toMatchObject({ classId: dearer.id, amountPaid: 120 });
    expect((await row(e.id)).amount_paid_cents).toBe(12000);
    expect([await seatsTaken(w.a, e.classId), await seatsTaken(w.a, dearer.id)]).toEqual([0, 1]);
    const paidEvents = await w.a.db.query(
      "SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'payment_received' AND metadata->>'paymentIntentId' = $1",
      [d.paymentIntentId],
    );
    expect(paidEvents[0].n).toBe(1);
  });

  it('should free the held seat and keep the registration where it was when the hold lapses or is abandoned', async () => {
    const e = await paid();
    const dearer = await dearerClass();
    const d = (await start(e, dearer.id).expect(201)).body.data;
    await w.a.db.query("UPDATE enrollment_top_ups SET hold_expires_at = now() - interval '1 second' WHERE id = $1", [d.topUpId]);
    const before = w.stand.requests.length;
    // Two job runs at once (two instances): the hold ends once.
    const runs = await Promise.all([w.a.app.get(TopUpsService).expireHolds(), w.a.app.get(TopUpsService).expireHolds()]);
    expect(runs.reduce((n, x) => n + x, 0)).toBe(1);
    expect([await seatsTaken(w.a, e.classId), await seatsTaken(w.a, dearer.id)]).toEqual([1, 0]);
    expect(await row(e.id)).toMatchObject({ class_id: e.classId, amount_paid_cents: 8000 });
    expect((await topUps(e.id))[0].status).toBe('expired');
    expect(w.stand.requests.slice(before).filter((r) => r.path === `/v1/payment_intents/${d.paymentIntentId}/cancel`)).toHaveLength(1);
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(409);

    // Abandoned: the student steps back; the seat is free at once.
    const again = (await start(e, dearer.id).expect(201)).body.data;
    expect(again.paymentIntentId).not.toBe(d.paymentIntentId);
    expect(await seatsTaken(w.a, dearer.id)).toBe(1);
    expect((await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer/abandon`).set(e.portal).expect(200)).body.data).toEqual({
      released: true,
    });
    expect(await seatsTaken(w.a, dearer.id)).toBe(0);
    expect((await row(e.id)).class_id).toBe(e.classId);
  });

  it('should refund in full a difference paid after the held seat went to someone else', async () => {
    const e = await paid();
    const dearer = await dearerClass(org, { maxStudents: 1 });
    const d = (await start(e, dearer.id).expect(201)).body.data;
    await w.a.db.query("UPDATE enrollment_top_ups SET hold_expires_at = now() - interval '1 second' WHERE id = $1", [d.topUpId]);
    await w.a.app.get(TopUpsService).expireHolds();
    await w.a.http.post('/api/students/register').send(registerBody(org.orgId, dearer.id)).expect(201);
    // The intent was cancelled, but a payment already under way may still succeed (the stand-in lets it here).
    w.stand.state.objects.get(d.paymentIntentId)!.status = 'requires_payment_method';
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    const before = w.stand.requests.length;
    const late = await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(409);
    expect(late.body.error).toContain('has been refunded in full');
    const refunds = w.stand.requests.slice(before).filter((r) => r.path === '/v1/refunds');
    expect(refunds.map((r) => [r.body.payment_intent, r.body.amount])).toEqual([[d.paymentIntentId, '4000']]);
    expect(await row(e.id)).toMatchObject({ class_id: e.classId, amount_paid_cents: 8000, refunded_cents: 0 });
    expect(await seatsTaken(w.a, dearer.id)).toBe(1);
    expect(await seatsTaken(w.a, e.classId)).toBe(1);
  });

  it("should never oversell the last seat when a switch's hold races a new registration", async () => {
    for (let round = 0; round < 4; round++) {
      const e = await paid();
      const last = await dearerClass(org, { title: `Last seat ${round}`, maxStudents: 1 });
      const [hold, reg] = await Promise.all([
        start(e, last.id),
        w.a.http.post('/api/students/register').send(registerBody(org.orgId, last.id)),
      ]);
      expect([hold.status === 201, reg.status === 201].filter(Boolean)).toHaveLength(1);
      expect(hold.status === 201 ? reg.status : hold.status).toBe(409);
      expect(await seatsTaken(w.a, last.id)).toBe(1);
      expect(await seatsTaken(w.a, e.classId)).toBe(1);
      expect((await row(e.id)).class_id).toBe(e.classId);
    }
  });

  it('should refund both payments exactly once, newest first, when the registration is cancelled after the switch', async () => {
    const e = await paid();
    const dearer = await dearerClass();
    const d = (await start(e, dearer.id).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(200);
    const before = w.stand.requests.length;
    const [a, b] = await Promise.all([
      w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(e.portal),
      w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(e.portal),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const made = w.stand.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(made.map((r) => [r.body.payment_intent, r.body.amount])).toEqual([
      [d.paymentIntentId, '4000'],
      [e.pi, '8000'],
    ]);
    expect(new Set(made.map((r) => r.idempotencyKey)).size).toBe(2);
    expect([a, b].map((x) => x.body.data.refund?.amount ?? null).sort()).toEqual([120, null]);
    expect(await row(e.id)).toMatchObject({ status: 'cancelled', amount_paid_cents: 12000, refunded_cents: 12000 });
    const recorded = await w.a.db.query(
      'SELECT amount_cents, payment_intent_id FROM refunds WHERE enrollment_id = $1 ORDER BY amount_cents',
      [e.id],
    );
    expect(recorded).toEqual([
      { amount_cents: 4000, payment_intent_id: d.paymentIntentId },
      { amount_cents: 8000, payment_intent_id: e.pi },
    ]);
    const view = (await w.a.http.get('/api/portal/registrations').set(e.portal).expect(200)).body.data.enrollments[0];
    expect(view.refunds.map((r: { amount: number }) => r.amount).sort()).toEqual([40, 80]);
    expect(await seatsTaken(w.a, dearer.id)).toBe(0);
  });

  it("should refuse another student's, another organization's and an admin's requests", async () => {
    const e = await paid();
    const stranger = await paid();
    const dearer = await dearerClass();
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/payment-intent`)
      .set(stranger.portal)
      .send({ toClassId: dearer.id, amount: 40 })
      .expect(404);
    const foreign = await dearerClass(other);
    await start(e, foreign.id).expect(404);
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/payment-intent`)
      .set(org.auth)
      .send({ toClassId: dearer.id, amount: 40 })
      .expect(401);
    await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer/payment-intent`).send({ toClassId: dearer.id, amount: 40 }).expect(401);
    const d = (await start(e, dearer.id).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    // Someone else cannot confirm it, nor pass it off as the payment of their own registration.
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(stranger.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(404);
    await w.a.http
      .post(`/api/portal/enrollments/${stranger.id}/transfer/confirm`)
      .set(stranger.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(404);
    await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer/abandon`).set(stranger.portal).expect(404);
    expect((await row(stranger.id)).class_id).toBe(stranger.classId);
    // Bad input is a readable 400.
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/payment-intent`)
      .set(e.portal)
      .send({ toClassId: dearer.id, amount: 'lots' })
      .expect(400);
    await w.a.http.post(`/api/portal/enrollments/${e.id}/transfer/confirm`).set(e.portal).send({ paymentIntentId: 'nope' }).expect(400);
  });

  it('should switch at once with the difference due in person when the organization allows it, collected exactly once at class', async () => {
    const e = await paid();
    const dearer = await dearerClass();
    const inPerson = () =>
      w.a.http.post(`/api/portal/enrollments/${e.id}/transfer`).set(e.portal).send({ toClassId: dearer.id, payDifferenceInPerson: true });
    // Off by default: the difference is paid by card.
    expect((await inPerson().expect(403)).body.error).toContain('takes the difference by card only');
    await w.a.http.put('/api/settings').set(org.auth).send({ selfServiceTransferDifferenceInPerson: true }).expect(200);
    try {
      const reg = (await w.a.http.get('/api/portal/registrations').set(e.portal).expect(200)).body.data;
      expect(reg.rules.selfServiceTransferDifferenceInPerson).toBe(true);
      const moved = (await inPerson().expect(200)).body.data;
      expect(moved).toMatchObject({ classId: dearer.id, amountPaid: 80, balanceDue: 40, refund: null });
      expect([await seatsTaken(w.a, e.classId), await seatsTaken(w.a, dearer.id)]).toEqual([0, 1]);
      const view = (await w.a.http.get('/api/portal/registrations').set(e.portal).expect(200)).body.data.enrollments[0];
      expect(view).toMatchObject({ class: { id: dearer.id }, amountPaid: 80, balanceDue: 40 });
      const [ev] = await w.a.db.query(
        "SELECT description FROM activity_events WHERE event_type = 'enrollment_transferred' AND metadata->>'enrollmentId' = $1",
        [e.id],
      );
      expect(ev.description).toBe('Maya Lin switched from Pottery I to Pottery Pro ($40.00 due in person)');
      const receiptText = async () => {
        const pdf = await w.a.http.get(`/api/portal/enrollments/${e.id}/receipt`).set(e.portal).buffer(true).expect(200);
        return (await new PDFParse({ data: new Uint8Array(pdf.body as Buffer) }).getText()).text.replace(/\s+/g, ' ');
      };
      expect(await receiptText()).toContain('Class switch difference due in person: $40.00');
      // The teacher's roll collects exactly the balance.
      const [session] = (await w.a.http.get(`/api/teacher/classes/${dearer.id}/sessions`).set(org.auth).expect(200)).body.data;
      const rollOf = async () =>
        (await w.a.http.get(`/api/teacher/classes/${dearer.id}/sessions/${session.date}`).set(org.auth).expect(200)).body.data;
      const roll = await rollOf();
      expect(roll.roll[0]).toMatchObject({ enrollmentId: e.id, paymentStatus: 'completed', amountDue: 40, balanceDue: 40 });
      expect(roll.totals).toMatchObject({ paid: 0, toCollect: 40 });
      // Mark-paid takes exactly the balance, once.
      const [{ student_id: studentId }] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [e.id]);
      await w.a.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId, classId: dearer.id }).expect(200);
      await w.a.http.post('/api/payments/mark-paid').set(org.auth).send({ studentId, classId: dearer.id }).expect(409);
      expect(await row(e.id)).toMatchObject({ amount_paid_cents: 12000, amount_due_cents: 12000, refunded_cents: 0 });
      expect((await rollOf()).totals).toMatchObject({ paid: 1, toCollect: 0 });
      const paidReceipt = await receiptText();
      expect(paidReceipt).toContain('Amount paid: $120.00');
      expect(paidReceipt).toContain(`Transaction: ${e.pi} ($80.00)`);
      expect(paidReceipt).toMatch(/Class switch difference paid in person \d{4}-\d{2}-\d{2}: \$40\.00/);
      expect(await w.a.db.query('SELECT method, status, amount_cents FROM enrollment_top_ups WHERE enrollment_id = $1', [e.id])).toEqual([
        { method: 'in_person', status: 'completed', amount_cents: 4000 },
      ]);
      // A full cancel refunds to the card only what the card paid; the cash is the organization's to settle.
      const before = w.stand.requests.length;
      await w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(e.portal).expect(200);
      const made = w.stand.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
      expect(made.map((r) => [r.body.payment_intent, r.body.amount])).toEqual([[e.pi, '8000']]);
    } finally {
      await w.a.http.put('/api/settings').set(org.auth).send({ selfServiceTransferDifferenceInPerson: false }).expect(200);
    }
  });

  it("should record a dashboard refund of the second payment against the registration and keep each payment's refundable part", async () => {
    const e = await paid();
    const dearer = await dearerClass();
    const d = (await start(e, dearer.id).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(200);
    await dashboardRefund(w.stand.state, d.paymentIntentId, 1500);
    const event = await waitFor(
      async () => w.stand.events.find((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === d.paymentIntentId),
      (x) => x !== undefined,
    );
    await Promise.all([deliver(w.a, event!).expect(200), deliver(w.a, event!).expect(200)]);
    expect((await row(e.id)).refunded_cents).toBe(1500);
    expect(await w.a.db.query('SELECT amount_cents, source, payment_intent_id FROM refunds WHERE enrollment_id = $1', [e.id])).toEqual([
      { amount_cents: 1500, source: 'stripe_dashboard', payment_intent_id: d.paymentIntentId },
    ]);
    // The full cancel takes what is left of each payment: $25 of the second, then the first in full.
    const before = w.stand.requests.length;
    await w.a.http.post(`/api/portal/enrollments/${e.id}/cancel`).set(e.portal).expect(200);
    const made = w.stand.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/v1/refunds');
    expect(made.map((r) => [r.body.payment_intent, r.body.amount])).toEqual([
      [d.paymentIntentId, '2500'],
      [e.pi, '8000'],
    ]);
    expect((await row(e.id)).refunded_cents).toBe(12000);
  });

  it('should keep only the latest difference due in person when a registration switches again, and none once it is cancelled', async () => {
    const e = await paid();
    const pro = await dearerClass();
    const master = await dearerClass(org, { title: 'Pottery Master', price: 140 });
    const cheaper = await dearerClass(org, { title: 'Pottery Thursday', price: 60 });
    const move = (toClassId: string, differenceInPerson = true) =>
      w.a.http.post(`/api/enrollments/${e.id}/transfer`).set(org.auth).send({ toClassId, differenceInPerson }).expect(200);
    const due = async () =>
      (await topUps(e.id)).filter((t: { status: string }) => t.status === 'due').map((t: { amount_cents: number }) => t.amount_cents);
    expect((await move(pro.id)).body.data.balanceDue).toBe(40);
    expect(await due()).toEqual([4000]);
    // Switching again: the difference is counted from what was paid, so the earlier one no longer stands.
    expect((await move(master.id)).body.data.balanceDue).toBe(60);
    expect(await due()).toEqual([6000]);
    // A cheaper class than what was paid: the card gets the difference back and nothing is left to collect.
    const back = (await move(cheaper.id, false)).body.data;
    expect(back).toMatchObject({ balanceDue: 0, refund: { amount: 20 } });
    expect(await due()).toEqual([]);
    await move(pro.id);
    expect(await due()).toEqual([6000]);
    // Paying a later switch by card brings what was paid up to the new class's price: the earlier difference goes.
    const d = (await start(e, master.id, 80).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post(`/api/portal/enrollments/${e.id}/transfer/confirm`)
      .set(e.portal)
      .send({ paymentIntentId: d.paymentIntentId })
      .expect(200);
    expect(await due()).toEqual([]);
    expect((await row(e.id)).class_id).toBe(master.id);
    const grand = await dearerClass(org, { title: 'Pottery Grand', price: 160 });
    expect((await move(grand.id)).body.data.balanceDue).toBe(20);
    expect(await due()).toEqual([2000]);
    await w.a.http.post(`/api/enrollments/${e.id}/cancel`).set(org.auth).send({ refund: false }).expect(200);
    expect(await due()).toEqual([]);
  });

  it("should let the organization's admin switch to a dearer class with the difference due in person", async () => {
    const e = await paid();
    const dearer = await dearerClass();
    const elsewhere = await dearerClass(other);
    // The admin's dialog lists the classes to switch to, each priced by the one price quote, with the difference.
    const options = (await w.a.http.get(`/api/enrollments/${e.id}/transfer-options`).set(org.auth).expect(200)).body.data;
    const ids = options.map((o: { id: string }) => o.id);
    expect(ids).toContain(dearer.id);
    expect(ids).not.toContain(e.classId);
    expect(ids).not.toContain(elsewhere.id);
    expect(options.find((o: { id: string }) => o.id === dearer.id)).toMatchObject({
      title: 'Pottery Pro',
      price: 120,
      priceDifference: 40,
      seatsLeft: expect.any(Number),
      needsPayment: true,
    });
    await w.a.http.get(`/api/enrollments/${e.id}/transfer-options`).set(other.auth).expect(404);
    await w.a.http.get(`/api/enrollments/${e.id}/transfer-options`).set(e.portal).expect(401);
    await w.a.http.get(`/api/enrollments/${e.id}/transfer-options`).expect(401);
    const move = (auth: Record<string, string>, body: Record<string, unknown>) =>
      w.a.http.post(`/api/enrollments/${e.id}/transfer`).set(auth).send(body);
    expect((await move(org.auth, { toClassId: dearer.id }).expect(409)).body).toMatchObject({
      code: 'TRANSFER_NEEDS_PAYMENT',
      differenceAmount: 40,
    });
    await move(other.auth, { toClassId: dearer.id, differenceInPerson: true }).expect(404);
    await move(e.portal, { toClassId: dearer.id, differenceInPerson: true }).expect(401);
    await move(org.auth, { toClassId: dearer.id, differenceInPerson: 'yes' }).expect(400);
    const moved = (await move(org.auth, { toClassId: dearer.id, differenceInPerson: true }).expect(200)).body.data;
    expect(moved).toMatchObject({ id: e.id, classId: dearer.id, className: 'Pottery Pro', amountPaid: 80, balanceDue: 40, refund: null });
    expect([await seatsTaken(w.a, e.classId), await seatsTaken(w.a, dearer.id)]).toEqual([0, 1]);
    const [ev] = await w.a.db.query(
      "SELECT description, metadata->>'source' AS source FROM activity_events WHERE event_type = 'enrollment_transferred' AND metadata->>'enrollmentId' = $1",
      [e.id],
    );
    expect(ev).toEqual({ description: 'Maya Lin switched from Pottery I to Pottery Pro ($40.00 due in person)', source: null });
    // The student record the admin's panel reads shows the new class with the balance to collect.
    const [{ student_id: studentId }] = await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [e.id]);
    const record = (await w.a.http.get(`/api/students/${studentId}`).set(org.auth).expect(200)).body.data;
    expect(record.classEnrollments.find((x: { id: string }) => x.id === e.id)).toMatchObject({
      classId: dearer.id,
      classTitle: 'Pottery Pro',
      balanceDue: 40,
    });
    // A registration that no longer holds a seat cannot be switched: nothing to list.
    await w.a.http.post(`/api/enrollments/${e.id}/cancel`).set(org.auth).send({ refund: false }).expect(200);
    await w.a.http.get(`/api/enrollments/${e.id}/transfer-options`).set(org.auth).expect(409);
  });
  it("should let the admin switch an in-person registration, due at the new class's quoted price, with no card payment or refund", async () => {
    const from = await cardClass(w.a, org, { title: 'Clay Basics', startDate: new Date(Date.now() + 10 * DAY).toISOString() });
    const dearer = await dearerClass(org, { title: 'Clay Wheel' });
    const cheaper = await dearerClass(org, { title: 'Clay Tiles', price: 60 });
    const reg = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, from.id)).expect(201);
    const studentId = reg.body.data.id as string;
    const [{ id }] = await w.a.db.query('SELECT id FROM enrollments WHERE student_id = $1 AND class_id = $2', [studentId, from.id]);
    // Nothing was paid, so no class needs a card payment first and none gives money back.
    const options = (await w.a.http.get(`/api/enrollments/${id}/transfer-options`).set(org.auth).expect(200)).body.data;
    expect(options.find((o: { id: string }) => o.id === dearer.id)).toMatchObject({ price: 120, needsPayment: false });
    const before = w.stand.requests.length;
    const moved = (await w.a.http.post(`/api/enrollments/${id}/transfer`).set(org.auth).send({ toClassId: dearer.id }).expect(200)).body
      .data;
    expect(moved).toMatchObject({ id, classId: dearer.id, className: 'Clay Wheel', amountPaid: 0, balanceDue: 0, refund: null });
    const record = async () =>
      (await w.a.http.get(`/api/students/${studentId}`).set(org.auth).expect(200)).body.data.classEnrollments.find(
        (x: { id: string }) => x.id === id,
      );
    // The person owes the new class's quoted price in person, as for any in-person registration.
    expect(await record()).toMatchObject({ classId: dearer.id, paymentMethod: 'in-person', paymentStatus: 'pending', amountDue: 120 });
    await w.a.http.post(`/api/enrollments/${id}/transfer`).set(org.auth).send({ toClassId: cheaper.id }).expect(200);
    expect(await record()).toMatchObject({ classId: cheaper.id, amountDue: 60 });
    expect([await seatsTaken(w.a, from.id), await seatsTaken(w.a, dearer.id), await seatsTaken(w.a, cheaper.id)]).toEqual([0, 0, 1]);
    // Not a single call to Stripe: no intent, no refund.
    expect(w.stand.requests.slice(before).filter((r) => r.method === 'POST')).toEqual([]);
    expect(await topUps(id)).toEqual([]);
  });
});
