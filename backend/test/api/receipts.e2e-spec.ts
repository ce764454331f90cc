import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dashboardRefund } from '../stand-ins/stripe.stand-in';
import { PaymentEventHooks } from '../../src/modules/webhooks/payment-event.hooks';
import { createClass, createTeacher } from '../fixtures/org.fixture';
import { cardOrg, deliver, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';
import { binary, cardPaid, householdCardPaid, inPersonSeat, markPaid, pdfText, stored } from './receipts.helpers';

const YEAR = new Date().getUTCFullYear();
const R = (n: number) => `R-${YEAR}-${String(n).padStart(6, '0')}`;
const CN = (n: number) => `CN-${YEAR}-${String(n).padStart(6, '0')}`;

/**
 * Numbered receipts and credit notes: every payment recorded gets the next number of its organization's series in
 * the transaction that records it, every refund a credit note; a failed or rolled-back payment takes none. The PDF
 * carries the legal details; the admin and the portal see only their own.
 */
describe('receipts', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: Awaited<ReturnType<typeof cardOrg>>;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await cardOrg(w.a);
    // UTC: the year in the numbers is the test's own.
    await w.a.http
      .put('/api/settings')
      .set(org.auth)
      .send({
        timeZone: 'UTC',
        legalDetails: { legalName: 'Clay Studio LLC', address: '1 Kiln Road, Fresno CA', taxIdLabel: 'EIN', taxId: '12-3456789' },
      })
      .expect(200);
    await w.a.http.put('/api/settings').set(other.auth).send({ timeZone: 'UTC' }).expect(200);
  });
  afterAll(async () => {
    await w.close();
  });

  it('should number payments taken in person one after the other, per organization', async () => {
    const cls = await createClass(w.a, org, { price: 50, discountPrice: 50, maxStudents: 20 });
    const seats = [];
    for (let i = 0; i < 3; i++) seats.push(await inPersonSeat(w.a, org, cls.id));
    const elsewhere = await inPersonSeat(w.a, other, (await createClass(w.a, other)).id);
    // Registered and not paid: no receipt.
    expect(await stored(w.a, org.orgId)).toEqual([]);
    for (const s of seats) await markPaid(w.a, org, s).expect(200);
    await markPaid(w.a, other, elsewhere).expect(200);
    const mine = await stored(w.a, org.orgId);
    expect(mine.map((r) => [r.number, r.kind, r.enrollmentIds])).toEqual(seats.map((s, i) => [R(i + 1), 'receipt', [s.enrollmentId]]));
    expect((await stored(w.a, other.orgId)).map((r) => r.number)).toEqual([R(1)]);
    // Marking it paid again is refused and takes no number.
    await markPaid(w.a, org, seats[0]).expect(409);
    expect(await stored(w.a, org.orgId)).toHaveLength(3);
  });

  it('should give a card payment its receipt with the Stripe ids, and each refund a credit note from its own series', async () => {
    const before = (await stored(w.a, org.orgId)).filter((r) => r.kind === 'receipt').length;
    const p = await cardPaid(w, org, { firstName: 'Ines', lastName: 'Card' });
    const list = (
      await w.a.http
        .get('/api/receipts')
        .set(org.auth)
        .query({ filter: JSON.stringify({ studentId: await studentOf(p.enrollmentId) }) })
        .expect(200)
    ).body.data;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      number: R(before + 1),
      kind: 'receipt',
      total: 80,
      paymentMethod: 'card',
      stripePaymentIntentId: p.pi,
      stripeChargeId: expect.stringMatching(/^ch_/),
      payer: { name: 'Ines Card', email: p.email },
      students: [{ name: 'Ines Card' }],
      issuer: { legalName: 'Clay Studio LLC', taxIdLabel: 'EIN', taxId: '12-3456789' },
    });
    expect(list[0].lines.reduce((n: number, l: { amount: number }) => n + l.amount, 0)).toBe(80);
    expect(list[0].lines[0]).toMatchObject({
      className: 'Wheel Throwing',
      serviceStart: expect.any(String),
      serviceEnd: expect.any(String),
    });

    await w.a.http.post(`/api/enrollments/${p.enrollmentId}/refund`).set(org.auth).send({ amount: 30 }).expect(200);
    await w.a.http.post(`/api/enrollments/${p.enrollmentId}/refund`).set(org.auth).send({ amount: 20 }).expect(200);
    const notes = (
      await w.a.http
        .get('/api/receipts')
        .set(org.auth)
        .query({ filter: JSON.stringify({ kind: 'credit_note' }), sort: '["number","ASC"]' })
        .expect(200)
    ).body.data;
    const refunds = await w.a.db.query('SELECT stripe_refund_id FROM refunds WHERE enrollment_id = $1 ORDER BY amount_cents DESC', [
      p.enrollmentId,
    ]);
    expect(
      notes.map((n: Record<string, unknown>) => [n.number, n.total, n.originalNumber, n.stripeRefundId, n.stripePaymentIntentId]),
    ).toEqual([
      [CN(1), 30, R(before + 1), refunds[0].stripe_refund_id, p.pi],
      [CN(2), 20, R(before + 1), refunds[1].stripe_refund_id, p.pi],
    ]);
    expect(notes[0].reason).toBe('Refunded by the organization');
    // The receipt series goes on where it was.
    const cls = await createClass(w.a, org);
    await markPaid(w.a, org, await inPersonSeat(w.a, org, cls.id)).expect(200);
    expect((await stored(w.a, org.orgId)).filter((r) => r.kind === 'receipt').at(-1)!.number).toBe(R(before + 2));
  });

  it("should give a household's one card payment one receipt listing everyone, and a dashboard refund spread over them one credit note", async () => {
    const cls = await createClass(w.a, org, {
      price: 100,
      discountPrice: 80,
      maxStudents: 20,
      startDate: new Date(Date.now() + 10 * 86400_000).toISOString(),
    });
    const { d } = await householdCardPaid(w, org, cls.id);
    const mine = (await stored(w.a, org.orgId)).filter((r) => r.pi === d.paymentIntentId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'receipt', totalCents: 16000 });
    expect(mine[0].enrollmentIds.sort()).toEqual(d.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId).sort());
    const one = (await w.a.http.get(`/api/receipts/${mine[0].id}`).set(org.auth).expect(200)).body.data;
    expect(one.students.map((s: { name: string }) => s.name).sort()).toEqual(['Dee Okafor', 'Emma Okafor']);
    expect(one.payer.name).toBe('Dee Okafor');

    // $120 of the $160 refunded in the Stripe dashboard: recorded as two refund rows (one per person), one credit note.
    await dashboardRefund(w.stand.state, d.paymentIntentId, 12000);
    const event = w.stand.events.filter((x) => x.type === 'charge.refunded' && x.data.object.payment_intent === d.paymentIntentId).at(-1)!;
    await Promise.all([deliver(w.a, event), deliver(w.a, { ...event, id: `${event.id}_again` })]);
    const notes = (await stored(w.a, org.orgId)).filter((r) => r.kind === 'credit_note' && r.pi === d.paymentIntentId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ totalCents: 12000 });
    expect(notes[0].enrollmentIds).toHaveLength(2);
  });

  it('should take no number for a failed payment, and give back the number of a transaction that rolls back', async () => {
    const before = await stored(w.a, org.orgId);
    const cls = await createClass(w.a, org, { price: 100, discountPrice: 80 });
    const d = (await w.a.http.post('/api/payments/create-intent').send(intentBody(org.orgId, cls.id)).expect(201)).body.data;
    expect((await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret, 'pm_card_chargeDeclined')).status).toBe(402);
    const failed = w.stand.events.find((e) => e.type === 'payment_intent.payment_failed' && e.data.object.id === d.paymentIntentId)!;
    await deliver(w.a, failed).expect(200);
    expect(await stored(w.a, org.orgId)).toEqual(before);

    // A payment whose transaction fails after its receipt was issued: the receipt and its number go with it.
    const seat = await inPersonSeat(w.a, org, cls.id);
    const hooks = w.a.app.get(PaymentEventHooks);
    const payment = {
      enrollmentId: seat.enrollmentId,
      studentId: seat.studentId,
      studentName: 'x',
      classId: cls.id,
      className: 'x',
      amountCents: 8000,
    };
    await expect(
      w.a.db.transaction(async (m) => {
        await hooks.succeeded(m, org.orgId, { ...payment, paymentMethod: 'in-person' });
        throw new Error('the payment failed after its receipt');
      }),
    ).rejects.toThrow('the payment failed after its receipt');
    expect(await stored(w.a, org.orgId)).toEqual(before);
    await markPaid(w.a, org, seat).expect(200);
    const receipts = (await stored(w.a, org.orgId)).filter((r) => r.kind === 'receipt');
    expect(receipts.at(-1)!.number).toBe(R(before.filter((r) => r.kind === 'receipt').length + 1));
    expect(receipts.map((r) => r.seq)).toEqual(receipts.map((_, i) => i + 1));
  });

  it('should print the number, the legal details, the payer, the student, the lines and the Stripe ids in the PDF', async () => {
    const p = await cardPaid(w, org, { firstName: 'Ada', lastName: 'Pdf' });
    const [r] = (await stored(w.a, org.orgId)).filter((x) => x.pi === p.pi);
    const res = await w.a.http
      .get(`/api/receipts/${r.id}/pdf`)
      .set(org.auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${r.number}.pdf"`);
    const text = await pdfText(res.body as Buffer);
    for (const part of [
      'Clay Studio LLC',
      '1 Kiln Road, Fresno CA',
      'EIN: 12-3456789',
      `Receipt ${r.number}`,
      'Ada Pdf',
      p.email,
      'Wheel Throwing',
      '$80.00',
      'Card',
      p.pi,
    ])
      expect(text).toContain(part);
    await w.a.http.post(`/api/enrollments/${p.enrollmentId}/refund`).set(org.auth).send({}).expect(200);
    const [note] = (await stored(w.a, org.orgId)).filter((x) => x.kind === 'credit_note' && x.pi === p.pi);
    const noteText = await pdfText(
      (
        await w.a.http
          .get(`/api/receipts/${note.id}/pdf`)
          .set(org.auth)
          .buffer(true)
          .parse(binary as never)
          .expect(200)
      ).body,
    );
    for (const part of [`Credit note ${note.number}`, `Refers to receipt: ${r.number}`, 'Total refunded: $80.00', 'EIN: 12-3456789'])
      expect(noteText).toContain(part);
  });

  it("should answer another organization's receipt with 404 and keep receipts to admins", async () => {
    const [r] = await stored(w.a, org.orgId);
    await w.a.http.get(`/api/receipts/${r.id}`).set(other.auth).expect(404);
    await w.a.http.get(`/api/receipts/${r.id}/pdf`).set(other.auth).expect(404);
    const theirs = (await w.a.http.get('/api/receipts').set(other.auth).expect(200)).body.data;
    expect(theirs.map((x: { id: string }) => x.id)).not.toContain(r.id);
    const teacher = await createTeacher(w.a, org);
    await w.a.http.get('/api/receipts').set(teacher.auth).expect(403);
    await w.a.http.get('/api/receipts').set(org.auth).query({ filter: '{"kind":"invoice"}' }).expect(400);
    await w.a.http.get('/api/receipts').set(org.auth).query({ sort: '["payer","ASC"]' }).expect(400);
    const page = await w.a.http.get('/api/receipts').set(org.auth).query({ range: '[0,1]' }).expect(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.headers['content-range']).toMatch(/^receipts 0-1\/\d+$/);
  });

  it("should list a student's own receipts in the portal and refuse anyone else's PDF with 404", async () => {
    const mine = await cardPaid(w, org, { firstName: 'Maya', lastName: 'Lin' });
    const theirs = await cardPaid(w, org, { firstName: 'Noah', lastName: 'Else' });
    const auth = await portalSignIn(mine.email);
    const list = (await w.a.http.get('/api/portal/receipts').set(auth).expect(200)).body.data;
    expect(list.map((r: { stripePaymentIntentId: string }) => r.stripePaymentIntentId)).toEqual([mine.pi]);
    const pdf = await w.a.http
      .get(`/api/portal/receipts/${list[0].id}/pdf`)
      .set(auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(await pdfText(pdf.body)).toContain(list[0].number);
    const [other] = (await stored(w.a, org.orgId)).filter((r) => r.pi === theirs.pi);
    await w.a.http.get(`/api/portal/receipts/${other.id}/pdf`).set(auth).expect(404);
    // An admin token is not a portal token; no token at all is refused too.
    await w.a.http.get('/api/portal/receipts').set(org.auth).expect(401);
    await w.a.http.get('/api/portal/receipts').expect(401);
  });

  async function studentOf(enrollmentId: string): Promise<string> {
    return (await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [enrollmentId]))[0].student_id;
  }

  async function portalSignIn(email: string) {
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email }).expect(202);
    const [row] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(row.message)![1];
    const s = await w.a.http.post('/api/portal/session').send({ token }).expect(200);
    return { Authorization: `Bearer ${s.body.data.token}` };
  }
});
