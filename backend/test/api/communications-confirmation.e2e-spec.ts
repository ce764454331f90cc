import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CommunicationsService } from '../../src/modules/communications/communications.service';
import { drain, startProviders } from '../fixtures/comms.fixture';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const events = (ics: string) => ics.split('BEGIN:VEVENT').slice(1);
const field = (event: string, name: string) => new RegExp(`^${name}[^:]*:(.*)$`, 'm').exec(event.replace(/\r\n[ \t]/g, ''))?.[1]?.trim();
const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The registration confirmation with a calendar of every session, and the public calendar file. */
describe('communications: registration confirmation and calendar', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let org: OrgFixture;
  beforeAll(async () => {
    providers = await startProviders();
    t = await createTestApp(providers.env);
    org = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  it('should queue the confirmation in the registering transaction and send it with one event per session', async () => {
    const start = new Date(Date.now() + 5 * 86400000);
    start.setUTCHours(17, 30, 0, 0);
    const c = await createClass(t, org, { title: 'Watercolor', days: 4, schedule: 'Weekly', duration: 90, startDate: start.toISOString() });
    const reg = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { firstName: 'Mia' }))
      .expect(201);
    const enrollmentId = reg.body.data.classEnrollments[0].id;
    const [row] = await t.db.query('SELECT id, kind, dedupe_key, status FROM communications WHERE dedupe_key = $1', [
      `confirmation:${enrollmentId}:email`,
    ]);
    expect(row).toMatchObject({ kind: 'confirmation', status: 'pending' });
    await drain(t, 1);
    const mail = providers.sendgrid.sent.find((m) => m.body.custom_args?.communicationId === row.id)!;
    expect(mail.body.subject).toBe("You're registered: Watercolor");
    expect(mail.body.headers?.['List-Unsubscribe']).toBeUndefined();
    expect(mail.body.content[0].value).toContain('Hi Mia');
    const ics = Buffer.from(mail.body.attachments![0].content, 'base64').toString('utf8');
    expect(mail.body.attachments![0]).toMatchObject({ filename: 'class-sessions.ics', type: 'text/calendar' });
    const evs = events(ics);
    expect(evs).toHaveLength(4);
    evs.forEach((ev, i) => {
      const s = new Date(start.getTime() + i * 7 * 86400000);
      expect(field(ev, 'DTSTART')).toBe(icsTime(s));
      expect(field(ev, 'DURATION')).toBe('PT90M');
      expect(field(ev, 'LOCATION')).toBe('Studio A');
    });
    // The class's public calendar file is the same list of sessions.
    const pub = await t.http.get(`/api/classes/${c.id}/calendar.ics`).expect(200);
    expect(pub.headers['content-type']).toMatch(/^text\/calendar/);
    expect(pub.headers['content-disposition']).toBe('attachment; filename="class-sessions.ics"');
    expect(events(pub.text).map((e) => field(e, 'DTSTART'))).toEqual(evs.map((e) => field(e, 'DTSTART')));
  });

  it('should queue nothing when the registration fails, and 404 the calendar of an archived or unknown class', async () => {
    const c = await createClass(t, org, { maxStudents: 1 });
    await t.http.post('/api/students/register').send(registerBody(org.orgId, c.id)).expect(201);
    const before = (await t.db.query('SELECT count(*)::int AS n FROM communications'))[0].n;
    await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id))
      .expect((r) => expect(r.status).toBeGreaterThanOrEqual(400));
    expect((await t.db.query('SELECT count(*)::int AS n FROM communications'))[0].n).toBe(before);
    const archived = await createClass(t, org, { status: 'Archived' });
    await t.http.get(`/api/classes/${archived.id}/calendar.ics`).expect(404);
    await t.http.get('/api/classes/00000000-0000-4000-8000-000000000000/calendar.ics').expect(404);
  });

  it("should queue one payment receipt per payment and one refund notice per refund, in the caller's transaction", async () => {
    const c = await createClass(t, org, { title: 'Ceramics' });
    const reg = await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { firstName: 'Noor' }))
      .expect(201);
    const input = {
      organizationId: org.orgId,
      enrollmentId: reg.body.data.classEnrollments[0].id,
      classId: c.id,
      studentId: reg.body.data.id,
      firstName: 'Noor',
      lastName: reg.body.data.lastName,
      email: reg.body.data.email,
      phone: reg.body.data.phone,
    };
    const comms = t.app.get(CommunicationsService);
    for (let i = 0; i < 2; i++) {
      await t.db.transaction(async (m) => {
        await comms.queuePaymentReceipt(m, { ...input, paymentReference: 'pi_123', amountCents: 8000 });
        await comms.queueRefundNotice(m, { ...input, refundReference: 're_456', refundCents: 2550 });
      });
    }
    // A rolled-back transaction queues nothing.
    await t.db
      .transaction(async (m) => {
        await comms.queueRefundNotice(m, { ...input, refundReference: 're_rolled_back', refundCents: 100 });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const rows = await t.db.query(
      "SELECT id, kind FROM communications WHERE recipient_id = $1 AND kind IN ('receipt', 'refund') ORDER BY kind",
      [input.studentId],
    );
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(['receipt', 'refund']);
    await drain(t, 1);
    const mails = rows.map((r: { id: string }) => providers.sendgrid.sent.find((m) => m.body.custom_args?.communicationId === r.id)!);
    expect(mails[0].body.subject).toBe('Payment receipt: Ceramics');
    expect(mails[0].body.content[0].value).toContain('We received your payment of $80.00 for Ceramics');
    expect(mails[1].body.subject).toBe('Refund issued: Ceramics');
    expect(mails[1].body.content[0].value).toContain('has refunded $25.50 for Ceramics');
    expect(mails.every((m: { body: { headers?: Record<string, string> } }) => m.body.headers?.['List-Unsubscribe'] === undefined)).toBe(
      true,
    );
  });
});
