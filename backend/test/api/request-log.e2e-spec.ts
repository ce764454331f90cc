import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { useRequestLogDestination } from '../../src/common/http/request-logger';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Request logs through pino: one JSON line per request, id propagated, secrets redacted. */
describe('Request log', () => {
  let t: TestApp;
  let org: OrgFixture;
  let lines: string[] = [];

  beforeAll(async () => {
    // The app's request lines come here instead of stdout.
    useRequestLogDestination({
      write: (chunk: string) => {
        lines.push(chunk);
      },
    });
    t = await createTestApp({ LOG_REQUESTS: 'true' });
    org = await createOrg(t);
  });
  afterAll(async () => {
    await t.close();
    useRequestLogDestination(null);
  });

  /** What the app logged while `fn` ran, one parsed JSON object per request line. */
  async function capture(fn: () => Promise<unknown>) {
    lines = [];
    await fn();
    return lines
      .join('')
      .split('\n')
      .filter((l) => l.includes('"msg":"request"'))
      .map((l) => JSON.parse(l));
  }

  it('should write one JSON line per request with the client request id, user and organization', async () => {
    let res: { headers: Record<string, string> } = { headers: {} };
    const logged = await capture(async () => {
      res = await t.http
        .get('/api/classes?range=[0,9]')
        .set(org.auth)
        .set('X-Request-Id', 'trace-abc.123')
        .set('Cookie', 'session=cookie-secret')
        .expect(200);
    });
    expect(res.headers['x-request-id']).toBe('trace-abc.123');
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      requestId: 'trace-abc.123',
      req: { method: 'GET', path: '/api/classes' },
      res: { status: 200 },
      userId: org.userId,
      organizationId: org.orgId,
    });
    expect(typeof logged[0].ms).toBe('number');
    expect(typeof logged[0].time).toBe('string');
    // Neither the token, the cookie nor the query string reaches the log.
    const raw = lines.join('');
    expect(raw).not.toContain(org.token);
    expect(raw).not.toContain('cookie-secret');
    expect(raw).not.toContain('range=');
  });

  it('should generate an id when the client sends none or an unusable one, and log failures as warn', async () => {
    let res: { headers: Record<string, string> } = { headers: {} };
    const logged = await capture(async () => {
      res = await t.http.get('/api/students').set('X-Request-Id', 'bad id with spaces {}').expect(401);
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 'warn', requestId: res.headers['x-request-id'], res: { status: 401 } });
    expect(logged[0].userId).toBeUndefined();
  });

  it('should not log passwords or tokens of a sign-in', async () => {
    const raw = await capture(async () => {
      await t.http.post('/api/auth/signin').send({ email: org.email, password: org.password }).expect(200);
    });
    expect(raw).toHaveLength(1);
    expect(lines.join('')).not.toContain(org.password);
  });

  it('should log a public list answered by the fast path in the same shape', async () => {
    const logged = await capture(async () => {
      await t.http.get(`/api/classes?organizationId=${org.orgId}`).set('X-Request-Id', 'first').expect(200);
      await t.http.get(`/api/classes?organizationId=${org.orgId}`).set('X-Request-Id', 'second').expect(200);
    });
    expect(logged).toHaveLength(2);
    for (const [i, id] of ['first', 'second'].entries()) {
      expect(logged[i]).toMatchObject({
        level: 'info',
        msg: 'request',
        requestId: id,
        req: { method: 'GET', path: '/api/classes' },
        res: { status: 200 },
      });
    }
    expect(logged[1].fast).toBe(true);
  });
});
