import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Sign-in, sign-up and reset are limited per client IP (the per-account limit is in auth.e2e-spec). */
describe('per-IP rate limits', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }); });
  afterAll(async () => { await t.close(); });

  it('should answer 429 after the per-minute budget of one IP', async () => {
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push((await t.http.post('/api/auth/signin').send({ email: 'x@example.com', password: 'wrong-pass' })).status);
    expect(attempts).toEqual([401, 401, 401, 429]);
    const limited = await t.http.post('/api/auth/signin').send({ email: 'x@example.com', password: 'wrong-pass' }).expect(429);
    expect(limited.body).toEqual({ success: false, data: null, error: 'Too many attempts. Please wait a few minutes and try again.' });
  });

  it('should count each action on its own', async () => {
    for (let i = 0; i < 3; i++) await t.http.post('/api/auth/reset-password').send({ email: `r${i}@example.com` }).expect(200);
    await t.http.post('/api/auth/reset-password').send({ email: 'r9@example.com' }).expect(429);
    await t.http.post('/api/auth/signup').send({ email: 'new@example.com', password: 'secret1', firstName: 'N', lastName: 'U' }).expect(201);
  });
});
