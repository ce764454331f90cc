import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CreditsLedger } from '../../src/modules/credits/credits-ledger';
import { addStudent } from '../fixtures/populated-org.fixture';
import { createClass, createOrg, createTeacher, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The credits reports (issue 41 §4): unused credit by expiry month (a revoked or past credit owes nothing), sales by
 * product, make-ups granted, booked, used (once the session has started) and expired; JSON and CSV; admins only; one organization never sees another's figures.
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

  it('should count a booked make-up, and as used once its session has started', async () => {
    const third = await createOrg(t, { plan: 'professional' });
    await t.http.put('/api/makeup-policies').set(third.auth).send({ announceHoursBefore: 24, expiryDays: 30, eligible: 'any' }).expect(200);
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
    const missed = await createClass(t, third, { startDate: inDays(3), days: 2 });
    const other = await createClass(t, third, { startDate: inDays(4), days: 2 });
    const s = await t.http
      .post('/api/students')
      .set(third.auth)
      .send({ ...studentBody(), classEnrollments: [{ classId: missed.id }] })
      .expect(201);
    await t.http.post('/api/portal/link').send({ organizationId: third.orgId, email: s.body.data.email }).expect(202);
    const [mail] = await t.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND recipient_id = $1 ORDER BY created_at DESC LIMIT 1",
      [s.body.data.id],
    );
    const link = /\/my\/([A-Za-z0-9_-]+)/.exec(mail.message)![1];
    const portal = {
      Authorization: `Bearer ${(await t.http.post('/api/portal/session').send({ token: link }).expect(200)).body.data.token}`,
    };
    const sessions = (id: string) => t.db.query('SELECT id FROM class_sessions WHERE class_id = $1 ORDER BY session_index', [id]);
    const [first] = await sessions(missed.id);
    const token = (await t.http.post('/api/portal/makeups/absences').set(portal).send({ classSessionId: first.id }).expect(201)).body.data
      .token;
    const [target] = await sessions(other.id);
    await t.http.post('/api/portal/makeups/bookings').set(portal).send({ entitlementId: token.id, classSessionId: target.id }).expect(201);
    const report = async () => (await get('makeups?timeframe=7d', third).expect(200)).body.data.totals;
    expect(await report()).toEqual({ granted: 1, booked: 1, used: 0, expired: 0 });
    // The make-up's session took place (moved into the past): booked and used.
    await t.db.query(
      "UPDATE class_sessions SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' WHERE id = $1",
      [target.id],
    );
    expect(await report()).toEqual({ granted: 1, booked: 1, used: 1, expired: 0 });
    // Not another organization's make-ups.
    expect((await get('makeups?timeframe=7d').expect(200)).body.data.totals).toEqual({ granted: 2, booked: 0, used: 0, expired: 1 });
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
