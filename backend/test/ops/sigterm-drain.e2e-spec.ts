import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { Client } from 'pg';
import request from 'supertest';
import { ensureBuilt, freePort, registerContinuously, spawnServer, waitForHealth } from '../fixtures/built-server';
import { createClass, createOrg, registerBody } from '../fixtures/org.fixture';
import { createTestDatabase, type TestApp } from '../setup/test-app';

/**
 * A literal SIGTERM to the built server running as its own process (as `npm start` and a container run it), under
 * registration load: readiness turns 503 first while requests are still answered, then no new connection is
 * accepted, a request already being received when the server closed still completes with 201, the process exits 0
 * within its grace period, and the database holds exactly the registrations that were answered 201.
 */
const DELAY_MS = 1500;
const TIMEOUT_MS = 10_000;

describe('SIGTERM on the built server', () => {
  let child: ChildProcess | null = null;
  let db: Client;
  let port: number;
  let base: string;
  beforeAll(async () => {
    ensureBuilt();
    const url = await createTestDatabase();
    db = new Client({ connectionString: url });
    await db.connect();
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawnServer(port, {
      DATABASE_URL: url,
      JOBS_ENABLED: 'true',
      JOBS_INTERVAL_MS: '100',
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
      SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      REGISTRATION_RATE_LIMIT_PER_MINUTE: '100000',
    });
    await waitForHealth(port);
  }, 300_000);
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await db.end();
  });

  it('should drain: ready 503 first, in-flight requests answered, no new connections, exit 0, nothing half-written', async () => {
    // The fixtures speak to the spawned server over HTTP and to its database directly.
    const remote = { http: request(base), db: { query: async (sql: string, p?: unknown[]) => (await db.query(sql, p)).rows } };
    const org = await createOrg(remote as unknown as TestApp, { plan: 'professional' });
    const cls = await createClass(remote as unknown as TestApp, org, { maxStudents: 5000 });

    // One registration whose body is still arriving when the server stops listening: it is in flight at the close.
    const slowBody = registerBody(org.orgId, cls.id);
    const slowText = JSON.stringify(slowBody);
    let slowAnswer: (v: { status: number; body: string }) => void;
    const slowReply = new Promise<{ status: number; body: string }>((r) => (slowAnswer = r));
    const slow = http.request(
      `${base}/api/students/register`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(slowText) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => slowAnswer({ status: res.statusCode!, body: text }));
      },
    );
    slow.write(slowText.slice(0, 20));
    slow.flushHeaders();

    const load = registerContinuously(base, () => registerBody(org.orgId, cls.id), 6);
    const { outcomes } = load;
    for (let i = 0; i < 600 && load.created() < 10; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);

    const exited = new Promise<{ code: number | null; at: number }>((r) => child!.once('exit', (code) => r({ code, at: Date.now() })));
    const sentAt = Date.now();
    child!.kill('SIGTERM');

    // First: not ready (the load balancer takes it out) but still answering, registrations included.
    let ready = 200;
    for (let i = 0; i < 50 && ready === 200; i++) {
      ready = (await fetch(`${base}/api/health/ready`)).status;
      if (ready === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(ready).toBe(503);
    const readyAt = Date.now();
    expect(readyAt - sentAt).toBeLessThan(DELAY_MS);
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    const ok = load.created;
    const okAtReady503 = ok();

    // After the delay: the listening socket is closed, a new connection is refused, while the slow request is still
    // open (so the process is still there).
    await new Promise((r) => setTimeout(r, DELAY_MS + 500 - (Date.now() - sentAt)));
    const fresh = await new Promise<string>((resolve) => {
      const req = http.get(`${base}/api/health/live`, { agent: false }, (res) => resolve(`answered ${res.statusCode}`));
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
    });
    expect(fresh).toBe('ECONNREFUSED');
    // Registrations kept being answered while readiness said 503 (the load balancer's time to notice).
    expect(ok()).toBeGreaterThan(okAtReady503);
    expect(child!.exitCode).toBeNull();

    // The request in flight at the close completes normally.
    slow.end(slowText.slice(20));
    const slowDone = await slowReply;
    expect(slowDone.status).toBe(201);

    const { code, at } = await exited;
    await load.stop();
    expect(code).toBe(0);
    expect(at - sentAt).toBeLessThan(DELAY_MS + TIMEOUT_MS);
    console.log(
      `SIGTERM: ready 503 after ${readyAt - sentAt} ms, exit 0 after ${at - sentAt} ms; ${outcomes.length} registrations tried, ` +
        `${outcomes.filter((o) => o.status === 201).length} answered 201`,
    );

    // Every answer is a 201, or the closing server's 503, or a refused / closed connection: never another error.
    const other = outcomes.filter((o) => o.status !== 201 && o.status !== 503 && typeof o.status === 'number');
    expect(other).toEqual([]);

    // Nothing half-written: exactly the registrations answered 201 are in the database, each with its seat and its
    // confirmation; none of the refused ones.
    const answered = new Set([...outcomes.filter((o) => o.status === 201).map((o) => o.email), slowBody.email]);
    const { rows } = await db.query(
      `SELECT s.email FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.class_id = $1 AND e.status = 'active'`,
      [cls.id],
    );
    expect(rows.map((r) => r.email).sort()).toEqual([...answered].sort());
    const [{ seats }] = (await db.query('SELECT enrolled_students AS seats FROM classes WHERE id = $1', [cls.id])).rows;
    expect(seats).toBe(answered.size);
    const [{ students }] = (await db.query('SELECT count(*)::int AS students FROM students WHERE organization_id = $1', [org.orgId])).rows;
    expect(students).toBe(answered.size);
    const [{ mails, sending }] = (
      await db.query(
        `SELECT count(*) FILTER (WHERE kind = 'confirmation')::int AS mails, count(*) FILTER (WHERE status = 'sending')::int AS sending
           FROM communications WHERE organization_id = $1`,
        [org.orgId],
      )
    ).rows;
    expect({ mails, sending }).toEqual({ mails: answered.size, sending: 0 });
  }, 120_000);
});
