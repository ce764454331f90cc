import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import jwt from 'jsonwebtoken';
import { createOrg, createTeacher, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

describe('auth', () => {
  let t: TestApp;
  let org: OrgFixture;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrg(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('should sign up, sign in and read me', async () => {
    const res = await t.http.post('/api/auth/signin').send({ email: org.email, password: org.password }).expect(200);
    expect(res.body.data.user).toMatchObject({ email: org.email, role: 'admin', organizationId: org.orgId });
    expect(res.body.data.user.passwordHash).toBeUndefined();
    const me = await t.http
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${res.body.data.token}` })
      .expect(200);
    expect(me.body.data.id).toBe(org.userId);
  });

  it('should answer the same for an unknown email and a wrong password', async () => {
    const unknown = await t.http.post('/api/auth/signin').send({ email: 'nobody@example.com', password: 'whatever1' }).expect(401);
    const wrong = await t.http.post('/api/auth/signin').send({ email: org.email, password: 'wrong-pass' }).expect(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ success: false, data: null, error: 'Invalid email or password' });
  });

  it('should refuse a duplicate sign-up with 409 and validate the fields', async () => {
    await t.http.post('/api/auth/signup').send({ email: org.email, password: 'secret-pass-1', firstName: 'A', lastName: 'B' }).expect(409);
    const bad = await t.http
      .post('/api/auth/signup')
      .send({ email: 'x@example.com', password: '123', firstName: 'A', lastName: 'B' })
      .expect(400);
    expect(bad.body.errors.password).toBe('Password must be at least 6 characters long');
    const role = await t.http
      .post('/api/auth/signup')
      .send({ email: 'y@example.com', password: '123456', firstName: 'A', lastName: 'B', role: 'teacher' })
      .expect(400);
    expect(role.body.errors.role).toBeDefined();
  });

  it('should reject tokens with alg none, a wrong audience, a changed claim or after sign-out', async () => {
    const none = jwt.sign({ sub: org.userId, jti: '00000000-0000-4000-8000-000000000000', aud: 'classlane:org', iss: 'classlane' }, '', {
      algorithm: 'none',
    });
    await t.http
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${none}` })
      .expect(401);
    const wrongAud = jwt.sign({ sub: org.userId, jti: '00000000-0000-4000-8000-000000000001' }, SECRET, {
      audience: 'classlane:staff',
      issuer: 'classlane',
      expiresIn: '1h',
    });
    await t.http
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${wrongAud}` })
      .expect(401);
    const [h, p, s] = org.token.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [
      h,
      Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000009' })).toString('base64url'),
      s,
    ].join('.');
    await t.http
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${tampered}` })
      .expect(401);
    const expired = jwt.sign({ sub: org.userId, jti: '00000000-0000-4000-8000-000000000002' }, SECRET, {
      audience: 'classlane:org',
      issuer: 'classlane',
      expiresIn: -10,
    });
    await t.http
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${expired}` })
      .expect(401);

    const session = await t.http.post('/api/auth/signin').send({ email: org.email, password: org.password }).expect(200);
    const auth = { Authorization: `Bearer ${session.body.data.token}` };
    await t.http.post('/api/auth/signout').set(auth).expect(200);
    await t.http.get('/api/auth/me').set(auth).expect(401);
  });

  it('should need a token by default', async () => {
    const res = await t.http.get('/api/auth/me').expect(401);
    expect(res.body).toMatchObject({ success: false, error: 'Authentication required' });
    await t.http.get('/api/students').expect(401);
  });

  it('should let an admin create teachers in their organization only, and keep teachers out of admin routes', async () => {
    const teacher = await createTeacher(t, org);
    const list = await t.http.get('/api/auth/users').set(org.auth).expect(200);
    expect(list.body.data.map((u: { email: string }) => u.email)).toEqual(expect.arrayContaining([org.email, teacher.email]));
    expect(list.body.data.every((u: { organizationId: string }) => u.organizationId === org.orgId)).toBe(true);
    const denied = await t.http.get('/api/auth/users').set(teacher.auth).expect(403);
    expect(denied.body.error).toMatch(/admin/);
    await t.http
      .post('/api/auth/users')
      .set(org.auth)
      .send({
        email: 'z@example.com',
        password: 'secret1',
        firstName: 'Z',
        lastName: 'Z',
        role: 'admin',
        organizationId: '00000000-0000-4000-8000-000000000000',
      })
      .expect(403);
  });

  it('should remove a teacher but never yourself', async () => {
    const teacher = await createTeacher(t, org);
    const users = await t.http.get('/api/auth/users').set(org.auth).expect(200);
    const id = users.body.data.find((u: { email: string }) => u.email === teacher.email).id;
    await t.http.delete(`/api/auth/users/${org.userId}`).set(org.auth).expect(403);
    await t.http.delete(`/api/auth/users/${id}`).set(org.auth).expect(200);
    await t.http.get('/api/auth/me').set(teacher.auth).expect(401);
  });

  it('should reset a password with a one-time token', async () => {
    await t.http.post('/api/auth/reset-password').send({ email: 'nobody@example.com' }).expect(200);
    const res = await t.http.post('/api/auth/reset-password').send({ email: org.email }).expect(200);
    expect(res.body.data).toEqual({ sent: true });
    // The raw token only travels by email; put a known one in place to exercise the confirm endpoint.
    const { createHash } = await import('node:crypto');
    const token = 'known-reset-token-0123456789abcdef';
    await t.db.query("INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')", [
      org.userId,
      createHash('sha256').update(token).digest('hex'),
    ]);
    await t.http.post('/api/auth/reset-password/confirm').send({ token, password: 'brand-new-pass' }).expect(200);
    await t.http.post('/api/auth/reset-password/confirm').send({ token, password: 'another-pass' }).expect(400);
    const again = await t.http.post('/api/auth/signin').send({ email: org.email, password: 'brand-new-pass' }).expect(200);
    org.password = 'brand-new-pass';
    // The reset ended the earlier sessions; the following tests use the new one.
    org.token = again.body.data.token;
    org.auth = { Authorization: `Bearer ${org.token}` };
    const expired = 'expired-reset-token-0123456789abcd';
    await t.db.query("INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, now() - interval '1 minute')", [
      org.userId,
      createHash('sha256').update(expired).digest('hex'),
    ]);
    await t.http.post('/api/auth/reset-password/confirm').send({ token: expired, password: 'brand-new-pass2' }).expect(400);
  });

  it('should limit failed sign-ins per account to 100 an hour', async () => {
    const victim = await createOrg(t);
    await t.db.query('INSERT INTO auth_failures (account) SELECT $1 FROM generate_series(1, 100)', [`user:${victim.email}`]);
    const res = await t.http.post('/api/auth/signin').send({ email: victim.email, password: victim.password }).expect(429);
    expect(res.body.error).toMatch(/Too many failed sign-in attempts/);
  });

  it('should update the profile but never move the user to another organization', async () => {
    const res = await t.http.put('/api/auth/profile').set(org.auth).send({ firstName: 'Grace', organizationId: org.orgId }).expect(200);
    expect(res.body.data.firstName).toBe('Grace');
    await t.http.put('/api/auth/profile').set(org.auth).send({ organizationId: '00000000-0000-4000-8000-000000000000' }).expect(403);
    await t.http.put('/api/auth/profile').set(org.auth).send({ role: 'teacher' }).expect(400);
  });

  it('should give platform staff their own sign-in and refuse organization tokens there', async () => {
    await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'wrong' }).expect(401);
    const res = await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'staff-password-1' }).expect(200);
    const staffAuth = { Authorization: `Bearer ${res.body.data.token}` };
    await t.http.post('/api/admin/auth/signout').set(org.auth).expect(401);
    await t.http.get('/api/auth/me').set(staffAuth).expect(401);
    await t.http.post('/api/admin/auth/signout').set(staffAuth).expect(200);
    await t.http.post('/api/admin/auth/signout').set(staffAuth).expect(401);
  });
});
