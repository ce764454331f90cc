import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StatementEmailsService } from '../../src/modules/receipts/statement-emails.service';
import { createClass, createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { binary, inPersonSeat, markPaid, pdfText } from './receipts.helpers';

// Receipts are numbered in the organization's year, Toronto's here; the test runs outside the last hours of a year.
const YEAR = Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/Toronto', year: 'numeric' }).format(new Date()));
const at = (iso: string) => new Date(iso);

/**
 * Issue 43 §3: in January (the organization's), each payer who paid last year and agreed to its messages gets one
 * email linking to their year-end statement, exactly once however many instances run the job; the link opens that
 * statement without signing in, and no other.
 */
describe('January year-end statement emails', () => {
  let t: TestApp;
  let org: OrgFixture;
  let other: OrgFixture;
  let service: StatementEmailsService;
  const people: Record<string, { studentId: string }> = {};
  const statementEmails = (orgId: string) =>
    t.db.query(
      `SELECT recipient_id AS "studentId", to_address AS "to", subject, message, html, kind, dedupe_key AS "dedupeKey"
         FROM communications WHERE organization_id = $1 AND dedupe_key LIKE 'statement:%' ORDER BY to_address`,
      [orgId],
    ) as Promise<{ studentId: string; to: string; subject: string; message: string; html: string; kind: string; dedupeKey: string }[]>;

  beforeAll(async () => {
    t = await createTestApp();
    service = t.app.get(StatementEmailsService);
    org = await createOrg(t, { name: 'Atelier Nord' });
    other = await createOrg(t, { name: 'Far Studio' });
    await t.http
      .put('/api/settings')
      .set(org.auth)
      .send({
        timeZone: 'America/Toronto',
        legalDetails: {
          legalName: 'Atelier Nord Inc.',
          address: '1 rue du Port, Montréal QC',
          taxIdLabel: 'BN',
          taxId: '123456789 RT 0001',
        },
      })
      .expect(200);
    await t.http.put('/api/settings').set(other.auth).send({ timeZone: 'Pacific/Auckland' }).expect(200);
    const cls = await createClass(t, org, { title: 'Wheel Throwing', price: 80, discountPrice: 80, maxStudents: 20 });
    for (const [name, optIn, paid] of [
      ['Ana', true, true],
      ['Ben', false, true],
      ['Cleo', true, false],
    ] as const) {
      const seat = await inPersonSeat(t, org, cls.id, {
        firstName: name,
        lastName: 'Roy',
        email: `${name.toLowerCase()}.roy@example.com`,
        communicationOptIn: optIn,
      });
      if (paid) await markPaid(t, org, seat).expect(200);
      people[name] = seat;
    }
    const theirs = await createClass(t, other, { price: 30, discountPrice: 30, maxStudents: 5 });
    const far = await inPersonSeat(t, other, theirs.id, { firstName: 'Dev', lastName: 'Far', email: 'dev.far@example.com' });
    await markPaid(t, other, far).expect(200);
    people.Dev = far;
  });
  afterAll(async () => {
    await t.close();
  });

  it('should queue nothing before January in the organization, then one email per opted-in payer, once across instances', async () => {
    expect(await service.sendDue(at(`${YEAR}-12-15T12:00:00Z`))).toBe(0);
    // 1 January 03:00 UTC: Auckland's January has begun (its Dev is emailed), Toronto's 31 December has not ended.
    expect(await service.sendDue(at(`${YEAR + 1}-01-01T03:00:00Z`))).toBe(1);
    expect((await statementEmails(other.orgId)).map((e) => e.to)).toEqual(['dev.far@example.com']);
    expect(await statementEmails(org.orgId)).toEqual([]);
    // Two instances at once, in Toronto's January: Ana (paid, opted in) only; Ben opted out, Cleo paid nothing.
    const counts = await Promise.all([
      service.sendDue(at(`${YEAR + 1}-01-05T12:00:00Z`)),
      service.sendDue(at(`${YEAR + 1}-01-05T12:00:00Z`)),
      t.app.get(StatementEmailsService).sendDue(at(`${YEAR + 1}-01-05T12:00:01Z`)),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const emails = await statementEmails(org.orgId);
    expect(emails.map((e) => [e.to, e.kind, e.dedupeKey, e.subject])).toEqual([
      ['ana.roy@example.com', 'system', `statement:${YEAR}:${people.Ana.studentId}`, `Your ${YEAR} statement from Atelier Nord`],
    ]);
    expect(emails[0].message).toContain('the net paid ($80.00)');
    expect(emails[0].html).toContain(`Open my ${YEAR} statement (PDF)`);
    // Later in January, or again next year for the same year: nothing more.
    expect(await service.sendDue(at(`${YEAR + 1}-01-20T12:00:00Z`))).toBe(0);
    expect(await statementEmails(org.orgId)).toHaveLength(1);
    const runs = await t.db.query('SELECT organization_id AS "orgId", year, emails FROM statement_email_runs ORDER BY emails, year');
    expect(runs).toEqual(
      expect.arrayContaining([
        { orgId: org.orgId, year: YEAR, emails: 1 },
        { orgId: other.orgId, year: YEAR, emails: 1 },
      ]),
    );
  });

  it("should open the payer's statement from the emailed link without signing in, and nothing else with it", async () => {
    const [email] = await statementEmails(org.orgId);
    const url = new URL(/https?:\/\/\S+\/api\/public\/statements\/\S+/.exec(email.message)![0]);
    const res = await t.http
      .get(url.pathname + url.search)
      .buffer(true)
      .parse(binary as never)
      .expect(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain(`Year-end statement ${YEAR}`);
    expect(text).toContain('Atelier Nord Inc.');
    expect(text).toContain('BN: 123456789 RT 0001');
    expect(text).toContain('Ana Roy');
    const sig = url.searchParams.get('sig')!;
    // Another payer, another year, another organization, a changed signature: all the same 404.
    for (const path of [
      `/api/public/statements/${org.orgId}/${people.Ben.studentId}/${YEAR}?sig=${sig}`,
      `/api/public/statements/${org.orgId}/${people.Ana.studentId}/${YEAR - 1}?sig=${sig}`,
      `/api/public/statements/${other.orgId}/${people.Ana.studentId}/${YEAR}?sig=${sig}`,
      `/api/public/statements/${org.orgId}/${people.Ana.studentId}/${YEAR}?sig=${sig.slice(0, -2)}xx`,
    ]) {
      const refused = await t.http.get(path).expect(404);
      expect(refused.body.error).toBe('Statement not found');
    }
    await t.http.get(`/api/public/statements/${org.orgId}/${people.Ana.studentId}/${YEAR}`).expect(400);
    await t.http.get(`/api/public/statements/not-an-id/${people.Ana.studentId}/${YEAR}?sig=${sig}`).expect(404);
  });
});
