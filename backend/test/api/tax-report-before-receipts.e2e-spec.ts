import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { markPaid } from './receipts.helpers';

const GST = { label: 'GST', rate: 5, compound: false, appliesTo: ['tuition'] };

/**
 * Issue 43: the tax report shows the payments made before receipts existed (no receipt names them), on rows of their
 * own marked `beforeReceipts`, their tax read from their price lines (in proportion to what was paid and refunded), a
 * payment with no tax line under "No tax recorded"; with how many payments and what they took. The receipts' rows are
 * unchanged, and another organization's payments are not in it.
 */
describe('the tax report with payments from before receipts', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  const YEAR = new Date().getUTCFullYear();
  const MONTH = new Date().toISOString().slice(0, 7);

  /** An in-person registration whose payment is written as an older version did: completed with no receipt. */
  async function paidBeforeReceipts(o: OrgFixture, classId: string, cents: number, breakdown: unknown, refundedCents = 0) {
    const res = await t.http.post('/api/students/register').send(registerBody(o.orgId, classId)).expect(201);
    const id = res.body.data.classEnrollments[0].id as string;
    await t.db.query(
      `UPDATE enrollments SET payment_status = 'completed', amount_paid_cents = $2, refunded_cents = $3, price_breakdown = $4::jsonb
        WHERE id = $1`,
      [id, cents, refundedCents, JSON.stringify(breakdown)],
    );
  }

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
    other = await createOrg(t);
    for (const o of [org, other])
      await t.http
        .put('/api/settings')
        .set(o.auth)
        .send({ timeZone: 'UTC', taxes: { pricesIncludeTax: false, rates: [GST], exemptClassIds: [] } })
        .expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should report them on rows of their own, marked, beside the receipts', async () => {
    const cls = await createClass(t, org, { price: 80, discountPrice: 80, maxStudents: 20 });
    // Today's way: $80 + GST $4, receipted.
    const res = await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    await markPaid(t, org, { studentId: res.body.data.id, classId: cls.id }).expect(200);
    // Before receipts: one taxed ($84, of which $42 refunded) and one from before taxes ($60, no tax line).
    const taxed = [
      { label: 'Class price', amount: 80 },
      { label: 'GST 5%', amount: 4, tax: { label: 'GST', rate: 5, included: false } },
    ];
    await paidBeforeReceipts(org, cls.id, 8400, taxed, 4200);
    await paidBeforeReceipts(org, cls.id, 6000, null);
    const theirs = await createClass(t, other, { price: 50, discountPrice: 50, maxStudents: 5 });
    await paidBeforeReceipts(other, theirs.id, 5250, taxed);

    const report = (await t.http.get(`/api/tax-report/${YEAR}`).set(org.auth).expect(200)).body.data;
    const year = report.filter((r: { period: string }) => r.period === String(YEAR));
    expect(year).toEqual([
      { period: String(YEAR), label: 'GST', rate: 5, included: false, collected: 4, refunded: 0, net: 4, beforeReceipts: false },
      {
        period: String(YEAR),
        label: 'GST',
        rate: 5,
        included: false,
        collected: 4,
        refunded: 2,
        net: 2,
        beforeReceipts: true,
        payments: 1,
        paid: 84,
      },
      {
        period: String(YEAR),
        label: 'No tax recorded',
        rate: 0,
        included: false,
        collected: 0,
        refunded: 0,
        net: 0,
        beforeReceipts: true,
        payments: 1,
        paid: 60,
      },
    ]);
    expect(report.filter((r: { period: string }) => r.period === MONTH)).toHaveLength(3);
    const csv = (await t.http.get(`/api/tax-report/${YEAR}/csv`).set(org.auth).expect(200)).text;
    expect(csv).toContain(`${YEAR},GST,5,false,4.00,2.00,2.00,true,1,84.00`);
    expect(csv).toContain(`${YEAR},No tax recorded,0,false,0.00,0.00,0.00,true,1,60.00`);
    // The other organization's report has its own payment only; a year that is not one is a 400.
    const theirsReport = (await t.http.get(`/api/tax-report/${YEAR}`).set(other.auth).expect(200)).body.data;
    expect(theirsReport.find((r: { period: string }) => r.period === String(YEAR))).toMatchObject({
      collected: 2.5,
      beforeReceipts: true,
      paid: 52.5,
    });
    await t.http.get('/api/tax-report/1999x').set(org.auth).expect(400);
  });
});
