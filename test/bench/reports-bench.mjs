#!/usr/bin/env node
// `npm run bench:reports` (also run by `npm run bench`): each report of issue 12 over an organization with
// 100,000 enrollments (p50/p95 of sequential requests, target p95 < 300 ms), and the peak memory of the API
// process while it streams the report CSV and the whole-organization ZIP export.
//
// Env: BENCH_REPORT_RUNS (30 requests per report and range), BENCH_ENROLLMENTS (100000), BENCH_API_PORT (3195).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 30);
const ENROLLMENTS = Number(process.env.BENCH_ENROLLMENTS ?? 100_000);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3195);
const MAIN = path.join(root, 'backend/dist/main.js');
if (!fs.existsSync(MAIN)) spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-reports-bench-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(path.dirname(MAIN), 'database/embedded.js'));
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
const api = spawn(process.execPath, [MAIN], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(API_PORT),
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    JOBS_ENABLED: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  },
});
const base = `http://localhost:${API_PORT}`;

async function call(method, url, body, token) {
  const res = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${url}: ${res.status} ${json.error}`);
  return json.data;
}

/** Resident memory of the API process now (kB), from /proc. */
const rssKb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${api.pid}/status`, 'utf8'))?.[1] ?? 0);

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 120) throw new Error('API did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  const email = `bench-${Date.now()}@example.com`;
  const { token: signupToken } = await call('POST', '/api/auth/signup', {
    email,
    password: 'bench-pass-1',
    firstName: 'B',
    lastName: 'Ench',
    role: 'admin',
  });
  const org = await call('POST', '/api/organizations', { name: 'Bench Reports Org' }, signupToken);
  const { token } = await call('POST', '/api/auth/signin', { email, password: 'bench-pass-1' });

  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const t0 = Date.now();
  const classes = 200;
  const perStudent = 4;
  const students = Math.ceil(ENROLLMENTS / perStudent);
  await client.query(
    `UPDATE organizations SET plan_id = 'professional', settings = settings || '{"timeZone":"America/Chicago"}' WHERE id = $1`,
    [org.id],
  );
  // 200 classes over the past year and the next month, 5 weekly sessions each, room for everyone.
  await client.query(
    `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date, duration, days, schedule)
     SELECT $1, 'Class ' || g, 'd', 'i', 'l', CASE WHEN g % 20 = 0 THEN 'Archived' ELSE 'Open' END, 2500 + (g % 7) * 500, 5000,
            now() - make_interval(days => 365 - (g * 395 / ${classes})), 60, 5, 'Weekly'
       FROM generate_series(1, ${classes}) g`,
    [org.id],
  );
  await client.query(
    `INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date)
     SELECT $1, 'S' || g, 'T', 's' || g || '@bench.example', '5595550100', now() - make_interval(days => g % 365) FROM generate_series(1, ${students}) g`,
    [org.id],
  );
  // Each student in 4 different classes; a third paid in person, a tenth by card, 5% cancelled, enrollment dates over a year.
  await client.query(
    `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM students WHERE organization_id = $1),
          c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM classes WHERE organization_id = $1)
     INSERT INTO enrollments (organization_id, student_id, class_id, enrollment_date, status, payment_method, payment_status,
                              amount_paid_cents, platform_fee_cents, organization_amount_cents, paid_at, cancelled_at)
     SELECT $1, s.id, c.id, d.at, CASE WHEN (s.n + j) % 20 = 0 THEN 'cancelled' ELSE 'active' END,
            CASE WHEN (s.n + j) % 10 = 0 THEN 'card' ELSE 'in-person' END,
            CASE WHEN (s.n + j) % 3 = 0 OR (s.n + j) % 10 = 0 THEN 'completed' ELSE 'pending' END,
            CASE WHEN (s.n + j) % 3 = 0 OR (s.n + j) % 10 = 0 THEN 3000 ELSE 0 END,
            CASE WHEN (s.n + j) % 10 = 0 THEN 90 ELSE 0 END,
            CASE WHEN (s.n + j) % 10 = 0 THEN 2910 ELSE 0 END,
            CASE WHEN (s.n + j) % 3 = 0 OR (s.n + j) % 10 = 0 THEN d.at ELSE NULL END,
            CASE WHEN (s.n + j) % 20 = 0 THEN d.at + interval '1 day' ELSE NULL END
       FROM s CROSS JOIN generate_series(0, ${perStudent - 1}) j
       JOIN c ON c.k = (s.n * 7 + j * 53) % ${classes}
       CROSS JOIN LATERAL (SELECT now() - make_interval(mins => ((s.n * 131 + j * 977) % 525600)::int) AS at) d
      LIMIT ${ENROLLMENTS}`,
    [org.id],
  );
  await client.query(
    `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, status, source, created_at)
     SELECT organization_id, id, 3000, 'succeeded', 'admin', paid_at + interval '2 days' FROM enrollments
      WHERE organization_id = $1 AND status = 'cancelled' AND payment_status = 'completed'`,
    [org.id],
  );
  await client.query(
    `UPDATE enrollments SET refunded_cents = amount_paid_cents WHERE organization_id = $1 AND status = 'cancelled' AND payment_status = 'completed'`,
    [org.id],
  );
  // Attendance: every past session of every class, two out of three present.
  await client.query(
    `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended)
     SELECT e.organization_id, e.class_id, e.student_id, s.idx, c.start_date + make_interval(days => 7 * s.idx), (hashtext(e.id::text || s.idx) % 3) <> 0
       FROM enrollments e JOIN classes c ON c.id = e.class_id CROSS JOIN generate_series(0, 4) s(idx)
      WHERE e.organization_id = $1 AND e.status = 'active' AND c.start_date + make_interval(days => 7 * s.idx) < now()`,
    [org.id],
  );
  // As autovacuum leaves a table in production: statistics and visibility map up to date.
  await client.query('VACUUM ANALYZE');
  const counts = (
    await client.query(
      `SELECT (SELECT count(*) FROM enrollments WHERE organization_id = $1)::int AS enrollments,
              (SELECT count(*) FROM attendance WHERE organization_id = $1)::int AS attendance,
              (SELECT count(*) FROM refunds WHERE organization_id = $1)::int AS refunds`,
      [org.id],
    )
  ).rows[0];
  console.log(`Seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${students} students, ${classes} classes, ${JSON.stringify(counts)}`);
  await client.end();

  const rows = [];
  const today = new Date();
  const iso = (d) => d.toISOString().slice(0, 10);
  const yearAgo = iso(new Date(today.getTime() - 364 * 86_400_000));
  const month = new Date().toISOString().slice(0, 7);
  const targets = [
    ['enrollment, 30 days', '/api/reports/enrollment?timeframe=30d'],
    ['enrollment, 365 days', '/api/reports/enrollment?timeframe=365d'],
    ['revenue, 30 days', '/api/reports/revenue?timeframe=30d'],
    ['revenue, 365 days', '/api/reports/revenue?timeframe=365d'],
    ['attendance, 30 days', '/api/reports/attendance?timeframe=30d'],
    ['attendance, 365 days', '/api/reports/attendance?timeframe=365d'],
    ['period metrics (month)', `/api/reporting/period-metrics?period=${month}`],
    ['dashboard summary (month)', '/api/reporting/dashboard-summary?period=month'],
    ['revenue CSV, 365 days', `/api/reports/revenue?startDate=${yearAgo}&endDate=${iso(today)}&format=csv`],
    ['attendance PDF, 365 days', `/api/reports/attendance?startDate=${yearAgo}&endDate=${iso(today)}&format=pdf`],
  ];
  for (const [label, url] of targets) {
    const times = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const start = performance.now();
      const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      if (i >= 3) times.push(performance.now() - start); // 3 warm-up requests
    }
    times.sort((a, b) => a - b);
    const q = (p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
    rows.push({ label, p50: q(0.5), p95: q(0.95), max: times.at(-1) });
    console.log(`  ${label}: p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms`);
  }

  /** Peak RSS above the idle level while one download streams (sampled every 2 ms). */
  async function peak(url) {
    if (global.gc) global.gc();
    await new Promise((r) => setTimeout(r, 300));
    const idle = rssKb();
    let max = idle;
    const timer = setInterval(() => (max = Math.max(max, rssKb())), 2);
    const start = performance.now();
    const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    clearInterval(timer);
    return { idleMb: idle / 1024, peakMb: max / 1024, deltaMb: (max - idle) / 1024, bytes, ms: performance.now() - start };
  }
  const csv = await peak(`/api/reports/revenue?startDate=${yearAgo}&endDate=${iso(today)}&format=csv`);
  const zip = await peak('/api/export');

  console.log(`\nReports over ${counts.enrollments} enrollments (${RUNS} sequential requests each, after 3 warm-ups)\n`);
  console.log('| request | p50 ms | p95 ms | max ms |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |`);
  console.log('\n| download | size | time | API RSS idle → peak (delta) |\n|---|---|---|---|');
  for (const [label, m] of [
    ['revenue CSV, 365 days', csv],
    [`whole-organization ZIP (${counts.enrollments} enrollments)`, zip],
  ])
    console.log(
      `| ${label} | ${(m.bytes / 1024).toFixed(0)} KB | ${(m.ms / 1000).toFixed(2)} s | ${m.idleMb.toFixed(0)} → ${m.peakMb.toFixed(0)} MB (+${m.deltaMb.toFixed(1)} MB) |`,
    );
  const slow = rows.filter((r) => r.p95 >= 300);
  if (slow.length) console.log(`\np95 at or above 300 ms: ${slow.map((r) => r.label).join(', ')}`);
} finally {
  api.kill('SIGTERM');
  await new Promise((r) => (api.exitCode !== null ? r() : api.once('exit', r)));
  await db.stop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
