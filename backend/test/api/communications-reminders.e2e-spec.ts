import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RemindersService } from '../../src/modules/registration/reminders.service';
import { drain, startProviders } from '../fixtures/comms.fixture';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Class reminders: reminderHours before each session, once per enrollment, session and channel. */
describe('communications: class reminders', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let org: OrgFixture;
  beforeAll(async () => {
    providers = await startProviders();
    t = await createTestApp(providers.env);
    org = await createOrg(t, { plan: 'professional' });
    await t.db.query(
      `UPDATE organizations SET settings = jsonb_set(settings, '{notifications}', '{"reminderHours": 18, "emailEnabled": true, "smsEnabled": true}')
       WHERE id = $1`,
      [org.orgId],
    );
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  it("should send a household's people one reminder, to their contact, listing them", async () => {
    // Its own organization: the other test counts every reminder of the shared one.
    const home = await createOrg(t, { plan: 'professional' });
    await t.db.query(
      `UPDATE organizations SET settings = jsonb_set(settings, '{notifications}', '{"reminderHours": 18, "emailEnabled": true, "smsEnabled": true}')
       WHERE id = $1`,
      [home.orgId],
    );
    const c = await createClass(t, home, {
      title: 'Pottery',
      maxStudents: 10,
      startDate: new Date(Date.now() + 10 * 3600_000).toISOString(),
    });
    const contact = registerBody(home.orgId, c.id, { firstName: 'Dee', lastName: 'Okafor', phone: '5595550778' });
    await t.http
      .post('/api/students/register')
      .send({
        ...contact,
        attendees: [
          { firstName: 'Emma', lastName: 'Okafor' },
          { firstName: 'Liam', lastName: 'Okafor' },
        ],
      })
      .expect(201);
    const alone = registerBody(home.orgId, c.id, { communicationOptIn: false });
    await t.http.post('/api/students/register').send(alone).expect(201);
    // The household (contact not attending): one email and one SMS to the contact; the other student: one email.
    expect(await t.app.get(RemindersService).queueDue()).toBe(3);
    expect(await t.app.get(RemindersService).queueDue()).toBe(0);
    const rows = await t.db.query(
      "SELECT channel, to_address, message FROM communications WHERE kind = 'reminder' AND message LIKE '%Pottery%' ORDER BY channel, to_address",
    );
    const household = rows.filter((r: { to_address: string }) => r.to_address === contact.email);
    expect(household).toHaveLength(1);
    expect(household[0].message).toMatch(/^Hi Dee,/);
    expect(household[0].message).toContain('Registered (2 people):\n- Emma Okafor\n- Liam Okafor');
    expect(rows.filter((r: { to_address: string }) => r.to_address === alone.email)).toHaveLength(1);
    expect(rows.filter((r: { channel: string }) => r.channel === 'sms').map((r: { to_address: string }) => r.to_address)).toEqual([
      '+15595550778',
    ]);
  });

  it('should queue each due reminder once across runs and a restart, by email and by SMS for an opted-in student', async () => {
    const start = new Date(Date.now() + 10 * 3600_000);
    const c = await createClass(t, org, { title: 'Yoga', days: 3, schedule: 'Weekly', startDate: start.toISOString() });
    const later = await createClass(t, org, { title: 'Later', startDate: new Date(Date.now() + 30 * 3600_000).toISOString() });
    await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { phone: '5595550777' }))
      .expect(201);
    await t.http
      .post('/api/students/register')
      .send(registerBody(org.orgId, c.id, { communicationOptIn: false }))
      .expect(201);
    await t.http.post('/api/students/register').send(registerBody(org.orgId, later.id)).expect(201);
    // The registration with opt-in off matched no stored student: the stored one is new, so its own opt-in is off.
    expect(await t.app.get(RemindersService).queueDue()).toBe(3);
    expect(await t.app.get(RemindersService).queueDue()).toBe(0);
    const restarted = await createTestApp(providers.env, { databaseUrl: t.url });
    try {
      expect(await restarted.app.get(RemindersService).queueDue()).toBe(0);
    } finally {
      await restarted.close();
    }
    const rows = await t.db.query(
      "SELECT channel, dedupe_key, subject, message FROM communications WHERE kind = 'reminder' AND organization_id = $1 ORDER BY channel, dedupe_key",
      [org.orgId],
    );
    expect(rows.map((r: { channel: string }) => r.channel)).toEqual(['email', 'email', 'sms']);
    expect(rows.every((r: { dedupe_key: string }) => /^reminder:[0-9a-f-]{36}:0:(email|sms)$/.test(r.dedupe_key))).toBe(true);
    expect(rows[0].subject).toMatch(/^Reminder: Yoga on /);
    await drain(t, 2);
    const sms = providers.twilio.sent.filter((m) => m.to === '+15595550777');
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(/reminder, Yoga on .* Reply STOP to opt out\.$/);
    const statuses = await t.db.query(
      "SELECT status, count(*)::int AS n FROM communications WHERE kind = 'reminder' AND organization_id = $1 GROUP BY status ORDER BY status",
      [org.orgId],
    );
    // The student who opted out at registration gets no reminder email (skipped: opted out), the other one does.
    expect(statuses).toEqual([
      { status: 'sent', n: 2 },
      { status: 'skipped', n: 1 },
    ]);
  });
});
