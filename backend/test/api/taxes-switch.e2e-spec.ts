import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass } from '../fixtures/org.fixture';
import { cardOrg, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';
import { markPaid } from './receipts.helpers';

const DAY = 24 * 3600 * 1000;
const GST = { label: 'GST', rate: 5, compound: false, appliesTo: ['tuition'] };
const FEE = { label: 'Annual registration fee', amount: 25, per: 'household', period: 'year' };

type Org = Awaited<ReturnType<typeof cardOrg>>;
type Receipt = {
  kind: string;
  total: number;
  taxes: { label: string; amount: number }[];
  lines: { description: string; amount: number }[];
};

/**
 * Issue 43 with a class switch: GST 5 % on tuition, a $25 household fee (untaxed). A registration that switches keeps
 * the fee it paid (never charged or refunded again) and its GST follows the new class's price: the difference charged
 * or refunded holds exactly the GST difference, and its receipt or credit note says so, so the tax report is right.
 */
describe('a class switch with taxes and a registration fee', () => {
  let w: CardWorld;
  let org: Org;
  const classIn = (title: string, price: number) =>
    createClass(w.a, org, {
      title,
      price,
      discountPrice: price,
      maxStudents: 20,
      startDate: new Date(Date.now() + 10 * DAY).toISOString(),
    });
  const receipts = async (): Promise<Receipt[]> =>
    (await w.a.http.get('/api/receipts').set(org.auth).query({ sort: '["issuedAt","ASC"]' }).expect(200)).body.data;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    await w.a.http
      .put('/api/settings')
      .set(org.auth)
      .send({ timeZone: 'UTC', taxes: { pricesIncludeTax: false, rates: [GST], exemptClassIds: [] }, registrationFee: FEE })
      .expect(200);
    await w.a.db.query(`UPDATE organizations SET settings = jsonb_set(settings, '{cancellationPolicies}', $2::jsonb) WHERE id = $1`, [
      org.orgId,
      JSON.stringify([{ daysBeforeClass: 7, refundPercentage: 100 }]),
    ]);
  });
  afterAll(async () => {
    await w.close();
  });

  it('should refund the tuition and GST difference of a cheaper class and charge those of a dearer one, never the fee', async () => {
    const wheel = await classIn('Wheel Throwing', 80);
    const glazing = await classIn('Glazing', 60);
    const raku = await classIn('Raku', 120);
    // $80 + $25 fee + GST $4 = $109 by card.
    const body = intentBody(org.orgId, wheel.id, 109, { firstName: 'Ana', lastName: 'Roy' });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: wheel.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    const id = d.enrollmentId as string;

    // The fee stays paid: Glazing $60 + GST $3 + the fee = $88 (back $21: $20 + GST $1); Raku $120 + $6 + $25 = $151.
    const options = (await w.a.http.get(`/api/enrollments/${id}/transfer-options`).set(org.auth).expect(200)).body.data as {
      id: string;
      price: number;
      priceDifference: number;
    }[];
    expect(options.find((o) => o.id === glazing.id)).toMatchObject({ price: 88, priceDifference: -21 });
    expect(options.find((o) => o.id === raku.id)).toMatchObject({ price: 151, priceDifference: 42 });

    const moved = await w.a.http.post(`/api/enrollments/${id}/transfer`).set(org.auth).send({ toClassId: glazing.id }).expect(200);
    expect(moved.body.data.className).toBe('Glazing');
    const [row] = await w.a.db.query(
      'SELECT student_id, amount_due_cents, amount_paid_cents, refunded_cents, price_breakdown FROM enrollments WHERE id = $1',
      [id],
    );
    expect(row).toMatchObject({ amount_due_cents: 8800, amount_paid_cents: 10900, refunded_cents: 2100 });
    expect(row.price_breakdown).toEqual([
      { label: 'Class price', amount: 60 },
      { label: 'Annual registration fee', amount: 25, fee: true },
      { label: 'GST 5%', amount: 3, tax: { label: 'GST', rate: 5, included: false } },
    ]);
    const note = (await receipts()).find((r) => r.kind === 'credit_note')!;
    expect(note).toMatchObject({ total: 21, taxes: [{ label: 'GST', amount: 1 }] });
    expect(note.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Refund: Glazing', 20],
      ['GST 5%', 1],
    ]);

    // Then to Raku, the difference ($151 - $88 = $63: $60 + GST $3) left due in person and paid at the desk.
    const dearer = await w.a.http
      .post(`/api/enrollments/${id}/transfer`)
      .set(org.auth)
      .send({ toClassId: raku.id, differenceInPerson: true })
      .expect(200);
    expect(dearer.body.data.balanceDue).toBe(63);
    await markPaid(w.a, org, { studentId: row.student_id, classId: raku.id }).expect(200);
    const balance = (await receipts()).filter((r) => r.kind === 'receipt').at(-1)!;
    expect(balance).toMatchObject({ total: 63, taxes: [{ label: 'GST', amount: 3 }] });

    // The GST the year's documents hold is the GST of what Ana now pays for: $6 on Raku's $120.
    const report = (await w.a.http.get(`/api/tax-report/${new Date().getUTCFullYear()}`).set(org.auth).expect(200)).body.data as {
      period: string;
      collected: number;
      refunded: number;
      net: number;
    }[];
    expect(report.find((r) => r.period.length === 4)).toMatchObject({ collected: 7, refunded: 1, net: 6 });
  });

  it("should charge a dearer class's GST difference by card from the portal, on the top-up's receipt", async () => {
    const wheel = await classIn('Wheel Two', 80);
    const raku = await classIn('Raku Two', 120);
    // Ben's household has not paid this year's fee: $80 + $25 + GST $4.
    const body = intentBody(org.orgId, wheel.id, 109, { firstName: 'Ben', lastName: 'Stone' });
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
    await w.a.http
      .post('/api/payments/confirm-enrollment')
      .send({ paymentIntentId: d.paymentIntentId, classId: wheel.id, organizationId: org.orgId, studentData: body.studentData })
      .expect(200);
    const email = body.studentData.email as string;
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email }).expect(202);
    const [mail] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC LIMIT 1",
      [email],
    );
    const token = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    const portal = { Authorization: `Bearer ${(await w.a.http.post('/api/portal/session').send({ token }).expect(200)).body.data.token}` };
    // $151 - $109 = $42: $40 of tuition and GST $2.
    const top = (
      await w.a.http
        .post(`/api/portal/enrollments/${d.enrollmentId}/transfer/payment-intent`)
        .set(portal)
        .send({ toClassId: raku.id, amount: 42 })
        .expect(201)
    ).body.data;
    await payInBrowser(w.stand, top.paymentIntentId, top.clientSecret);
    await w.a.http
      .post(`/api/portal/enrollments/${d.enrollmentId}/transfer/confirm`)
      .set(portal)
      .send({ paymentIntentId: top.paymentIntentId })
      .expect(200);
    const topUp = (await receipts()).find((r) => r.kind === 'receipt' && r.total === 42)!;
    expect(topUp.taxes).toEqual([{ label: 'GST', rate: 5, included: false, amount: 2 }]);
    expect(topUp.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Class switch difference: Raku Two', 40],
      ['GST 5%', 2],
    ]);
  });
});
