import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RemindersService } from '../../src/modules/communications/reminders.service';
import { drain, startProviders } from '../fixtures/comms.fixture';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Class reminders: reminderHours before each session, once per enrollment, session and channel (issue 11 §3). */
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
      "SELECT channel, dedupe_key, subject, message FROM communications WHERE kind = 'reminder' ORDER BY channel, dedupe_key",
    );
    expect(rows.map((r: { channel: string }) => r.channel)).toEqual(['email', 'email', 'sms']);
    expect(rows.every((r: { dedupe_key: string }) => /^reminder:[0-9a-f-]{36}:0:(email|sms)$/.test(r.dedupe_key))).toBe(true);
    expect(rows[0].subject).toMatch(/^Reminder: Yoga on /);
    await drain(t, 2);
    const sms = providers.twilio.sent.filter((m) => m.to === '+15595550777');
    expect(sms).toHaveLength(1);
    expect(sms[0].body).toMatch(/reminder, Yoga on .* Reply STOP to opt out\.$/);
    const statuses = await t.db.query(
      "SELECT status, count(*)::int AS n FROM communications WHERE kind = 'reminder' GROUP BY status ORDER BY status",
    );
    // The student who opted out at registration gets no reminder email (skipped: opted out), the other one does.
    expect(statuses).toEqual([
      { status: 'sent', n: 2 },
      { status: 'skipped', n: 1 },
    ]);
  });
});
