import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { gracefulShutdown } from '../../src/common/http/shutdown';
import { createClass, createOrg, registerBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Liveness and readiness, and the SIGTERM drain: an instance stopped under load loses no answered request. */
describe('health: live, ready and the drain', () => {
  let a: TestApp;
  let b: TestApp;
  let org: OrgFixture;
  const jobs = { JOBS_ENABLED: 'true', JOBS_INTERVAL_MS: '50' };
  beforeAll(async () => {
    a = await createTestApp(jobs);
    b = await createTestApp(jobs, { databaseUrl: a.url });
    org = await createOrg(a, { plan: 'professional' });
  });
  afterAll(async () => {
    await b.close();
  });

  it('should answer live and ready, with the database and the migrations checked', async () => {
    expect((await a.http.get('/api/health/live').expect(200)).body).toEqual({ success: true, data: { status: 'ok' }, error: null });
    const ready = await a.http.get('/api/health/ready').expect(200);
    expect(ready.body.data).toEqual({ status: 'ready', database: 'up', migrations: 'applied' });
  });

  it('should not be ready while a migration is pending', async () => {
    const [last] = await a.db.query('SELECT id, timestamp, name FROM migrations ORDER BY timestamp DESC LIMIT 1');
    await a.db.query('DELETE FROM migrations WHERE id = $1', [last.id]);
    const fresh = await createTestApp({}, { databaseUrl: a.url });
    try {
      const res = await fresh.http.get('/api/health/ready').expect(503);
      expect(res.body.data).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending' });
    } finally {
      await a.db.query('INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)', [last.id, last.timestamp, last.name]);
    }
    await fresh.http.get('/api/health/ready').expect(200);
    // Kept open until the end: closing an app early breaks the others' prepared statements (see waitlist-seats).
    extra.push(fresh);
  });
  const extra: TestApp[] = [];
  afterAll(async () => {
    for (const t of extra) await t.close();
  });

  it('should drain on shutdown under load: ready 503 first, in-flight requests finished, no answered registration lost', async () => {
    await a.app.listen(0, '127.0.0.1');
    await b.app.listen(0, '127.0.0.1');
    const urlA = (await a.app.getUrl()).replace('[::1]', '127.0.0.1');
    const urlB = (await b.app.getUrl()).replace('[::1]', '127.0.0.1');
    const cls = await createClass(a, org, { maxStudents: 5000 });

    type Outcome = { email: string; status: number; by: 'a' | 'b'; errorOnA?: string };
    const outcomes: Outcome[] = [];
    let stop = false;
    const post = (base: string, body: unknown) =>
      fetch(`${base}/api/students/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // A load balancer's behaviour: send to a; a refused connection or a 503 is sent again to b.
    async function worker() {
      while (!stop) {
        const body = registerBody(org.orgId, cls.id);
        let errorOnA: string | undefined;
        try {
          const res = await post(urlA, body);
          await res.arrayBuffer();
          if (res.status !== 503) {
            outcomes.push({ email: body.email, status: res.status, by: 'a' });
            continue;
          }
          errorOnA = '503';
        } catch (e) {
          errorOnA = String((e as { cause?: { code?: string } }).cause?.code ?? e);
        }
        const res = await post(urlB, body);
        await res.arrayBuffer();
        outcomes.push({ email: body.email, status: res.status, by: 'b', errorOnA });
      }
    }
    const workers = Array.from({ length: 8 }, () => worker());
    await new Promise((r) => setTimeout(r, 1500));

    // The grace period of the compose file (25 s): on a machine busy with other tests, requests take seconds each.
    const draining = gracefulShutdown(a.app, { delayMs: 400, timeoutMs: 25_000 });
    // During the delay: not ready (the load balancer takes it out), yet still answering.
    const ready = await fetch(`${urlA}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { data: unknown }).data).toEqual({ status: 'draining', database: 'up', migrations: 'unknown' });
    expect((await fetch(`${urlA}/api/health/live`)).status).toBe(200);
    const drained = await draining;
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(workers);

    expect(drained.finished).toBe(true);
    const byA = outcomes.filter((o) => o.by === 'a');
    const moved = outcomes.filter((o) => o.by === 'b');
    // Requests were being answered when the drain began, and the load then moved to b.
    expect(byA.length).toBeGreaterThan(5);
    expect(drained.inFlightAtClose).toBeGreaterThan(0);
    expect(moved.length).toBeGreaterThan(0);
    // Every request got a 201: from a before it closed, or from b after a refused it (no 5xx, no 409 "already
    // registered", which would mean a did the work but its answer was lost).
    expect(outcomes.filter((o) => o.status !== 201)).toEqual([]);
    // ...and each answered registration is in the database exactly once.
    const rows = await b.db.query(
      `SELECT s.email, count(*)::int AS n FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.class_id = $1 GROUP BY s.email`,
      [cls.id],
    );
    expect(rows).toHaveLength(outcomes.length);
    expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    const [{ enrolled }] = await b.db.query('SELECT enrolled_students AS enrolled FROM classes WHERE id = $1', [cls.id]);
    expect(enrolled).toBe(outcomes.length);
    // The outbox: one confirmation per registration, none left mid-send by the stopped instance's dispatch.
    // b is still dispatching: a row it is sending now finishes within moments, while a row abandoned mid-send by the
    // stopped instance would stay 'sending' until its lease runs out (minutes).
    const sending = async () =>
      (await b.db.query(`SELECT count(*)::int AS n FROM communications WHERE organization_id = $1 AND status = 'sending'`, [org.orgId]))[0]
        .n as number;
    let stuck = await sending();
    for (let i = 0; i < 100 && stuck > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      stuck = await sending();
    }
    expect(stuck).toBe(0);
    const confirmations = await b.db.query(
      `SELECT count(*)::int AS n, count(DISTINCT to_address)::int AS people FROM communications WHERE organization_id = $1 AND kind = 'confirmation'`,
      [org.orgId],
    );
    expect(confirmations[0]).toEqual({ n: outcomes.length, people: outcomes.length });
    // The other instance carries on.
    await b.http.get('/api/health/ready').expect(200);
  });
});
