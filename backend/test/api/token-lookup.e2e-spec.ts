import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const SECRET = 'test-secret-test-secret-test-secret-0123456789'; // test-app.ts
const sign = (claims: { sub: string; jti: string }, audience = 'classlane:org') =>
  jwt.sign({}, SECRET, { subject: claims.sub, jwtid: claims.jti, audience, issuer: 'classlane', algorithm: 'HS256', expiresIn: '1h' });

/** The token's user and its revocation, read in one statement (modules/auth). */
describe('Token-user lookup', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should accept a well-signed token of an existing user', async () => {
    const res = await t.http
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${sign({ sub: org.userId, jti: randomUUID() })}`)
      .expect(200);
    expect(res.body.data.id).toBe(org.userId);
  });

  it('should answer 401, never 500, for a signed token whose subject or id is not a UUID', async () => {
    for (const claims of [
      { sub: 'not-a-uuid', jti: randomUUID() },
      { sub: org.userId, jti: 'not-a-uuid' },
    ]) {
      const res = await t.http
        .get('/api/classes?range=[0,9]')
        .set('Authorization', `Bearer ${sign(claims)}`)
        .expect(401);
      expect(res.body).toEqual({ success: false, data: null, error: expect.any(String) });
    }
  });

  it('should refuse a revoked token and a token of a deleted user', async () => {
    const jti = randomUUID();
    const token = sign({ sub: org.userId, jti });
    await t.http.get('/api/students').set('Authorization', `Bearer ${token}`).expect(200);
    await t.db.query("INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, now() + interval '1 hour')", [jti]);
    await t.http.get('/api/students').set('Authorization', `Bearer ${token}`).expect(401);

    const other = await createOrg(t);
    const otherToken = sign({ sub: other.userId, jti: randomUUID() });
    await t.http.get('/api/students').set('Authorization', `Bearer ${otherToken}`).expect(200);
    await t.db.query('DELETE FROM users WHERE id = $1', [other.userId]);
    await t.http.get('/api/students').set('Authorization', `Bearer ${otherToken}`).expect(401);
  });

  it('should refuse a staff-audience token on organization routes', async () => {
    await t.http
      .get('/api/students')
      .set('Authorization', `Bearer ${sign({ sub: org.userId, jti: randomUUID() }, 'classlane:staff')}`)
      .expect(401);
  });
});
