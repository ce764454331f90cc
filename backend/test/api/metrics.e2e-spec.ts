import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type AddressInfo } from 'node:net';
import { GoNoGoJobs } from '../../src/modules/go-no-go/go-no-go.jobs';
import { createClass, createOrg, registerBody } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

const TOKEN = 'metrics-token-0123456789';

/** One sample's value from Prometheus text, e.g. value(text, 'classlane_outbox_pending{channel="email"}'). */
function value(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

/** GET /metrics (prom-client): off by default, on with METRICS_TOKEN (bearer) or on its own METRICS_PORT. */
describe('metrics', () => {
  let off: TestApp;
  let t: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ JOBS_ENABLED: 'false' });
    t = await createTestApp({ JOBS_ENABLED: 'false', METRICS_TOKEN: TOKEN }, { databaseUrl: off.url });
  });
  afterAll(async () => {
    await t.close();
    await off.close();
  });

  it('should not exist by default', async () => {
    await off.http.get('/metrics').expect(404);
    await off.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('should answer only the right bearer token', async () => {
    await t.http.get('/metrics').expect(404);
    await t.http.get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789').expect(404);
    const res = await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('should time requests by route template and status, never by raw URL', async () => {
    await t.http.get('/api/classes/00000000-0000-4000-8000-00000000abcd').expect(404);
    await t.http.get('/api/health').expect(200);
    await t.http.get('/api/no-such-route-1234').expect(404);
    const text = (await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/classes/:id",status="404"}')).toBe(1);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('00000000abcd');
    expect(text).not.toContain('no-such-route-1234');
    expect(text).not.toContain('route="/metrics"');
  });

  it('should show the outbox, the Stripe events, the seat holds, the jobs and the pool', async () => {
    const org = await createOrg(t);
    const cls = await createClass(t, org);
    // Jobs are off: a message due 2 minutes ago waits in the outbox.
    const student = (await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id)).expect(201)).body.data;
    await t.db.query(
      `INSERT INTO communications (organization_id, recipient_type, recipient_id, channel, to_address, subject, message, kind, status, next_attempt_at)
       VALUES ($1, 'student', $2, 'email', $3, 'Hello', 'Hello', 'manual', 'pending', now() - interval '120 seconds')`,
      [org.orgId, student.id, student.email],
    );
    await t.db.query(
      `INSERT INTO stripe_events (id, type, created, payload, received_at, processed_at, error, attempts) VALUES
         ('evt_m1', 'payment_intent.succeeded', now(), '{}', now() - interval '300 seconds', NULL, 'handler failed', 1),
         ('evt_m2', 'payment_intent.succeeded', now(), '{}', now(), NULL, NULL, 0),
         ('evt_m3', 'charge.refunded', now(), '{}', now(), now(), NULL, 1)`,
    );
    await t.app.get(GoNoGoJobs).tick();
    // The gauges read the database at most once a second (one read per scrape): let the previous test's read expire.
    await new Promise((r) => setTimeout(r, 1100));
    const text = (await t.http.get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
    expect(value(text, 'classlane_outbox_pending{channel="email"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'classlane_outbox_pending{channel="sms"}')).toBe(0);
    expect(value(text, 'classlane_outbox_oldest_due_age_seconds{channel="email"}')).toBeGreaterThanOrEqual(119);
    expect(value(text, 'classlane_stripe_events_received')).toBe(3);
    expect(value(text, 'classlane_stripe_events_pending')).toBe(2);
    expect(value(text, 'classlane_stripe_events_failed')).toBe(1);
    expect(value(text, 'classlane_stripe_events_oldest_unprocessed_age_seconds')).toBeGreaterThanOrEqual(299);
    expect(value(text, 'classlane_seat_holds_open')).toBe(0);
    const success = value(text, 'classlane_job_last_success_timestamp_seconds{job="go-no-go"}');
    expect(success).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(value(text, 'classlane_job_last_duration_seconds{job="go-no-go"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'classlane_job_failures_total{job="go-no-go"}')).toBe(0);
    expect(value(text, 'classlane_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'classlane_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'classlane_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
  });

  it('should serve the metrics without a token on METRICS_PORT, and not on the main port', async () => {
    // A port the system has just handed out as free, not a random one: 20000-40000 overlaps the range outgoing
    // connections take their ports from, and a random pick failed with EADDRINUSE while other test runs shared the machine.
    const port = await new Promise<number>((resolve, reject) => {
      const probe = createServer().once('error', reject);
      probe.listen(0, () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const sep = await createTestApp({ JOBS_ENABLED: 'false', METRICS_PORT: String(port) }, { databaseUrl: off.url });
    try {
      await sep.http.get('/metrics').expect(404);
      await sep.http.get('/api/health').expect(200);
      let res = await fetch(`http://127.0.0.1:${port}/metrics`);
      for (let i = 0; i < 20 && res.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 50));
        res = await fetch(`http://127.0.0.1:${port}/metrics`);
      }
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}')).toBe(1);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      extra.push(sep);
    }
  });
  // Closed last: closing an app early breaks the other apps' prepared statements on the same database.
  const extra: TestApp[] = [];
  afterAll(async () => {
    for (const e of extra) await e.close();
  });
});
