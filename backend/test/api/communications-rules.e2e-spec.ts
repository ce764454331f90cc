import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createStudent, drain, jobsOf, PUBLIC_URL, queueNews, rowOf, startProviders, TWILIO } from '../fixtures/comms.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signTwilio } from '../stand-ins/twilio.stand-in';

/** The rules that protect students: STOP/START/HELP, signatures, 21610, the monthly cap, quiet hours, unsubscribe. */
describe('communications: rules that protect students', () => {
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
  beforeEach(() => {
    providers.sendgrid.script.clear();
    providers.twilio.script.clear();
  });

  const twilioPost = (path: string, params: Record<string, string>, signature?: string) =>
    t.http
      .post(path)
      .set('X-Twilio-Signature', signature ?? signTwilio(TWILIO.authToken, `${PUBLIC_URL}${path}`, params))
      .type('form')
      .send(params);
  const sms = (recipientId: string, message: string) =>
    t.http.post('/api/communications/send').set(org.auth).send({ recipientId, communicationType: 'sms', message });

  it('should refuse bad or missing Twilio signatures and change nothing', async () => {
    const params = { From: '+15595550111', Body: 'STOP' };
    await twilioPost('/api/webhooks/twilio/inbound', params, 'bad-signature').expect(400);
    await t.http.post('/api/webhooks/twilio/inbound').type('form').send(params).expect(400);
    await twilioPost('/api/webhooks/twilio/status', { MessageSid: 'SMx', MessageStatus: 'delivered' }, 'bad').expect(400);
    // Signed for another path: refused too.
    await twilioPost(
      '/api/webhooks/twilio/inbound',
      params,
      signTwilio(TWILIO.authToken, `${PUBLIC_URL}/api/webhooks/twilio/status`, params),
    ).expect(400);
    expect(await t.db.query('SELECT * FROM sms_opt_outs')).toEqual([]);
  });

  it('should honour STOP (a reminder is skipped: opted out), answer HELP, and send again after START', async () => {
    const s = await createStudent(t, org, { phone: '5595550222' });
    const stop = await twilioPost('/api/webhooks/twilio/inbound', { From: '+15595550222', Body: ' stop ' }).expect(200);
    expect(stop.headers['content-type']).toMatch(/^text\/xml/);
    const [{ id }] = await t.db.query(
      `INSERT INTO communications (organization_id, recipient_type, recipient_id, channel, to_address, message, kind)
       VALUES ($1, 'student', $2, 'sms', '+15595550222', 'Reminder: class tomorrow', 'reminder') RETURNING id`,
      [org.orgId, s.id],
    );
    await drain(t, 1);
    expect(await rowOf(t, id)).toMatchObject({ status: 'skipped', status_reason: 'opted out (STOP)' });
    expect(providers.twilio.sent.filter((m) => m.to === '+15595550222')).toHaveLength(0);
    const help = await twilioPost('/api/webhooks/twilio/inbound', { From: '+15595550222', Body: 'HELP' }).expect(200);
    expect(help.text).toContain('<Message>Classlane class messages');
    expect(help.text).toContain('Reply STOP to opt out');
    await twilioPost('/api/webhooks/twilio/inbound', { From: '+15595550222', Body: 'START' }).expect(200);
    const again = await sms(s.id, 'Back on').expect(201);
    await drain(t, 1);
    expect(await rowOf(t, again.body.data.id)).toMatchObject({ status: 'sent' });
    expect(providers.twilio.sent.filter((m) => m.to === '+15595550222')).toHaveLength(1);
  });

  it("should record Twilio's 21610 as an opt-out and never retry it", async () => {
    const s = await createStudent(t, org, { phone: '5595550333' });
    providers.twilio.optedOut.add('+15595550333');
    const res = await sms(s.id, 'Hello').expect(201);
    await drain(t, 3);
    expect(await rowOf(t, res.body.data.id)).toMatchObject({
      status: 'failed',
      status_reason: 'opted out (STOP)',
      error_code: '21610',
      attempts: 1,
    });
    expect(await t.db.query("SELECT opted_out, source FROM sms_opt_outs WHERE phone = '+15595550333'")).toEqual([
      { opted_out: true, source: 'twilio_21610' },
    ]);
  });

  it('should move an SMS to delivered or failed from signed status callbacks, never backwards', async () => {
    const s = await createStudent(t, org, { phone: '5595550444' });
    const res = await sms(s.id, 'Status please').expect(201);
    await drain(t, 1);
    const { provider_message_id: sid } = await rowOf(t, res.body.data.id);
    const ok = await twilioPost('/api/webhooks/twilio/status', { MessageSid: sid!, MessageStatus: 'delivered' }).expect(200);
    expect(ok.body).toEqual({ success: true, data: { received: true }, error: null });
    expect((await rowOf(t, res.body.data.id)).status).toBe('delivered');
    await twilioPost('/api/webhooks/twilio/status', { MessageSid: sid!, MessageStatus: 'sent' }).expect(200);
    expect((await rowOf(t, res.body.data.id)).status).toBe('delivered');
    const res2 = await sms(s.id, 'Will fail').expect(201);
    await drain(t, 1);
    const sid2 = (await rowOf(t, res2.body.data.id)).provider_message_id!;
    await twilioPost('/api/webhooks/twilio/status', { MessageSid: sid2, MessageStatus: 'undelivered', ErrorCode: '30003' }).expect(200);
    expect(await rowOf(t, res2.body.data.id)).toMatchObject({ status: 'failed', error_code: '30003', status_reason: 'Twilio error 30003' });
    await twilioPost('/api/webhooks/twilio/status', { MessageSid: 'SMunknown', MessageStatus: 'delivered' }).expect(200);
  });

  it('should send at most 5 non-transactional messages a month to a student; confirmations still go', async () => {
    const s = await createStudent(t, org);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.http
        .post('/api/communications/send')
        .set(org.auth)
        .send({ recipientId: s.id, communicationType: 'email', subject: `News ${i}`, message: 'Hello' })
        .expect(201);
      ids.push(res.body.data.id);
      await drain(t, 1);
    }
    const statuses = await Promise.all(ids.map((id) => rowOf(t, id)));
    expect(statuses.filter((r) => r.status === 'sent')).toHaveLength(5);
    expect(statuses[5]).toMatchObject({ status: 'skipped', status_reason: 'monthly limit of 5 messages reached' });
    const [{ id }] = await t.db.query(
      `INSERT INTO communications (organization_id, recipient_type, recipient_id, channel, to_address, subject, message, kind)
       VALUES ($1, 'student', $2, 'email', $3, 'Confirmed', 'You are registered', 'confirmation') RETURNING id`,
      [org.orgId, s.id, s.email],
    );
    await drain(t, 1);
    expect((await rowOf(t, id)).status).toBe('sent');
  });

  it('should hold the monthly cap inside one dispatch batch: six queued together, one run, five go', async () => {
    const s = await createStudent(t, org);
    const ids = await queueNews(t, org.orgId, s, 6);
    await jobsOf(t).tick();
    const statuses = await Promise.all(ids.map((id) => rowOf(t, id)));
    expect(statuses.slice(0, 5).map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(statuses[5]).toMatchObject({ status: 'skipped', status_reason: 'monthly limit of 5 messages reached' });
    expect(providers.sendgrid.sent.filter((m) => m.body.personalizations[0].to[0].email === s.email)).toHaveLength(5);
  });

  it('should turn the opt-in off through the signed one-click unsubscribe link', async () => {
    const s = await createStudent(t, org);
    const res = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send({ recipientId: s.id, communicationType: 'email', subject: 'Newsletter', message: 'News' })
      .expect(201);
    await drain(t, 1);
    const mail = providers.sendgrid.sent.find((m) => m.body.custom_args?.communicationId === res.body.data.id)!;
    const link = /^<(.+)>$/.exec(mail.body.headers!['List-Unsubscribe'])![1];
    const path = link.replace(PUBLIC_URL, '');
    const page = await t.http.get(path).expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Unsubscribe');
    const [{ before }] = await t.db.query('SELECT communication_opt_in AS before FROM students WHERE id = $1', [s.id]);
    expect(before).toBe(true);
    const done = await t.http.post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
    expect(done.text).toContain('You are unsubscribed');
    const [{ after }] = await t.db.query('SELECT communication_opt_in AS after FROM students WHERE id = $1', [s.id]);
    expect(after).toBe(false);
    const forged = await t.http
      .post(path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(400);
    expect(forged.body.error).toBe('This unsubscribe link is not valid');
    const next = await t.http
      .post('/api/communications/send')
      .set(org.auth)
      .send({ recipientId: s.id, communicationType: 'email', subject: 'More news', message: 'News' })
      .expect(201);
    await drain(t, 1);
    expect(await rowOf(t, next.body.data.id)).toMatchObject({ status: 'skipped', status_reason: 'opted out' });
    const text = await sms(s.id, 'Hi').expect(400);
    expect(text.body.error).toBe('This student has not opted in to text messages');
  });

  it('should postpone SMS during quiet hours (not drop them) and let email through', async () => {
    const h = new Date().getHours();
    const q = await createTestApp({ ...providers.env, SMS_QUIET_HOURS: `${h}-${(h + 2) % 24}` });
    try {
      const org = await createOrg(q);
      const s = await createStudent(q, org, { phone: '5595550555' });
      const text = await q.http
        .post('/api/communications/send')
        .set(org.auth)
        .send({ recipientId: s.id, communicationType: 'sms', message: 'Late' })
        .expect(201);
      const mail = await q.http
        .post('/api/communications/send')
        .set(org.auth)
        .send({ recipientId: s.id, communicationType: 'email', subject: 'Late', message: 'Late' })
        .expect(201);
      await drain(q, 1);
      expect((await rowOf(q, mail.body.data.id)).status).toBe('sent');
      expect(await rowOf(q, text.body.data.id)).toMatchObject({ status: 'pending', status_reason: 'quiet hours', attempts: 0 });
      const [{ next }] = await q.db.query('SELECT next_attempt_at AS next FROM communications WHERE id = $1', [text.body.data.id]);
      expect((next as Date).getHours()).toBe((h + 2) % 24);
      expect((next as Date).getMinutes()).toBe(0);
    } finally {
      await q.close();
    }
  });
});
