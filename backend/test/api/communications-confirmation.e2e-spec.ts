import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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

/** The registration confirmation with a calendar of every session, and the public calendar file (issue 11 §3). */
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
});
