import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { cardOrg, startCardWorld, type CardWorld } from './card-payments.helpers';
import { binary, cardPaid, pdfText, stored } from './receipts.helpers';

/**
 * Issue 43 §3, "emailed with the payment's confirmation": a card payment's receipt email links to its numbered receipt
 * (PDF), which opens without signing in once the payment has committed; the link opens that receipt and no other.
 */
describe('the receipt PDF linked from the receipt email', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: Awaited<ReturnType<typeof cardOrg>>;

  beforeAll(async () => {
    w = await startCardWorld();
    w.liveWebhooks(false);
    org = await cardOrg(w.a);
    other = await cardOrg(w.a);
    await w.a.http
      .put('/api/settings')
      .set(org.auth)
      .send({
        timeZone: 'UTC',
        legalDetails: { legalName: 'Clay Studio LLC', address: '1 Kiln Road', taxIdLabel: 'EIN', taxId: '12-3456789' },
      })
      .expect(200);
  });
  afterAll(async () => {
    await w.close();
  });

  it("should open the payment's numbered receipt from the link in its email, and refuse a changed link", async () => {
    const paid = await cardPaid(w, org, { firstName: 'Maria', lastName: 'Lopez' });
    const [email] = await w.a.db.query(
      `SELECT message, html FROM communications WHERE organization_id = $1 AND kind = 'receipt' AND dedupe_key = $2`,
      [org.orgId, `receipt:${paid.pi}:email`],
    );
    const found = /Your receipt \(PDF\): (http\S+)/.exec(email.message);
    expect(found).not.toBeNull();
    const url = new URL(found![1]);
    expect(url.pathname).toBe(`/api/public/receipts/${org.orgId}/${paid.enrollmentId}/${paid.pi}`);
    expect(email.html).toContain('">Download your receipt</a>');
    const [receipt] = (await stored(w.a, org.orgId)).filter((r) => r.pi === paid.pi);
    const res = await w.a.http
      .get(url.pathname + url.search)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${receipt.number}.pdf"`);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain(`Receipt ${receipt.number}`);
    expect(text).toContain('EIN: 12-3456789');
    expect(text).toContain('Maria Lopez');

    // The same signature on another organization, enrollment or payment, or a changed one: 404 alike.
    const sig = url.searchParams.get('sig')!;
    const elsewhere = await cardPaid(w, other);
    for (const path of [
      `/api/public/receipts/${other.orgId}/${paid.enrollmentId}/${paid.pi}?sig=${sig}`,
      `/api/public/receipts/${org.orgId}/${elsewhere.enrollmentId}/${paid.pi}?sig=${sig}`,
      `/api/public/receipts/${org.orgId}/${paid.enrollmentId}/${elsewhere.pi}?sig=${sig}`,
      `/api/public/receipts/${org.orgId}/${paid.enrollmentId}/${paid.pi}?sig=${sig.slice(0, -2)}xx`,
    ]) {
      const refused = await w.a.http.get(path).expect(404);
      expect(refused.body.error).toBe('Receipt not found');
    }
    await w.a.http.get(`/api/public/receipts/${org.orgId}/${paid.enrollmentId}/${paid.pi}`).expect(400);
  });
});
