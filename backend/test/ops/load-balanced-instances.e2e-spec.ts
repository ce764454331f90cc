import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';
import request from 'supertest';
import { ensureBuilt, freePort, registerContinuously, spawnServer, waitForHealth } from '../fixtures/built-server';
import { createClass, createOrg, registerBody } from '../fixtures/org.fixture';
import { startRoundRobinProxy, type RoundRobinProxy } from '../fixtures/round-robin-proxy';
import { createTestDatabase, type TestApp } from '../setup/test-app';

/**
 * The deployment's topology (docker-compose.yml: two instances behind Caddy on one PostgreSQL), without Docker: two
 * built servers as their own processes, behind a load balancer that does what the Caddyfile configures (round robin,
 * active readiness checks, a refused connection tried on the other instance). Through it, the two instances keep one
 * rate-limit budget, and a rolling restart (SIGTERM one, start it again, then the other) under registration load loses
 * nothing: every registration a client sent is answered 201 and is in the database exactly once.
 */
const AUTH_LIMIT = 5;
const env = (url: string) => ({
  DATABASE_URL: url,
  JOBS_ENABLED: 'true',
  JOBS_INTERVAL_MS: '200',
  // Longer than a few of the balancer's checks, so it has stopped sending new requests before the socket closes.
  SHUTDOWN_DELAY_MS: '1000',
  SHUTDOWN_TIMEOUT_MS: '10000',
  AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
  REGISTRATION_RATE_LIMIT_PER_MINUTE: '100000',
});

describe('two instances behind a load balancer', () => {
  const ports: number[] = [];
  const children: (ChildProcess | null)[] = [null, null];
  let url: string;
  let db: Client;
  let proxy: RoundRobinProxy;
  const start = async (i: number) => {
    children[i] = spawnServer(ports[i], env(url));
    await waitForHealth(ports[i]);
  };
  beforeAll(async () => {
    ensureBuilt();
    url = await createTestDatabase();
    db = new Client({ connectionString: url });
    await db.connect();
    ports.push(await freePort(), await freePort());
    await Promise.all([start(0), start(1)]);
    proxy = await startRoundRobinProxy(ports, { healthIntervalMs: 100 });
    await new Promise((r) => setTimeout(r, 300));
  }, 300_000);
  // The registration load, stopped in afterAll too: a failed expectation must not leave it running, or the proxy
  // never closes (its connections are never idle) and the file's teardown hangs.
  let load: ReturnType<typeof registerContinuously> | null = null;
  afterAll(async () => {
    await load?.stop();
    await proxy?.close();
    for (const c of children) if (c && c.exitCode === null) c.kill('SIGKILL');
    await db?.end();
  });

  it('should keep the connection rules of each hop to itself, as Caddy does', async () => {
    // The instance's own Keep-Alive (125 s) is not passed on: the client keeps an idle connection to the balancer
    // only as long as the balancer does (Node's 5 s), so it never sends on one the balancer is closing.
    const res = await fetch(`${proxy.url}/api/health/live`);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    expect(res.headers.get('keep-alive')).toBe('timeout=5');
  });

  it('should count one sign-in budget for a client, whichever instance answers', async () => {
    const before = new Map(proxy.served);
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_LIMIT * 2; i++) {
      const res = await fetch(`${proxy.url}/api/auth/signin`, {
        method: 'POST',
        // The client's address as the balancer reports it (a documentation address, so no other test shares it).
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password-1' }),
      });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    // Both instances answered some of them, and together they let exactly the budget through.
    for (const p of ports) expect(proxy.served.get(p)! - before.get(p)!).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(AUTH_LIMIT);
    expect(statuses.slice(AUTH_LIMIT)).toEqual(Array(AUTH_LIMIT).fill(429));
  });

  it('should lose no registration through a rolling restart of both instances', async () => {
    const remote = { http: request(proxy.url), db: { query: async (sql: string, p?: unknown[]) => (await db.query(sql, p)).rows } };
    const org = await createOrg(remote as unknown as TestApp, { plan: 'professional' });
    const cls = await createClass(remote as unknown as TestApp, org, { maxStudents: 5000 });

    const running = registerContinuously(proxy.url, () => registerBody(org.orgId, cls.id), 4);
    load = running;
    const { outcomes } = running;
    const ok = running.created;
    const until = async (n: number) => {
      for (let i = 0; i < 600 && ok() < n; i++) await new Promise((r) => setTimeout(r, 50));
    };
    await until(10);

    for (const i of [0, 1]) {
      const servedBefore = proxy.served.get(ports[i])!;
      const exited = new Promise<number | null>((r) => children[i]!.once('exit', r));
      children[i]!.kill('SIGTERM');
      expect(await exited).toBe(0);
      const during = ok();
      await until(during + 10); // the other instance carries the load alone
      await start(i);
      await new Promise((r) => setTimeout(r, 300)); // the balancer's next checks see it ready
      // The restarted instance takes requests again, once the balancer's checks have seen it ready (on a loaded
      // machine that can take longer than ten registrations on the other instance).
      for (let n = 0; n < 600 && proxy.served.get(ports[i])! <= servedBefore; n++) await new Promise((r) => setTimeout(r, 50));
      expect(proxy.served.get(ports[i])!).toBeGreaterThan(servedBefore);
      await until(ok() + 10);
    }
    await running.stop();

    // Every registration any client sent was answered 201: the restarts were invisible to them.
    expect(outcomes.filter((o) => o.status !== 201)).toEqual([]);
    expect(proxy.failures).toEqual([]);
    const { rows } = await db.query(
      `SELECT s.email FROM enrollments e JOIN students s ON s.id = e.student_id WHERE e.class_id = $1 AND e.status = 'active'`,
      [cls.id],
    );
    expect(rows.map((r) => r.email).sort()).toEqual(outcomes.map((o) => o.email).sort());
    const [{ seats }] = (await db.query('SELECT enrolled_students AS seats FROM classes WHERE id = $1', [cls.id])).rows;
    expect(seats).toBe(outcomes.length);
    console.log(`rolling restart: ${outcomes.length} registrations, all 201; served ${[...proxy.served.values()].join(' / ')}`);
  }, 240_000);
});
