import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClass, createTeacher } from '../fixtures/org.fixture';
import { cardOrg, startCardWorld, type CardWorld } from './card-payments.helpers';
import { binary, cardPaid, householdCardPaid, pdfText } from './receipts.helpers';

const YEAR = new Date().getUTCFullYear();
const DAY = 24 * 3600 * 1000;

/**
 * Year-end statements: per payer and per student, built from the year's receipts and credit notes; in the portal for
 * the signed-in family only, and for the admin as one ZIP of PDFs and a CSV whose totals match the payments ledger.
 */
describe('year-end statements', () => {
  let w: CardWorld;
  let org: Awaited<ReturnType<typeof cardOrg>>;
  let other: Awaited<ReturnType<typeof cardOrg>>;
  let household: { pi: string; ids: string[]; email: string };

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
        legalDetails: {
          legalName: 'Maple Arts Inc.',
          address: '12 Rue Sherbrooke, Montreal QC',
          taxIdLabel: 'BN',
          taxId: '123456789 RT 0001',
        },
      })
      .expect(200);
    // A household (Dee and her daughter Emma) pays $160 with one card payment; Emma's seat is refunded $30.
    const cls = await createClass(w.a, org, {
      title: 'Clay Kids',
      price: 100,
      discountPrice: 80,
      maxStudents: 20,
      startDate: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    const { d, base } = await householdCardPaid(w, org, cls.id);
    household = {
      pi: d.paymentIntentId,
      ids: d.enrollments.map((e: { enrollmentId: string }) => e.enrollmentId),
      email: base.studentData.email,
    };
    await w.a.http.post(`/api/enrollments/${household.ids[1]}/refund`).set(org.auth).send({ amount: 30 }).expect(200);
    // Someone else pays $80, and a payment in another organization.
    await cardPaid(w, org, { firstName: 'Noah', lastName: 'Else' });
    await cardPaid(w, other, { firstName: 'Olga', lastName: 'Other' });
  });
  afterAll(async () => {
    await w.close();
  });

  const studentOf = async (enrollmentId: string): Promise<string> =>
    (await w.a.db.query('SELECT student_id FROM enrollments WHERE id = $1', [enrollmentId]))[0].student_id;

  async function portalSignIn(email: string) {
    await w.a.http.post('/api/portal/link').send({ organizationId: org.orgId, email }).expect(202);
    const [row] = await w.a.db.query(
      "SELECT message FROM communications WHERE kind = 'system' AND to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1",
      [email],
    );
    const s = await w.a.http
      .post('/api/portal/session')
      .send({ token: /\/my\/([A-Za-z0-9_-]+)/.exec(row.message)![1] })
      .expect(200);
    return { Authorization: `Bearer ${s.body.data.token}` };
  }

  it("should give the payer one statement of the year with the provider's legal details, every payment and refund, and the net paid", async () => {
    const auth = await portalSignIn(household.email);
    const res = await w.a.http
      .get(`/api/portal/statements/${YEAR}/pdf`)
      .set(auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.body);
    for (const part of [
      'Maple Arts Inc.',
      '12 Rue Sherbrooke, Montreal QC',
      'BN: 123456789 RT 0001',
      `Year-end statement ${YEAR}`,
      'Paid by: Dee Okafor',
      'Dee Okafor - Clay Kids',
      'Emma Okafor - Refund: Clay Kids',
      'service ',
      'Total paid: $160.00',
      'Total refunded: $30.00',
      'Net paid: $130.00',
    ])
      expect(text).toContain(part);
    expect(text).not.toContain('Noah');
  });

  it("should give one statement per child, and refuse another family's child with 404", async () => {
    const auth = await portalSignIn(household.email);
    const emma = await studentOf(household.ids[1]);
    const text = await pdfText(
      (
        await w.a.http
          .get(`/api/portal/statements/${YEAR}/students/${emma}/pdf`)
          .set(auth)
          .buffer(true)
          .parse(binary as never)
          .expect(200)
      ).body,
    );
    for (const part of ['Student: Emma Okafor', 'Total paid: $80.00', 'Total refunded: $30.00', 'Net paid: $50.00'])
      expect(text).toContain(part);
    expect(text).not.toContain('Dee Okafor');
    const noah = (await w.a.db.query("SELECT id FROM students WHERE organization_id = $1 AND first_name = 'Noah'", [org.orgId]))[0].id;
    await w.a.http.get(`/api/portal/statements/${YEAR}/students/${noah}/pdf`).set(auth).expect(404);
    await w.a.http.get(`/api/portal/statements/nineteen/pdf`).set(auth).expect(400);
    await w.a.http.get(`/api/portal/statements/1850/pdf`).set(auth).expect(400);
  });

  it('should give the admin every statement as one ZIP and a CSV whose net matches the payments ledger', async () => {
    const csv = (await w.a.http.get(`/api/statements/${YEAR}/csv`).set(org.auth).expect(200)).text;
    const rows = csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    const payerNet = rows.filter((r) => r[0] === 'payer').reduce((n, r) => n + Math.round(Number(r.at(-1)) * 100), 0);
    const studentNet = rows.filter((r) => r[0] === 'student').reduce((n, r) => n + Math.round(Number(r.at(-1)) * 100), 0);
    const [ledger] = await w.a.db.query(
      "SELECT sum(amount_paid_cents - refunded_cents)::int AS net FROM enrollments WHERE organization_id = $1 AND payment_status = 'completed'",
      [org.orgId],
    );
    expect(payerNet).toBe(ledger.net);
    expect(studentNet).toBe(ledger.net);
    expect(ledger.net).toBe(16000 - 3000 + 8000);
    expect(csv).not.toContain('Olga');
    const zip = await w.a.http
      .get(`/api/statements/${YEAR}/zip`)
      .set(org.auth)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(zip.headers['content-type']).toContain('application/zip');
    const bytes = (zip.body as Buffer).toString('latin1');
    expect(bytes.startsWith('PK')).toBe(true);
    for (const name of [
      'payer-Dee_Okafor.pdf',
      'payer-Noah_Else.pdf',
      'student-Emma_Okafor.pdf',
      'student-Dee_Okafor.pdf',
      `statements-${YEAR}.csv`,
    ])
      expect(bytes).toContain(name);
    const teacher = await createTeacher(w.a, org);
    await w.a.http.get(`/api/statements/${YEAR}/zip`).set(teacher.auth).expect(403);
    await w.a.http.get(`/api/statements/abc/csv`).set(org.auth).expect(400);
    // Another organization's statements hold only its own.
    expect((await w.a.http.get(`/api/statements/${YEAR}/csv`).set(other.auth).expect(200)).text).not.toContain('Okafor');
  });
});
