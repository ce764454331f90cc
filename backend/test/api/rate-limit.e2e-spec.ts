import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PostgresThrottlerStorage } from '../../src/modules/rate-limits/postgres-throttler.storage';
import { createClass, createOrg, registerBody, studentBody } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Sign-in, sign-up, reset and the contact form are limited per client IP through @nestjs/throttler
 * (the per-account limit, counted in PostgreSQL, is in auth.e2e-spec and security-defects).
 */
describe('per-IP rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      CONTACT_RATE_LIMIT_PER_HOUR: '2',
      CARD_INTENT_RATE_LIMIT_PER_MINUTE: '2',
      REGISTRATION_RATE_LIMIT_PER_MINUTE: '3',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should answer 429 after the per-minute budget of one IP', async () => {
    const attempts = [];
    for (let i = 0; i < 4; i++)
      attempts.push((await t.http.post('/api/auth/signin').send({ email: 'x@example.com', password: 'wrong-pass' })).status);
    expect(attempts).toEqual([401, 401, 401, 429]);
    const limited = await t.http.post('/api/auth/signin').send({ email: 'x@example.com', password: 'wrong-pass' }).expect(429);
    expect(limited.body).toEqual({ success: false, data: null, error: 'Too many attempts. Please wait a few minutes and try again.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('should count each action on its own', async () => {
    for (let i = 0; i < 3; i++)
      await t.http
        .post('/api/auth/reset-password')
        .send({ email: `r${i}@example.com` })
        .expect(200);
    await t.http.post('/api/auth/reset-password').send({ email: 'r9@example.com' }).expect(429);
    await t.http
      .post('/api/auth/signup')
      .send({ email: 'new@example.com', password: 'secret1', firstName: 'N', lastName: 'U' })
      .expect(201);
  });

  it('should limit the contact form per IP per hour and leave unmarked routes alone', async () => {
    const message = { name: 'N', email: 'n@example.com', message: 'Hello' };
    await t.http.post('/api/contact').send(message).expect(201);
    await t.http.post('/api/contact').send(message).expect(201);
    const limited = await t.http.post('/api/contact').send(message).expect(429);
    expect(limited.body.error).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    for (let i = 0; i < 5; i++) await t.http.get('/api/health').expect(200);
  });

  it('should limit card seat holds per IP per minute with the readable 429, before any seat is touched', async () => {
    // Local mode (no Stripe key): the route answers 503 itself; the limit is checked before the handler runs.
    const body = { classId: '00000000-0000-4000-8000-000000000001', organizationId: '00000000-0000-4000-8000-000000000002', amount: 80 };
    const intent = (email: string) =>
      t.http.post('/api/payments/create-intent').send({
        ...body,
        studentData: { firstName: 'Rate', lastName: 'Limit', email, phone: '5595551234', communicationOptIn: true },
      });
    expect((await intent('a@example.com')).status).toBe(503);
    expect((await intent('b@example.com')).status).toBe(503);
    const limited = await intent('c@example.com').expect(429);
    expect(limited.body).toEqual({ success: false, data: null, error: 'Too many attempts. Please wait a few minutes and try again.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Its own count: confirming a payment and signing in are not limited by it.
    expect((await t.http.post('/api/payments/confirm-enrollment').send({})).status).toBe(400);
  });

  it('should limit public registrations and waitlist joins per IP per minute, each on its own count, writing nothing when refused', async () => {
    const org = await createOrg(t);
    const cls = await createClass(t, org, { maxStudents: 20 });
    for (let i = 0; i < 3; i++) await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201);
    const refused = registerBody(org.orgId, cls.id);
    const limited = await t.http.post('/api/students/register').send(refused).expect(429);
    expect(limited.body.error).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM students WHERE lower(email) = lower($1)', [refused.email]);
    expect(n).toBe(0);
    const [{ enrolled_students: seats }] = await t.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [cls.id]);
    expect(seats).toBe(3);
    // A full class still answers 'full' to this client over its budget: that answer takes no seat and sends no email
    // (what the budget protects), so it is given before the request is counted, from one statement.
    const full = await createClass(t, org, { maxStudents: 1 });
    await t.db.query('UPDATE classes SET enrolled_students = max_students WHERE id = $1', [full.id]);
    const fullAnswer = await t.http.post('/api/students/register').send(registerBody(org.orgId, full.id)).expect(409);
    expect(fullAnswer.body.code).toBe('CLASS_FULL');
    await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(429);

    // Joining a waitlist has its own count (a seat is free here, so the server says register instead: 409).
    const join = () => t.http.post(`/api/classes/${cls.id}/waitlist`).send({ organizationId: org.orgId, ...studentBody() });
    expect([(await join()).status, (await join()).status, (await join()).status, (await join()).status]).toEqual([409, 409, 409, 429]);
  });
});

/** The counters live in PostgreSQL: N instances on one database spend one budget, not N. */
describe('per-IP rate limits across two instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const limits = { AUTH_RATE_LIMIT_PER_MINUTE: '4', REGISTRATION_RATE_LIMIT_PER_MINUTE: '3', CARD_INTENT_RATE_LIMIT_PER_MINUTE: '2' };
    a = await createTestApp(limits);
    b = await createTestApp(limits, { databaseUrl: a.url });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('should hold the sign-in budget as for one instance when requests alternate between them', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await (i % 2 ? b : a).http.post('/api/auth/signin').send({ email: 'y@example.com', password: 'wrong-pass' })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    const [row] = await a.db.query("SELECT hits, blocked_until > now() AS blocked FROM rate_limit_counters WHERE key LIKE 'auth:%'");
    expect(row).toEqual({ hits: 5, blocked: true });
  });

  it('should count concurrent registrations on both instances once each, refusing all beyond the budget', async () => {
    const org = await createOrg(a);
    const cls = await createClass(a, org, { maxStudents: 50 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? b : a).http.post('/api/students/register').send(registerBody(org.orgId, cls.id))),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
    const [{ enrolled_students: seats }] = await a.db.query('SELECT enrolled_students FROM classes WHERE id = $1', [cls.id]);
    expect(seats).toBe(3);
  });

  it('should hold the card-hold budget across instances', async () => {
    const body = { classId: '00000000-0000-4000-8000-000000000001', organizationId: '00000000-0000-4000-8000-000000000002', amount: 80 };
    const intent = (t: TestApp, email: string) =>
      t.http.post('/api/payments/create-intent').send({
        ...body,
        studentData: { firstName: 'Rate', lastName: 'Limit', email, phone: '5595551234', communicationOptIn: true },
      });
    expect([
      (await intent(a, 'a@example.com')).status,
      (await intent(b, 'b@example.com')).status,
      (await intent(a, 'c@example.com')).status,
    ]).toEqual([503, 503, 429]);
  });

  it('should sweep counters whose window has passed and start counting again', async () => {
    await a.db.query("UPDATE rate_limit_counters SET window_ends = now() - interval '1 second', blocked_until = NULL");
    expect(await b.app.get(PostgresThrottlerStorage).sweep()).toBeGreaterThan(0);
    const [{ n }] = await a.db.query('SELECT count(*)::int AS n FROM rate_limit_counters');
    expect(n).toBe(0);
    await b.http.post('/api/auth/signin').send({ email: 'y@example.com', password: 'wrong-pass' }).expect(401);
  });

  it('should keep the counters in an UNLOGGED table (no write-ahead log for a write on every limited request)', async () => {
    const [{ persistence }] = await a.db.query("SELECT relpersistence AS persistence FROM pg_class WHERE relname = 'rate_limit_counters'");
    expect(persistence).toBe('u');
  });
});
