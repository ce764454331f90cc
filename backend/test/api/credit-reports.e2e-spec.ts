import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CreditsLedger } from '../../src/modules/credits/credits-ledger';
import { addStudent } from '../fixtures/populated-org.fixture';
import { createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The credits reports (issue 41 §4): unused credit by expiry month (a revoked or past credit owes nothing), sales by
 * product, make-ups granted and expired; JSON and CSV; admins only; one organization never sees another's figures.
 */
describe('credits reports', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let ana: string;
  let today: string;

  const grant = (studentId: string, body: Record<string, unknown>) =>
    t.http
      .post(`/api/students/${studentId}/credits`)
      .set(org.auth)
      .send({ reason: 'Test', ...body })
      .expect(201);
  const get = (path: string, o: OrgFixture = org) => t.http.get(`/api/reports/${path}`).set(o.auth);
  const daysFrom = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    ana = await addStudent(t, org, 'Ana');
    today = (await t.http.get(`/api/students/${ana}/credits`).set(org.auth).expect(200)).body.data.today;

    await grant(ana, { kind: 'pack', amount: 10, validUntil: '2099-03-15', label: 'Pack A' });
    await grant(ana, { kind: 'pack', amount: 5, validUntil: '2099-03-31', label: 'Pack B' });
    await grant(ana, { kind: 'account_credit', amount: 25.5 });
    const revoked = (await grant(ana, { kind: 'pack', amount: 7, validUntil: '2099-03-15' })).body.data;
    await t.http.post(`/api/credits/${revoked.id}/revoke`).set(org.auth).send({ reason: 'Mistake' }).expect(200);
    // A make-up token that ran out yesterday: owed no more, counted as expired.
    const token = (await grant(ana, { kind: 'makeup_token', amount: 1 })).body.data;
    await t.http
      .put(`/api/credits/${token.id}/validity`)
      .set(org.auth)
      .send({ validFrom: daysFrom(today, -3), validUntil: daysFrom(today, -1), reason: 'Policy' })
      .expect(200);
    await grant(ana, { kind: 'makeup_token', amount: 1, validUntil: '2099-04-01' });

    const product = (
      await t.http
        .post('/api/credit-products')
        .set(org.auth)
        .send({ kind: 'pack', name: '10-class pack', price: 150, uses: 10, validityDays: 90 })
        .expect(201)
    ).body.data;
    await t.http.post('/api/credit-sales').set(org.auth).send({ productId: product.id, studentId: ana, paid: true }).expect(201);
    await t.http.post('/api/credit-sales').set(org.auth).send({ productId: product.id, studentId: ana, paid: true }).expect(201);
    // A pending sale is not a sale yet.
    await t.http.post('/api/credit-sales').set(org.auth).send({ productId: product.id, studentId: ana, paid: false }).expect(201);
  });
  afterAll(async () => {
    expect(await t.app.get(CreditsLedger).invariantBreaks(t.db.manager)).toEqual([]);
    await t.close();
  });

  it('should report the unused credit by expiry month, without revoked or past credit', async () => {
    const r = (await get('credit-liability').expect(200)).body.data;
    const saleUntil = daysFrom(today, 89).slice(0, 7);
    expect(r).toMatchObject({ report: 'credit-liability', asOf: today });
    expect(r.rows).toEqual(
      expect.arrayContaining([
        { expiryMonth: '2099-03', kind: 'pack', credits: 2, uses: 15, dollars: 0 },
        { expiryMonth: '2099-04', kind: 'makeup_token', credits: 1, uses: 1, dollars: 0 },
        { expiryMonth: null, kind: 'account_credit', credits: 1, uses: 0, dollars: 25.5 },
        { expiryMonth: saleUntil, kind: 'pack', credits: 2, uses: 20, dollars: 0 },
      ]),
    );
    expect(r.rows).toHaveLength(4);
    expect(r.rows.at(-1).expiryMonth).toBeNull();
    expect(r.totals).toEqual({ credits: 6, uses: 36, dollars: 25.5 });
  });

  it('should report paid sales by product and make-ups granted and expired', async () => {
    const sales = (await get('credit-sales?timeframe=7d').expect(200)).body.data;
    expect(sales.rows).toEqual([
      expect.objectContaining({ product: '10-class pack', kind: 'pack', sales: 2, inPerson: 2, card: 0, revenue: 300 }),
    ]);
    expect(sales.totals).toEqual({ sales: 2, revenue: 300 });
    const before = (await get(`credit-sales?startDate=${daysFrom(today, -30)}&endDate=${daysFrom(today, -1)}`).expect(200)).body.data;
    expect(before.rows).toEqual([]);

    const makeups = (await get('makeups?timeframe=30d').expect(200)).body.data;
    expect(makeups.totals).toEqual({ granted: 2, booked: 0, used: 0, expired: 1 });
    expect(makeups.rows.map((r: { month: string }) => r.month)).toContain(today.slice(0, 7));
  });

  it('should answer CSV with a header and a totals row', async () => {
    const res = await get('credit-liability?format=csv').expect(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="credit-liability_${today}.csv"`);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Expiry month,Kind,Credits,Uses outstanding,Dollars outstanding');
    expect(lines).toContain('2099-03,Class pack,2,15,0.00');
    expect(lines).toContain('No expiry,Account credit,1,0,25.50');
    expect(lines.at(-1)).toBe('Total,,6,36,25.50');
    const sales = await get('credit-sales?format=csv').expect(200);
    expect(sales.text).toContain('10-class pack,Class pack,2,2,0,300.00');
    const makeups = await get('makeups?format=csv').expect(200);
    expect(makeups.text.split('\r\n')[0]).toContain('Month,Granted,Booked,Used,Expired');
  });

  it("should keep each organization's figures to itself, refuse teachers and bad input", async () => {
    const theirs = (await get('credit-liability', other).expect(200)).body.data;
    expect(theirs.rows).toEqual([]);
    expect((await get('credit-sales', other).expect(200)).body.data.rows).toEqual([]);
    expect((await get('makeups', other).expect(200)).body.data.rows).toEqual([]);
    const teacher = await createTeacher(t, org);
    await t.http.get('/api/reports/credit-liability').set(teacher.auth).expect(403);
    for (const bad of [
      'credit-sales?format=pdf',
      'makeups?timeframe=2d',
      'credit-sales?startDate=2026-13-01&endDate=2026-12-01',
      'makeups?startDate=2026-01-01',
    ]) {
      const res = await get(bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      expect(typeof res.body.error).toBe('string');
    }
  });
});
