import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { startSendGridStandIn } from '../stand-ins/sendgrid.stand-in';

/** The password-reset email goes out through the official SendGrid SDK (pointed at a local stand-in). */
describe('password reset through SendGrid', () => {
  let t: TestApp;
  let sendgrid: Awaited<ReturnType<typeof startSendGridStandIn>>;
  let org: OrgFixture;
  beforeAll(async () => {
    sendgrid = await startSendGridStandIn();
    t = await createTestApp({
      SENDGRID_API_KEY: 'SG.stand-in-key',
      SENDGRID_API_URL: sendgrid.url,
      SENDGRID_FROM: 'hello@classlane.test',
      PUBLIC_URL: 'https://classes.example',
    });
    org = await createOrg(t);
  });
  afterAll(async () => {
    await t.close();
    await sendgrid.close();
  });

  it('should email a one-time link that sets a new password', async () => {
    await t.http.post('/api/auth/reset-password').send({ email: org.email.toUpperCase() }).expect(200);
    expect(sendgrid.sent).toHaveLength(1);
    const mail = sendgrid.sent[0];
    expect(mail.authorization).toBe('Bearer SG.stand-in-key');
    expect(mail.body.personalizations[0].to[0].email).toBe(org.email);
    expect(mail.body.from.email).toBe('hello@classlane.test');
    expect(mail.body.subject).toBe('Reset your Classlane password');
    const link = /https:\/\/classes\.example\/reset-password\?token=([\w-]+)/.exec(mail.body.content[0].value);
    expect(link).not.toBeNull();
    const token = link![1];
    await t.http.post('/api/auth/reset-password/confirm').send({ token, password: 'fresh-password-1' }).expect(200);
    await t.http.post('/api/auth/signin').send({ email: org.email, password: 'fresh-password-1' }).expect(200);
    await t.http.post('/api/auth/signin').send({ email: org.email, password: org.password }).expect(401);
    const reuse = await t.http.post('/api/auth/reset-password/confirm').send({ token, password: 'other-password-1' }).expect(400);
    expect(reuse.body.error).toBe('This reset link is invalid or has expired');
  });

  it('should send nothing for an unknown email and answer the same', async () => {
    const before = sendgrid.sent.length;
    const res = await t.http.post('/api/auth/reset-password').send({ email: 'nobody-here@example.com' }).expect(200);
    expect(res.body.data).toEqual({ sent: true });
    expect(sendgrid.sent).toHaveLength(before);
  });

  it('should answer 502 with a readable message when the provider fails, and keep no usable token', async () => {
    sendgrid.failNextSend();
    const res = await t.http.post('/api/auth/reset-password').send({ email: org.email });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('We could not send the email right now. Please try again in a few minutes.');
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [
      org.userId,
    ]);
    expect(n).toBe(0);
  });
});
