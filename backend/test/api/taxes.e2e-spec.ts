import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, registerBody } from '../fixtures/org.fixture';
import { cardOrg, enrollmentRow, intentBody, payInBrowser, startCardWorld, type CardWorld } from './card-payments.helpers';
import { markPaid } from './receipts.helpers';

const DAY = 24 * 3600 * 1000;
const YEAR = new Date().getUTCFullYear();
const GST = { label: 'GST', rate: 5, compound: false, appliesTo: ['tuition'] };
const FEE = { label: 'Annual registration fee', amount: 25, per: 'household', period: 'year' };

type Org = Awaited<ReturnType<typeof cardOrg>>;
type Line = { label: string; amount: number; tax?: { label: string; rate: number; included: boolean }; fee?: boolean };

/**
 * Issue 43 §1-2: a Canadian organization charges GST on tuition and not on its registration fee. The quote shows the
 * fee and tax lines after the discounts; a card payment and an in-person one charge its total; a refund's credit note
 * gives tax back in proportion; the fee is charged once per period; the tax report adds up the receipts. Another
 * organization sees none of it.
 */
describe('taxes and registration fees', () => {
  let w: CardWorld;
  let org: Org;
  let other: Org;
  // In this calendar year (the fee's period), 10 days out (no late proration), $100 with an $80 discount price.
  const classIn = (o: Org, title = 'Wheel Throwing') =>
    createClass(w.a, o, {
      title,
      price: 100,
      discountPrice: 80,
      maxStudents: 20,
      startDate: new Date(Date.now() + 10 * DAY).toISOString(),
    });
  const settings = (o: Org, body: Record<string, unknown>) => w.a.http.put('/api/settings').set(o.auth).send(body);
  const quote = async (o: Org, classId: string, extra: Record<string, unknown> = {}) =>
    (
      await w.a.http
        .post('/api/public/price-quote')
        .send({ organizationId: o.orgId, classId, ...extra })
        .expect(200)
    ).body.data as {
      lines: Line[];
      total: number;
      tax: number;
    };
  const cardPay = async (o: Org, classId: string, amount: number, student: Record<string, unknown> = {}) => {
    const body = intentBody(o.orgId, classId, amount, student);
    const d = (await w.a.http.post('/api/payments/create-intent').send(body).expect(201)).body.data;
    return {
      d,
      body,
      pay: async () => {
        await payInBrowser(w.stand, d.paymentIntentId, d.clientSecret);
        await w.a.http
          .post('/api/payments/confirm-enrollment')
          .send({ paymentIntentId: d.paymentIntentId, classId, organizationId: o.orgId, studentData: body.studentData })
          .expect(200);
      },
    };
  };
  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await cardOrg(w.a);
    const saved = await settings(org, {
      timeZone: 'UTC',
      legalDetails: { legalName: 'Atelier Nord Inc.', address: '1 rue du Port, Montréal QC', taxIdLabel: 'BN', taxId: '123456789 RT 0001' },
      taxes: { pricesIncludeTax: false, rates: [GST], exemptClassIds: [] },
      registrationFee: FEE,
    }).expect(200);
    expect(saved.body.data.notice).toBe(
      'Tax and fee changes apply to new price quotes only; a payment already open completes at its quoted amount.',
    );
    expect(saved.body.data.taxes).toEqual({ pricesIncludeTax: false, rates: [GST], exemptClassIds: [] });
    expect(saved.body.data.registrationFee).toEqual(FEE);
    await settings(other, { timeZone: 'UTC' }).expect(200);
  });
  afterAll(async () => {
    await w.close();
  });

  it('should quote the fee and the GST after the discounts, GST on tuition only', async () => {
    const cls = await classIn(org);
    const q = await quote(org, cls.id, { email: 'first@example.com' });
    expect(q.lines).toEqual([
      { label: 'Class price', amount: 80 },
      { label: 'Annual registration fee', amount: 25, fee: true },
      { label: 'GST 5%', amount: 4, tax: { label: 'GST', rate: 5, included: false } },
    ]);
    expect(q.total).toBe(109);
    expect(q.tax).toBe(4);
    // Another organization: no tax, no fee.
    const theirs = await quote(other, (await classIn(other)).id, { email: 'first@example.com' });
    expect(theirs.lines).toEqual([{ label: 'Class price', amount: 80 }]);
    expect(theirs.total).toBe(80);
  });

  it('should quote inclusive prices with the tax shown as included, compound rates on the price plus GST, and an exempt class untaxed', async () => {
    const o = await cardOrg(w.a);
    const cls = await classIn(o);
    const exempt = await classIn(o, 'Open Studio');
    const HST = { label: 'HST', rate: 13, compound: false, appliesTo: ['tuition', 'registrationFee'] };
    await settings(o, { taxes: { pricesIncludeTax: true, rates: [HST], exemptClassIds: [exempt.id] }, registrationFee: FEE }).expect(200);
    // 80 × 13/113 = 9.2035 → 9.20; 25 × 13/113 = 2.876 → 2.88: the total is the prices, the taxes inside.
    const incl = await quote(o, cls.id);
    expect(incl.lines.slice(-1)).toEqual([{ label: 'HST 13% (included)', amount: 12.08, tax: { label: 'HST', rate: 13, included: true } }]);
    expect(incl.total).toBe(105);
    // The exempt class: its tuition untaxed, its fee still taxed.
    expect((await quote(o, exempt.id)).lines.slice(-1)).toEqual([
      { label: 'HST 13% (included)', amount: 2.88, tax: { label: 'HST', rate: 13, included: true } },
    ]);
    // GST 5 % then QST 9.975 % compound on tuition (exclusive): 80 → 4.00; 84 × 9.975 % = 8.379 → 8.38.
    const QST = { label: 'QST', rate: 9.975, compound: true, appliesTo: ['tuition'] };
    await settings(o, { taxes: { pricesIncludeTax: false, rates: [GST, QST], exemptClassIds: [] }, registrationFee: null }).expect(200);
    const compound = await quote(o, cls.id);
    expect(compound.lines).toEqual([
      { label: 'Class price', amount: 80 },
      { label: 'GST 5%', amount: 4, tax: { label: 'GST', rate: 5, included: false } },
      { label: 'QST 9.975%', amount: 8.38, tax: { label: 'QST', rate: 9.975, included: false } },
    ]);
    expect(compound.total).toBe(92.38);
    // Two people at $19.70 (no sibling discount here): GST rounded per person (98.5 → 99 cents twice).
    const cheap = await createClass(w.a, o, {
      price: 19.7,
      discountPrice: 19.7,
      maxStudents: 20,
      startDate: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    await settings(o, { taxes: { pricesIncludeTax: false, rates: [GST], exemptClassIds: [] } }).expect(200);
    const two = await quote(o, cheap.id, { attendees: [{}, {}] });
    expect(two.lines.at(-1)).toMatchObject({ label: 'GST 5%', amount: 1.98 });
    expect(two.total).toBe(41.38);
  });

  it('should charge a card registration the quoted total with tax, receipt its lines, and charge the fee once per household and year', async () => {
    const cls = await classIn(org);
    const email = `family-${Date.now()}@example.com`;
    const first = await cardPay(org, cls.id, 109, { email, firstName: 'Ana', lastName: 'Roy' });
    await first.pay();
    const row = await enrollmentRow(w.a, first.d.enrollmentId);
    expect(row).toMatchObject({ payment_status: 'completed', amount_paid_cents: 10900, amount_due_cents: 10900 });
    // The platform fee is taken on the total, tax included, as on any total.
    expect(row.platform_fee_cents + row.organization_amount_cents).toBe(10900);
    const [receipt] = (await w.a.http.get('/api/receipts').set(org.auth).query({ sort: '["number","DESC"]' }).expect(200)).body.data;
    expect(receipt).toMatchObject({ total: 109, taxes: [{ label: 'GST', rate: 5, included: false, amount: 4 }] });
    expect(receipt.lines.map((l: { description: string; amount: number }) => [l.description, l.amount])).toEqual([
      ['Wheel Throwing: Class price', 80],
      ['Wheel Throwing: Annual registration fee', 25],
      ['GST 5%', 4],
    ]);
    const pdf = await w.a.http.get(`/api/receipts/${receipt.id}/pdf`).set(org.auth).expect(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');

    // The same household's next registration this year: no fee. A create-intent at the old total is refused.
    const second = await classIn(org, 'Glazing');
    expect((await quote(org, second.id, { email })).total).toBe(84);
    await w.a.http
      .post('/api/payments/create-intent')
      .send(intentBody(org.orgId, second.id, 109, { email }))
      .expect(409);
    await (await cardPay(org, second.id, 84, { email, firstName: 'Ana', lastName: 'Roy' })).pay();
    const charges = await w.a.db.query(
      'SELECT period_key, payer_key, amount_cents FROM registration_fee_charges WHERE organization_id = $1 AND payer_key = $2 ORDER BY amount_cents DESC',
      [org.orgId, `household:${email}`],
    );
    // One fee charged; the second registration is written as covered by it (0), so a cancellation knows it stands.
    const period = `year:${new Date(Date.now() + 10 * DAY).getUTCFullYear()}`;
    expect(charges).toEqual([
      { period_key: period, payer_key: `household:${email}`, amount_cents: 2500 },
      { period_key: period, payer_key: `household:${email}`, amount_cents: 0 },
    ]);
    // The same email at another organization is its own household there.
    await settings(other, { registrationFee: FEE }).expect(200);
    expect((await quote(other, (await classIn(other)).id, { email })).total).toBe(105);
    await settings(other, { registrationFee: null }).expect(200);
  });

  it('should charge a per-student fee once per student and period, each attendee of a household, and again once a registration is cancelled', async () => {
    const o = await cardOrg(w.a);
    await settings(o, { timeZone: 'UTC', registrationFee: { ...FEE, label: 'Student fee', amount: 10, per: 'student' } }).expect(200);
    const a = await classIn(o);
    const b = await classIn(o, 'Glazing');
    const email = `solo-${Date.now()}@example.com`;
    expect((await quote(o, a.id, { email })).total).toBe(90);
    const res = await w.a.http
      .post('/api/students/register')
      .send(registerBody(o.orgId, a.id, { email }))
      .expect(201);
    expect(await enrollmentRow(w.a, res.body.data.classEnrollments[0].id)).toMatchObject({ amount_due_cents: 9000 });
    // The same student's next class this year: no fee; another student: the fee.
    expect((await quote(o, b.id, { email })).lines).toEqual([{ label: 'Class price', amount: 80 }]);
    expect((await quote(o, b.id, { email: `other-${email}` })).total).toBe(90);
    // A household of two: the fee for each attendee, as one line.
    const two = await quote(o, b.id, { email: `family-${email}`, attendees: [{}, {}] });
    expect(two.lines).toContainEqual({ label: 'Student fee × 2', amount: 20, fee: true });
    expect(two.total).toBe(180);
    // The registration that paid it cancelled: the next registration of the period pays it.
    await w.a.http.delete(`/api/students/${res.body.data.id}/enrollments/${a.id}`).set(o.auth).expect(200);
    expect((await quote(o, b.id, { email })).total).toBe(90);
  });

  it('should never charge a household the period fee twice when its first two registrations race', async () => {
    const o = await cardOrg(w.a);
    await settings(o, { timeZone: 'UTC', registrationFee: FEE }).expect(200);
    const email = `race-${Date.now()}@example.com`;
    const classes = [await classIn(o), await classIn(o, 'Glazing'), await classIn(o, 'Raku')];
    const replies = await Promise.all(
      classes.map((c) =>
        w.a.http.post('/api/students/register').send(registerBody(o.orgId, c.id, { email, firstName: 'Ana', lastName: 'Roy' })),
      ),
    );
    // Each either went through (with the fee or, quoted after another's commit, without it) or was told to ask again.
    for (const r of replies) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 409) expect(r.body.code).toBe('REGISTRATION_FEE_CHANGED');
    }
    const due = await w.a.db.query(
      `SELECT coalesce(sum(amount_due_cents), 0)::int AS cents, count(*)::int AS n FROM enrollments WHERE organization_id = $1 AND status <> 'cancelled'`,
      [o.orgId],
    );
    // Fees charged (a registration covered by the fee is written too, with 0).
    const fees = await w.a.db.query(
      'SELECT count(*)::int AS n FROM registration_fee_charges WHERE organization_id = $1 AND amount_cents > 0',
      [o.orgId],
    );
    expect(fees[0].n).toBe(1);
    expect(due[0].cents).toBe(due[0].n * 8000 + 2500);
  });

  it('should complete a payment already open at its quoted amount after the rate changes', async () => {
    const cls = await classIn(org);
    const open = await cardPay(org, cls.id, 109);
    await settings(org, { taxes: { pricesIncludeTax: false, rates: [{ ...GST, rate: 10 }], exemptClassIds: [] } }).expect(200);
    expect((await quote(org, cls.id)).total).toBe(113);
    await open.pay();
    expect(await enrollmentRow(w.a, open.d.enrollmentId)).toMatchObject({ payment_status: 'completed', amount_paid_cents: 10900 });
    await settings(org, { taxes: { pricesIncludeTax: false, rates: [GST], exemptClassIds: [] } }).expect(200);
  });

  it('should record an in-person registration at the taxed total and receipt it when marked paid', async () => {
    const cls = await classIn(org);
    const res = await w.a.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    const seat = { studentId: res.body.data.id, classId: cls.id, enrollmentId: res.body.data.classEnrollments[0].id };
    expect(await enrollmentRow(w.a, seat.enrollmentId)).toMatchObject({ amount_due_cents: 10900 });
    await markPaid(w.a, org, seat).expect(200);
    const [receipt] = (await w.a.http.get('/api/receipts').set(org.auth).query({ sort: '["number","DESC"]' }).expect(200)).body.data;
    expect(receipt).toMatchObject({ total: 109, paymentMethod: 'in-person', taxes: [{ label: 'GST', amount: 4 }] });
  });

  it("should give tax back in proportion on a refund's credit note, and report tax by rate and month", async () => {
    const cls = await classIn(org);
    const p = await cardPay(org, cls.id, 109);
    await p.pay();
    // Half of $109: $54.50, of which GST 4 × 5450/10900 = $2.00.
    await w.a.http.post(`/api/enrollments/${p.d.enrollmentId}/refund`).set(org.auth).send({ amount: 54.5 }).expect(200);
    const [note] = (
      await w.a.http
        .get('/api/receipts')
        .set(org.auth)
        .query({ filter: JSON.stringify({ kind: 'credit_note' }), sort: '["number","DESC"]' })
        .expect(200)
    ).body.data;
    expect(note.total).toBe(54.5);
    expect(note.lines.map((l: { description: string; amount: number }) => [l.description, l.amount])).toEqual([
      ['Refund: Wheel Throwing', 52.5],
      ['GST 5%', 2],
    ]);
    expect(note.taxes).toEqual([{ label: 'GST', rate: 5, included: false, amount: 2 }]);

    const month = new Date().toISOString().slice(0, 7);
    const report = (await w.a.http.get(`/api/tax-report/${YEAR}`).set(org.auth).expect(200)).body.data;
    const receipts = (await w.a.http.get('/api/receipts').set(org.auth).query({ range: '[0,199]' }).expect(200)).body.data;
    const sum = (kind: string) =>
      receipts
        .filter((r: { kind: string }) => r.kind === kind)
        .flatMap((r: { taxes: { amount: number }[] }) => r.taxes)
        .reduce((n: number, t: { amount: number }) => n + t.amount, 0);
    const row = { label: 'GST', rate: 5, included: false, collected: sum('receipt'), refunded: sum('credit_note'), beforeReceipts: false };
    expect(report).toEqual(
      expect.arrayContaining([
        { period: month, ...row, net: row.collected - row.refunded },
        { period: String(YEAR), ...row, net: row.collected - row.refunded },
      ]),
    );
    expect(row.refunded).toBe(2);
    const csv = await w.a.http.get(`/api/tax-report/${YEAR}/csv`).set(org.auth).expect(200);
    expect(csv.text).toContain(`${month},GST,5,false,${row.collected.toFixed(2)},2.00,${(row.collected - 2).toFixed(2)}`);
    // Another organization's report is its own: empty.
    expect((await w.a.http.get(`/api/tax-report/${YEAR}`).set(other.auth).expect(200)).body.data).toEqual([]);
    await w.a.http.get(`/api/tax-report/${YEAR}`).expect(401);
  });

  it('should refuse a rate outside 0-100, a bad fee and a bad kind with a clear 400, writing nothing', async () => {
    const before = (await w.a.http.get('/api/settings').set(org.auth).expect(200)).body.data;
    const bad = await settings(org, {
      taxes: { pricesIncludeTax: false, rates: [{ ...GST, rate: 100.5 }] },
      timeZone: 'Europe/Paris',
    }).expect(400);
    expect(bad.body).toMatchObject({
      success: false,
      code: 'TAX_RATE_OUT_OF_RANGE',
      error: 'The rate of GST must be from 0 to 100 percent',
      field: 'rates[0].rate',
    });
    expect((await settings(org, { taxes: { pricesIncludeTax: false, rates: [{ ...GST, rate: -1 }] } }).expect(400)).body.code).toBe(
      'TAX_RATE_OUT_OF_RANGE',
    );
    expect((await settings(org, { registrationFee: { ...FEE, amount: 0 } }).expect(400)).body.code).toBe('FEE_OUT_OF_RANGE');
    const kind = await settings(org, { taxes: { pricesIncludeTax: false, rates: [{ ...GST, appliesTo: ['groceries'] }] } }).expect(400);
    expect(JSON.stringify(kind.body)).toContain('appliesTo holds only tuition, registrationFee, passes, dropIns');
    await settings(org, { taxes: { pricesIncludeTax: false, rates: [{ ...GST, rate: 5.1234 }] } }).expect(400);
    const after = (await w.a.http.get('/api/settings').set(org.auth).expect(200)).body.data;
    expect([after.taxes, after.registrationFee, after.timeZone]).toEqual([before.taxes, before.registrationFee, before.timeZone]);
  });
});
