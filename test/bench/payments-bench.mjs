#!/usr/bin/env node
// `npm run bench` (second part) / `npm run bench:payments`: card payments under load, on the built
// API (`backend/dist/main.js`, one instance) with an embedded PostgreSQL, each figure beside a baseline measured
// in the same run:
// - the last-seat race: ROUNDS rounds of RACE concurrent card holds (POST /api/payments/create-intent) for
//   SEATS seats; latency p50/p99/max of every request, seats taken per round, 5xx count. Baseline: the same race
//   of in-person registrations (POST /api/students/register, the same seat lock without Stripe).
// - webhook ingestion: EVENTS signed payment_intent.succeeded events for held enrollments delivered with
//   WEBHOOK_CONCURRENCY at a time (events/s, each completes an enrollment), then the same events again
//   (duplicates). Baseline: as many signed events of a type nothing handles (stored and marked processed only).
// Stripe is a minimal stand-in here (paymentIntents.create only): the bench measures the app, not the SDK.
//
// Env: BENCH_RACE (100), BENCH_SEATS (5), BENCH_ROUNDS (10), BENCH_EVENTS (1000), BENCH_WEBHOOK_CONCURRENCY (20),
//      BENCH_API_PORT (3197), BENCH_JSON (write the figures there), BENCH_MAIN (another build's main.js, e.g. a copy of
//      the baseline's dist, to compare two builds in turns under the same load), BENCH_NODE_ARGS (for the API's node,
//      e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, postgresPids as postgresOf, waitFor } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RACE = Number(process.env.BENCH_RACE ?? 100);
const SEATS = Number(process.env.BENCH_SEATS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const WEBHOOK_CONCURRENCY = Number(process.env.BENCH_WEBHOOK_CONCURRENCY ?? 20);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3197);
const MAIN = process.env.BENCH_MAIN ? path.resolve(process.env.BENCH_MAIN) : path.join(root, 'backend/dist/main.js');
const WEBHOOK_SECRET = 'whsec_bench';
const DEMO = { email: 'admin@demo.classlane.test', password: 'Demo123!' };
const ACCOUNT = 'acct_bench';

// Another server on the port would answer the health check and the bench would measure it instead.
await new Promise((resolve, reject) => {
  const probe = net.createServer().once('error', () => reject(new Error(`Port ${API_PORT} is in use: set BENCH_API_PORT`)));
  probe.listen(API_PORT, () => probe.close(resolve));
});
if (!fs.existsSync(MAIN)) spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

// The Stripe stand-in: answers paymentIntents.create (replaying an idempotency key, as Stripe does).
const intents = new Map();
const replays = new Map();
const stripe = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && req.url === '/v1/payment_intents') {
      let pi = key && replays.get(key);
      if (!pi) {
        const form = new URLSearchParams(body);
        const id = `pi_bench_${intents.size + 1}`;
        pi = {
          id,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency'),
          application_fee_amount: Number(form.get('application_fee_amount')),
          transfer_data: { destination: form.get('transfer_data[destination]') },
          metadata: {
            organizationId: form.get('metadata[organizationId]'),
            classId: form.get('metadata[classId]'),
            enrollmentId: form.get('metadata[enrollmentId]'),
          },
          status: 'requires_payment_method',
          client_secret: `${id}_secret_bench`,
          latest_charge: null,
        };
        intents.set(id, pi);
        if (key) replays.set(key, pi);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(pi));
      return;
    }
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'bench' } }));
  });
});
await new Promise((r) => stripe.listen(0, '127.0.0.1', r));
const stripeUrl = `http://127.0.0.1:${stripe.address().port}`;

const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-pay-bench-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(root, 'backend/dist/database/embedded.js'));
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
const api = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), MAIN], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(API_PORT),
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    JOBS_ENABLED: 'false',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripeUrl,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    // Every card hold of the bench comes from one IP.
    CARD_INTENT_RATE_LIMIT_PER_MINUTE: '1000000',
    REGISTRATION_RATE_LIMIT_PER_MINUTE: '1000000',
  },
});

async function call(method, url, body, token, raw) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${API_PORT}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(raw?.headers ?? {}) },
    body: raw?.body ?? (body ? JSON.stringify(body) : undefined),
  });
  const json = await res.json().catch(() => null);
  return { status: res.status, json, ms: performance.now() - started };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: +pct(s, 50).toFixed(1), p99: +pct(s, 99).toFixed(1), max: +s.at(-1).toFixed(1) };
};

let seq = 0;
const student = () => {
  seq += 1;
  return {
    firstName: 'Bench',
    lastName: 'Student',
    email: `bench-${seq}-${randomUUID().slice(0, 8)}@example.com`,
    phone: `559555${String(1000 + (seq % 9000)).padStart(4, '0')}`,
    communicationOptIn: true,
  };
};

async function pool(tasks, width) {
  const out = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

function sign(payload) {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${payload}`).digest('hex')}`;
}
const deliver = (event) => {
  const payload = JSON.stringify(event);
  return call('POST', '/api/webhooks/stripe', null, null, { headers: { 'stripe-signature': sign(payload) }, body: payload });
};
const event = (type, object) => ({
  id: `evt_${randomUUID().replace(/-/g, '')}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  api_version: '2025-10-29.clover',
  livemode: false,
  pending_webhooks: 1,
  request: { id: null, idempotency_key: null },
  data: { object },
});

const results = {};
try {
  await waitFor(`http://127.0.0.1:${API_PORT}/api/health`);
  const signin = await call('POST', '/api/auth/signin', DEMO);
  const token = signin.json.data.token;
  const orgId = signin.json.data.user.organizationId;
  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // The demo organization on a plan with online payments and a charges-enabled connected account.
  await client.query(`UPDATE organizations SET plan_id = 'professional' WHERE id = $1`, [orgId]);
  await client.query(
    `INSERT INTO connect_accounts (organization_id, stripe_account_id, charges_enabled, payouts_enabled, details_submitted)
     VALUES ($1, $2, true, true, true) ON CONFLICT (organization_id) DO UPDATE SET charges_enabled = true, stripe_account_id = $2`,
    [orgId, ACCOUNT],
  );
  const newClass = async (maxStudents) => {
    const res = await call(
      'POST',
      '/api/classes',
      {
        title: `Bench ${randomUUID().slice(0, 6)}`,
        description: 'Bench',
        instructor: 'Ben',
        location: 'Room 1',
        status: 'Open',
        price: 100,
        discountPrice: 80,
        maxStudents,
        startDate: new Date(Date.now() + 14 * 86400_000).toISOString(),
        duration: 60,
        days: 1,
        schedule: 'Weekly',
      },
      token,
    );
    if (res.status !== 201) throw new Error(`class: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json.data.id;
  };
  const cardHold = (classId) =>
    call('POST', '/api/payments/create-intent', { classId, organizationId: orgId, studentData: student(), amount: 80 });
  const inPerson = (classId) =>
    call('POST', '/api/students/register', {
      ...student(),
      organizationId: orgId,
      classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
    });

  // Warm-up: one unmeasured race of each kind, so the first measured round does not pay for connection set-up and a
  // cold JIT on the refusal path (one request of each left the 409 path cold: round 1 ran ~40% slower than round 3).
  for (const fn of [inPerson, cardHold]) {
    const classId = await newClass(SEATS);
    await Promise.all(Array.from({ length: RACE }, () => fn(classId)));
  }

  // 1. The last-seat race, alternating rounds of the baseline and the card holds.
  const race = { card: { ms: [], taken: [], s5xx: 0 }, inPerson: { ms: [], taken: [], s5xx: 0 } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, fn] of [
      ['inPerson', inPerson],
      ['card', cardHold],
    ]) {
      const classId = await newClass(SEATS);
      const replies = await Promise.all(Array.from({ length: RACE }, () => fn(classId)));
      race[name].ms.push(...replies.map((r) => r.ms));
      race[name].taken.push(replies.filter((r) => r.status === 201).length);
      race[name].s5xx += replies.filter((r) => r.status >= 500).length;
      const [{ enrolled_students: seats }] = (await client.query('SELECT enrolled_students FROM classes WHERE id = $1', [classId])).rows;
      if (seats !== SEATS) throw new Error(`${name} round ${round}: ${seats} seats taken of ${SEATS}`);
    }
  }
  for (const name of ['inPerson', 'card']) {
    results[`race_${name}`] = { ...summary(race[name].ms), seatsTakenPerRound: [...new Set(race[name].taken)], fiveXX: race[name].s5xx };
  }

  // 2. Webhook ingestion: EVENTS held enrollments, then their succeeded events.
  const classId = await newClass(EVENTS + 10);
  const holds = await pool(
    Array.from({ length: EVENTS }, () => async () => {
      const r = await cardHold(classId);
      if (r.status !== 201) throw new Error(`hold: ${r.status} ${JSON.stringify(r.json)}`);
      return r.json.data;
    }),
    10,
  );
  const succeeded = holds.map((h) => {
    const pi = intents.get(h.paymentIntentId);
    return event('payment_intent.succeeded', { ...pi, status: 'succeeded', latest_charge: `ch_${pi.id}` });
  });
  const unhandled = holds.map((h) => event('customer.created', { id: `cus_${h.enrollmentId.slice(0, 8)}`, object: 'customer' }));
  const ingest = async (events) => {
    const pids = [String(api.pid), ...postgresOf(dataDir)];
    const cpuBefore = cpuSeconds(pids);
    const started = performance.now();
    const replies = await pool(
      events.map((e) => () => deliver(e)),
      WEBHOOK_CONCURRENCY,
    );
    const seconds = (performance.now() - started) / 1000;
    const bad = replies.filter((r) => r.status !== 200);
    if (bad.length) throw new Error(`${bad.length} deliveries failed: ${JSON.stringify(bad[0].json)}`);
    const cpuMsPerEvent = ((cpuSeconds([...new Set([...pids, ...postgresOf(dataDir)])]) - cpuBefore) * 1000) / events.length;
    return {
      eventsPerSecond: +(events.length / seconds).toFixed(0),
      cpuMsPerEvent: +cpuMsPerEvent.toFixed(2),
      ...summary(replies.map((r) => r.ms)),
    };
  };
  results.webhook_baseline_unhandled = await ingest(unhandled);
  results.webhook_payment_succeeded = await ingest(succeeded);
  results.webhook_duplicates = await ingest(succeeded);
  const [{ n }] = (
    await client.query(
      `SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status = 'active' AND payment_status = 'completed'`,
      [classId],
    )
  ).rows;
  if (n !== EVENTS) throw new Error(`${n} of ${EVENTS} enrollments completed`);
  await client.end();

  console.log(`\nCard payments bench (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`);
  console.log(`Last-seat race: ${ROUNDS} rounds of ${RACE} concurrent requests for ${SEATS} seats (latency of every request, ms)`);
  console.log('| path | n | p50 | p99 | max | seats taken per round | 5xx |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, k] of [
    ['in-person register (baseline)', 'race_inPerson'],
    ['card hold (create-intent)', 'race_card'],
  ]) {
    const r = results[k];
    console.log(`| ${label} | ${r.n} | ${r.p50} | ${r.p99} | ${r.max} | ${r.seatsTakenPerRound.join(', ')} | ${r.fiveXX} |`);
  }
  console.log(`\nWebhook ingestion, one instance: ${EVENTS} signed events, ${WEBHOOK_CONCURRENCY} at a time`);
  console.log('| events | events/s | CPU ms per event (API + PostgreSQL) | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|');
  for (const [label, k] of [
    ['unhandled type (baseline: verify, store, mark processed)', 'webhook_baseline_unhandled'],
    ['payment_intent.succeeded (completes an enrollment)', 'webhook_payment_succeeded'],
    ['the same events again (duplicates)', 'webhook_duplicates'],
  ]) {
    const r = results[k];
    console.log(`| ${label} | ${r.eventsPerSecond} | ${r.cpuMsPerEvent} | ${r.p50} | ${r.p99} |`);
  }
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
} finally {
  await new Promise((resolve) => {
    if (api.exitCode !== null) return resolve();
    api.once('exit', resolve);
    api.kill('SIGTERM');
  });
  await db.stop?.();
  stripe.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
