import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StatementEmailsService } from '../../src/modules/receipts/statement-emails.service';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { binary, markPaid, pdfText } from './receipts.helpers';

const YEAR = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Toronto', year: 'numeric' }).format(new Date()));

/**
 * Issue 43 §3, "a year-end statement per child from the emailed link": a parent who paid for two children gets one
 * January email with their whole statement's link and one link per child, each opening that child's statement only
 * (signed for that payer, year and child).
 */
describe('January statement emails with a statement per child', () => {
  let t: TestApp;
  let org: OrgFixture;
  const kids: Record<string, string> = {};
  let parentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t, { name: 'Atelier Nord' });
    await t.http.put('/api/settings').set(org.auth).send({ timeZone: 'America/Toronto' }).expect(200);
    const pottery = await createClass(t, org, { title: 'Pottery', price: 80, discountPrice: 80, maxStudents: 20 });
    const res = await t.http
      .post('/api/students/register')
      .send({
        ...registerBody(org.orgId, pottery.id, {
          firstName: 'Ana',
          lastName: 'Roy',
          email: 'ana.roy@example.com',
          communicationOptIn: true,
        }),
        attendees: [
          { firstName: 'Mia', lastName: 'Roy' },
          { firstName: 'Leo', lastName: 'Roy' },
        ],
      })
      .expect(201);
    parentId = res.body.data.id;
    const rows: { id: string; first_name: string }[] = await t.db.query(
      `SELECT s.id, s.first_name FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.organization_id = $1`,
      [org.orgId],
    );
    for (const r of rows) kids[r.first_name] = r.id;
    for (const r of rows) await markPaid(t, org, { studentId: r.id, classId: pottery.id }).expect(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it("should email the parent one link per child, each opening that child's statement only", async () => {
    expect(await t.app.get(StatementEmailsService).sendDue(new Date(`${YEAR + 1}-01-05T12:00:00Z`))).toBe(1);
    const [email] = await t.db.query(
      `SELECT to_address AS "to", message, html FROM communications WHERE organization_id = $1 AND dedupe_key LIKE 'statement:%'`,
      [org.orgId],
    );
    expect(email.to).toBe('ana.roy@example.com');
    expect(email.message).toContain('A statement for each student you paid for:');
    expect(email.html).toContain(`Mia Roy&#39;s ${YEAR} statement (PDF)`);
    expect(email.html).toContain(`Leo Roy&#39;s ${YEAR} statement (PDF)`);
    const urls = [...(email.message as string).matchAll(/https?:\/\/\S+\/api\/public\/statements\/\S+/g)].map((m) => new URL(m[0]));
    expect(urls).toHaveLength(3);
    const open = async (u: URL) =>
      pdfText(
        (
          await t.http
            .get(u.pathname + u.search)
            .buffer(true)
            .parse(binary as never)
            .expect(200)
        ).body as Buffer,
      );
    const whole = await open(urls[0]);
    expect(whole).toContain('Mia Roy');
    expect(whole).toContain('Leo Roy');
    const mia = urls.find((u) => u.searchParams.get('student') === kids.Mia)!;
    const miaText = await open(mia);
    expect(miaText).toContain('Mia Roy');
    expect(miaText).not.toContain('Leo Roy');

    // Mia's signature opens neither Leo's statement nor the whole one; a student that is not an id is a 400.
    const sig = mia.searchParams.get('sig');
    const base = `/api/public/statements/${org.orgId}/${parentId}/${YEAR}`;
    await t.http.get(`${base}?sig=${sig}&student=${kids.Leo}`).expect(404);
    await t.http.get(`${base}?sig=${sig}`).expect(404);
    await t.http.get(`${base}?sig=${sig}&student=not-an-id`).expect(400);
  });
});
