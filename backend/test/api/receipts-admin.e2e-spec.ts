import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { binary, inPersonSeat, markPaid, pdfText } from './receipts.helpers';

const YEAR = new Date().getUTCFullYear();
const TODAY = new Date().toISOString().slice(0, 10);
const GST = { label: 'GST', rate: 5, compound: false, appliesTo: ['tuition'] };

/**
 * The admin's Receipts screen reads GET /api/receipts with its filters (kind, days issued, a search of the number and
 * the payer) and downloads the same selection as CSV: one organization's receipts only, bad filters a 400.
 */
describe('admin receipts list, filters and CSV', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  const list = (o: OrgFixture, filter: Record<string, unknown> = {}) =>
    t.http
      .get('/api/receipts')
      .set(o.auth)
      .query({ filter: JSON.stringify(filter), sort: '["number","ASC"]' });

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
    other = await createOrg(t);
    await t.http
      .put('/api/settings')
      .set(org.auth)
      .send({ timeZone: 'UTC', taxes: { pricesIncludeTax: false, rates: [GST], exemptClassIds: [] } })
      .expect(200);
    await t.http.put('/api/settings').set(other.auth).send({ timeZone: 'UTC' }).expect(200);
    const cls = await createClass(t, org, { title: 'Wheel Throwing', price: 80, discountPrice: 80, maxStudents: 20 });
    const people = [
      { firstName: 'Ana', lastName: 'Roy', email: 'ana.roy@example.com' },
      { firstName: 'Ben', lastName: 'Stone', email: 'ben@example.com' },
      { firstName: 'Cleo', lastName: 'Park', email: 'cleo_park@example.com' },
    ];
    for (const p of people) await markPaid(t, org, await inPersonSeat(t, org, cls.id, p)).expect(200);
    const theirs = await createClass(t, other, { price: 30, discountPrice: 30, maxStudents: 5 });
    await markPaid(t, other, await inPersonSeat(t, other, theirs.id, { firstName: 'Ana', lastName: 'Roy', email: 'ana.roy@example.com' }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('should list number, day, payer, total and tax, and narrow by search, kind and days issued', async () => {
    const all = await list(org).expect(200);
    expect(all.headers['content-range']).toBe('receipts 0-2/3');
    expect(
      all.body.data.map((r: { number: string; payer: { name: string }; total: number; taxes: { amount: number }[] }) => [
        r.number,
        r.payer.name,
        r.total,
        r.taxes.map((x) => x.amount),
      ]),
    ).toEqual([
      [`R-${YEAR}-000001`, 'Ana Roy', 84, [4]],
      [`R-${YEAR}-000002`, 'Ben Stone', 84, [4]],
      [`R-${YEAR}-000003`, 'Cleo Park', 84, [4]],
    ]);
    // The payer's name, email or the number; % and _ are literal characters, not patterns.
    expect((await list(org, { q: 'ROY' }).expect(200)).body.data.map((r: { number: string }) => r.number)).toEqual([`R-${YEAR}-000001`]);
    expect((await list(org, { q: 'ben@' }).expect(200)).body.data).toHaveLength(1);
    expect((await list(org, { q: '000003' }).expect(200)).body.data[0].payer.name).toBe('Cleo Park');
    expect((await list(org, { q: '_' }).expect(200)).body.data).toHaveLength(1);
    expect((await list(org, { q: '%' }).expect(200)).body.data).toEqual([]);
    expect((await list(org, { kind: 'credit_note' }).expect(200)).body.data).toEqual([]);
    expect((await list(org, { from: TODAY, to: TODAY }).expect(200)).body.data).toHaveLength(3);
    expect((await list(org, { from: `${YEAR + 1}-01-01` }).expect(200)).body.data).toEqual([]);
    expect((await list(org, { to: `${YEAR - 1}-12-31` }).expect(200)).body.data).toEqual([]);
  });

  it('should download the filtered receipts as CSV with the tax in each total', async () => {
    const res = await t.http
      .get('/api/receipts/csv')
      .set(org.auth)
      .query({ filter: JSON.stringify({ q: 'Stone' }) })
      .expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="receipts.csv"');
    expect(res.text.split('\r\n').filter(Boolean)).toEqual([
      'number,kind,issued,payer,payer_email,students,total,tax,currency,payment_method,refers_to,stripe_payment_intent,stripe_refund',
      `R-${YEAR}-000002,receipt,${TODAY},Ben Stone,ben@example.com,Ben Stone,84.00,4.00,USD,in-person,,,`,
    ]);
    const everything = await t.http.get('/api/receipts/csv').set(org.auth).expect(200);
    expect(everything.text.split('\r\n').filter(Boolean)).toHaveLength(4);
  });

  it("should keep each organization's receipts its own: lists, CSV and PDFs", async () => {
    const mine = (await list(org).expect(200)).body.data as { id: string }[];
    const theirs = (await list(other).expect(200)).body.data as { id: string; total: number }[];
    expect(theirs.map((r) => r.total)).toEqual([30]);
    await t.http.get(`/api/receipts/${mine[0].id}/pdf`).set(other.auth).expect(404);
    await t.http.get(`/api/receipts/${theirs[0].id}`).set(org.auth).expect(404);
    const csv = await t.http.get('/api/receipts/csv').set(other.auth).query({ filter: '{"q":"Stone"}' }).expect(200);
    expect(csv.text.split('\r\n').filter(Boolean)).toHaveLength(1);
    const pdf = await t.http
      .get(`/api/receipts/${mine[1].id}/pdf`)
      .set(org.auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(await pdfText(pdf.body as Buffer)).toContain(`Receipt R-${YEAR}-000002`);
    await t.http.get('/api/receipts/csv').expect(401);
  });

  it('should refuse a malformed filter with a 400 and a readable message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'invoice' }, 'filter kind must be receipt or credit_note'],
      [{ from: '2026-02-30' }, 'filter from must be a date such as 2026-01-31'],
      [{ to: 'yesterday' }, 'filter to must be a date such as 2026-01-31'],
      [{ from: '2026-03-02', to: '2026-03-01' }, 'filter from must not be after filter to'],
      [{ q: 'x'.repeat(101) }, 'filter q must be at most 100 characters'],
    ];
    for (const [filter, message] of cases) {
      const res = await list(org, filter).expect(400);
      expect(res.body.error).toContain(message);
      await t.http
        .get('/api/receipts/csv')
        .set(org.auth)
        .query({ filter: JSON.stringify(filter) })
        .expect(400);
    }
  });
});
