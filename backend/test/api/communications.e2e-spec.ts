import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createStudent, drain, jobsOf, PUBLIC_URL, rowOf, startProviders } from '../fixtures/comms.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** The outbox and its dispatcher through the official SDKs, against SendGrid and Twilio stand-ins. */
describe('communications: send, schedule, retry, exactly once', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let org: OrgFixture;
  let other: OrgFixture;
  let student: { id: string; email: string; phone: string };
  let stranger: { id: string };

  beforeAll(async () => {
    providers = await startProviders();
    t = await createTestApp(providers.env);
    org = await createOrg(t, { plan: 'professional' });
    other = await createOrg(t, { plan: 'professional' });
    student = await createStudent(t, org, { firstName: 'Olivia', phone: '5595551234' });
    stranger = await createStudent(t, other);
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });
  beforeEach(async () => {
    providers.sendgrid.script.clear();
    providers.twilio.script.clear();
    // The monthly cap would stop the later tests: these are about delivery, so each starts with a clean month.
    await t.db.query("DELETE FROM communications WHERE status IN ('sent', 'delivered', 'failed', 'skipped', 'cancelled')");
  });

  const email = (over: Record<string, unknown> = {}) => ({
    recipientId: student.id,
    recipientType: 'student',
    communicationType: 'email',
    subject: 'Room change for {{firstName}}',
    message: 'Hi {{firstName}}, tonight we meet in Studio B.',
    ...over,
  });
  const sentTo = (id: string) => providers.sendgrid.sent.filter((m) => m.body.custom_args?.communicationId === id);

  it('should send an email now through SendGrid with the provider id, unsubscribe headers and the organization footer', async () => {
    const res = await t.http.post('/api/communications/send').set(org.auth).send(email()).expect(201);
    const c = res.body.data;
    expect(c).toMatchObject({
      recipient_type: 'student',
      communication_type: 'email',
      to: student.email,
      subject: 'Room change for Olivia',
      message: 'Hi Olivia, tonight we meet in Studio B.',
      kind: 'manual',
      max_attempts: 3,
      students: { firstName: 'Olivia', email: student.email },
      users: null,
    });
    await drain(t, 1);
    const mails = sentTo(c.id);
    expect(mails).toHaveLength(1);
    expect(mails[0].authorization).toBe('Bearer SG.stand-in-key');
    expect(mails[0].body.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${PUBLIC_URL}/api/communications/unsubscribe\\?token=`));
    expect(mails[0].body.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mails[0].body.content.map((x) => x.type)).toEqual(['text/plain', 'text/html']);
    const row = await rowOf(t, c.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, provider_message_id: mails[0].messageId });
    const logs = await t.http.get('/api/communications/logs?limit=50').set(org.auth).expect(200);
    expect(logs.body.data.find((x: { id: string }) => x.id === c.id)).toMatchObject({ status: 'sent' });
  });

  it('should send an SMS through Twilio to the E.164 number with the status callback', async () => {
    const res = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send({ recipientId: student.id, communicationType: 'sms', message: 'Class is on tonight' })
      .expect(201);
    expect(res.body.data).toMatchObject({ to: '+15595551234', subject: null });
    await drain(t, 1);
    const sms = providers.twilio.sent.filter((m) => m.body === 'Class is on tonight');
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ to: '+15595551234', from: '+15005550006', statusCallback: `${PUBLIC_URL}/api/webhooks/twilio/status` });
    expect(await rowOf(t, res.body.data.id)).toMatchObject({ status: 'sent', provider_message_id: sms[0].sid });
  });

  it('should schedule, list under Scheduled, and cancel only while pending', async () => {
    const at = new Date(Date.now() + 3600_000).toISOString();
    const res = await t.http
      .post('/api/communications/schedule')
      .set(org.auth)
      .send(email({ scheduledAt: at }))
      .expect(201);
    const id = res.body.data.id;
    expect(res.body.data).toMatchObject({ status: 'pending', attempts: 0, max_attempts: 3, scheduled_at: at });
    await drain(t, 1);
    expect(sentTo(id)).toHaveLength(0);
    const list = await t.http.get('/api/communications/scheduled?limit=10').set(org.auth).expect(200);
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(id);
    const cancelled = await t.http.delete(`/api/communications/scheduled/${id}`).set(org.auth).expect(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    const again = await t.http.delete(`/api/communications/scheduled/${id}`).set(org.auth).expect(409);
    expect(again.body.error).toBe('Only a pending communication can be cancelled (this one is cancelled)');
    const after = await t.http.get('/api/communications/scheduled').set(org.auth).expect(200);
    expect(after.body.data.map((x: { id: string }) => x.id)).not.toContain(id);
  });

  it('should refuse bad payloads with readable messages', async () => {
    const past = await t.http
      .post('/api/communications/schedule')
      .set(org.auth)
      .send(email({ scheduledAt: new Date(Date.now() - 60_000).toISOString() }))
      .expect(400);
    expect(past.body.error).toBe('Scheduled time must be in the future');
    const noDate = await t.http.post('/api/communications/schedule').set(org.auth).send(email()).expect(400);
    expect(noDate.body.error).toBe('Date and time are required when scheduling');
    const noRecipient = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send(email({ recipientId: '' }))
      .expect(400);
    expect(noRecipient.body.error).toBe('Recipient is required');
    const noMessage = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send(email({ message: '  ' }))
      .expect(400);
    expect(noMessage.body.error).toBe('Message is required');
    const noSubject = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send(email({ subject: '' }))
      .expect(400);
    expect(noSubject.body.error).toBe('Subject is required for email');
    const smsSubject = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send({ recipientId: student.id, communicationType: 'sms', subject: 'x', message: 'y' })
      .expect(400);
    expect(smsSubject.body.error).toBe('Subject is only for email');
  });

  it('should retry after a 500 and after a 429 and deliver once in the end', async () => {
    for (const status of [500, 429]) {
      providers.sendgrid.script.push({ status, message: 'busy' });
      const res = await t.http
        .post('/api/communications/send')
        .set(org.auth)
        .send(email({ message: `retry ${status}` }))
        .expect(201);
      await drain(t, 4);
      expect(sentTo(res.body.data.id)).toHaveLength(1);
      expect(await rowOf(t, res.body.data.id)).toMatchObject({ status: 'sent', attempts: 2 });
    }
  });

  it('should fail after max_attempts of 5xx', async () => {
    providers.sendgrid.script.always = { status: 503, message: 'down' };
    const res = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send(email({ message: 'never' }))
      .expect(201);
    await drain(t, 6);
    expect(await rowOf(t, res.body.data.id)).toMatchObject({ status: 'failed', status_reason: 'retries exhausted', attempts: 3 });
    expect(providers.sendgrid.requests).toBeGreaterThan(0);
  });

  it("should fail a 400 at once with the provider's message", async () => {
    providers.sendgrid.script.push({ status: 400, message: 'The to email does not contain a valid address.' });
    const res = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send(email({ message: 'bad' }))
      .expect(201);
    await drain(t, 3);
    expect(await rowOf(t, res.body.data.id)).toMatchObject({
      status: 'failed',
      status_reason: 'rejected by the provider',
      last_error: 'The to email does not contain a valid address.',
      attempts: 1,
    });
  });

  it('should never send twice after a provider that hangs: failed with outcome unknown', async () => {
    providers.sendgrid.script.push({ hang: true });
    const res = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send(email({ message: 'hang' }))
      .expect(201);
    await drain(t, 4);
    expect(sentTo(res.body.data.id)).toHaveLength(1);
    expect(await rowOf(t, res.body.data.id)).toMatchObject({ status: 'failed', status_reason: 'outcome unknown', attempts: 1 });
    const logs = await t.http.get('/api/communications/logs').set(org.auth).expect(200);
    expect(logs.body.data.find((x: { id: string }) => x.id === res.body.data.id)).toMatchObject({
      status: 'failed',
      status_reason: 'outcome unknown',
    });
  });

  it('should never both send and cancel when a cancel races the dispatcher', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t.http
        .post('/api/communications/schedule')
        .set(org.auth)
        // A user: the students' monthly cap is not what this test is about.
        .send(
          email({
            recipientType: 'user',
            recipientId: org.userId,
            message: `race ${i}`,
            scheduledAt: new Date(Date.now() + 3600_000).toISOString(),
          }),
        )
        .expect(201);
      ids.push(res.body.data.id);
    }
    await t.db.query('UPDATE communications SET next_attempt_at = now() WHERE id = ANY($1)', [ids]);
    const [, ...cancels] = await Promise.all([
      jobsOf(t).tick(),
      ...ids.map((id) => t.http.delete(`/api/communications/scheduled/${id}`).set(org.auth)),
    ]);
    await drain(t, 2);
    for (const [i, id] of ids.entries()) {
      const row = await rowOf(t, id);
      const sent = sentTo(id).length;
      if (cancels[i].status === 200) expect({ status: row.status, sent }).toEqual({ status: 'cancelled', sent: 0 });
      else expect({ code: cancels[i].status, status: row.status, sent }).toEqual({ code: 409, status: 'sent', sent: 1 });
    }
  });

  it("should keep every route inside the caller's organization", async () => {
    const res = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send(email({ recipientId: stranger.id }))
      .expect(404);
    expect(res.body.error).toBe('Recipient not found');
    await t.http
      .post('/api/communications/schedule')
      .set(org.auth)
      .send(email({ recipientId: stranger.id, scheduledAt: new Date(Date.now() + 3600_000).toISOString() }))
      .expect(404);
    await t.http.post('/api/communications/send').set(org.auth).query({ organizationId: other.orgId }).send(email()).expect(403);
    const mine = await t.http
      .post('/api/communications/schedule')
      .set(org.auth)
      .send(email({ scheduledAt: new Date(Date.now() + 3600_000).toISOString() }))
      .expect(201);
    await t.http.delete(`/api/communications/scheduled/${mine.body.data.id}`).set(other.auth).expect(404);
    expect((await rowOf(t, mine.body.data.id)).status).toBe('pending');
    for (const path of ['/api/communications/logs', '/api/communications/scheduled']) {
      const list = await t.http.get(path).set(other.auth).expect(200);
      expect(list.body.data).toEqual([]);
    }
    const recipients = await t.http.get('/api/communications/recipients').set(org.auth).expect(200);
    const ids = recipients.body.data.map((r: { id: string }) => r.id);
    expect(ids).toContain(student.id);
    expect(ids).toContain(org.userId);
    expect(ids).not.toContain(stranger.id);
    expect(ids).not.toContain(other.userId);
    await t.http.get(`/api/students/${stranger.id}/communications`).set(org.auth).expect(404);
    const history = await t.http.get(`/api/students/${student.id}/communications`).set(org.auth).expect(200);
    expect(history.body.data.length).toBeGreaterThan(0);
    expect(history.body.data.every((x: { recipient_id: string }) => x.recipient_id === student.id)).toBe(true);
    const tpl = await t.http
      .post('/api/communications/templates')
      .set(org.auth)
      .send({ name: 'Mine', type: 'email', subject_template: 'Hi', message_template: 'Hello {{firstName}}' })
      .expect(201);
    await t.http.get(`/api/communications/templates/${tpl.body.data.id}`).set(other.auth).expect(404);
    await t.http
      .put(`/api/communications/templates/${tpl.body.data.id}`)
      .set(other.auth)
      .send({ name: 'Stolen', type: 'email', message_template: 'x' })
      .expect(404);
    await t.http.delete(`/api/communications/templates/${tpl.body.data.id}`).set(other.auth).expect(404);
    const others = await t.http.get('/api/communications/templates').set(other.auth).expect(200);
    expect(others.body.data).toEqual([]);
    await t.http
      .post('/api/communications/send')
      .set(other.auth)
      .send({ ...email({ recipientId: stranger.id }), templateId: tpl.body.data.id })
      .expect(404);
  });

  it('should validate template variables and keep a react-admin list', async () => {
    const bad = await t.http
      .post('/api/communications/templates')
      .set(org.auth)
      .send({ name: 'Bad', type: 'email', subject_template: '{{className}}', message_template: 'Hi {{nickname}}' })
      .expect(400);
    expect(bad.body.error).toMatch(/^Unknown variable \{\{nickname\}\}\. Available: \{\{firstName\}\}/);
    const ok = await t.http
      .post('/api/communications/templates')
      .set(org.auth)
      .send({
        name: 'Room',
        type: 'email',
        subject_template: '{{className}} moved',
        message_template: 'Hi {{firstName}}, {{className}} is at {{location}}',
      })
      .expect(201);
    expect(ok.body.data).toMatchObject({ variables: ['className', 'firstName', 'location'], is_active: true, kind: 'manual' });
    const list = await t.http
      .get('/api/communications/templates')
      .query({ sort: '["name","ASC"]', range: '[0,9]' })
      .set(org.auth)
      .expect(200);
    expect(list.headers['content-range']).toMatch(/^communications\/templates 0-\d+\/\d+$/);
    const upd = await t.http
      .put(`/api/communications/templates/${ok.body.data.id}`)
      .set(org.auth)
      .send({ name: 'Room', type: 'sms', message_template: '{{className}} moved', is_active: false })
      .expect(200);
    expect(upd.body.data).toMatchObject({ type: 'sms', subject_template: null, is_active: false, variables: ['className'] });
    await t.http.delete(`/api/communications/templates/${ok.body.data.id}`).set(org.auth).expect(200);
  });
});
