#!/usr/bin/env node
// `npm run bench:reports` (also run by `npm run bench`): each report over an organization with
// 100,000 enrollments (p50/p95 of sequential requests, target p95 < 300 ms), and the peak memory of the API
// process while it streams the report CSV and the whole-organization ZIP export.
//
// Env: BENCH_REPORT_ROUNDS (10) rounds of BENCH_REPORT_RUNS (5) sequential requests per report and API,
// BENCH_ENROLLMENTS (100000), BENCH_API_PORT (3195), BENCH_REPORTS (only the reports whose label contains one of
// these ';'-separated texts, e.g. `revenue, 365 days;attendance`), BENCH_DOWNLOADS=false (skip the memory of downloads).
// BENCH_BASELINE_MAIN: the main.js of an earlier build (e.g. `git archive <commit> | tar -x -C backend/.tmp/base`,
// build it, or copy an earlier backend/dist to backend/.tmp/baseline-dist); it runs on BENCH_API_PORT + 1 against
// the same database (started first, so its schema is the earlier one plus the later migrations). Each round
// measures both APIs back to back (which goes first alternates), so both see the same machine load; a round gives
// one ratio current ÷ baseline of its median time and one of its CPU per request (the API process and the
// PostgreSQL backends serving it, from /proc). The table reports the median of the rounds' ratios and their spread
// (lowest and highest): on a shared machine one run's p50 against another's moves by tens of percent, while a
// ratio taken within a round, a few seconds apart, holds.
// The whole-organization ZIP is measured over this organization and one a tenth its size (1x and 10x data).
// BENCH_API_NODE_FLAGS: extra node flags for the current build's API, e.g. `--max-old-space-size=96` to show the
// 10x export completes inside a heap smaller than the garbage it otherwise leaves for the collector.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCall, cpuMeter, postgresPidsOf } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 5);
const ROUNDS = Number(process.env.BENCH_REPORT_ROUNDS ?? 10);
const ONLY = (process.env.BENCH_REPORTS ?? '')
  .split(';')
  .map((w) => w.trim())
  .filter(Boolean);
const DOWNLOADS = process.env.BENCH_DOWNLOADS !== 'false';
const ENROLLMENTS = Number(process.env.BENCH_ENROLLMENTS ?? 100_000);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3195);
const MAIN = path.join(root, 'backend/dist/main.js');
if (!fs.existsSync(MAIN)) spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

const BASELINE = process.env.BENCH_BASELINE_MAIN ? path.resolve(process.env.BENCH_BASELINE_MAIN) : null;
const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-reports-bench-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(path.dirname(MAIN), 'database/embedded.js'));
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
/**
 * V8's own account of the heap (--trace-gc: one line per collection, "<kind> used-before (committed) -> used-after
 * (committed) MB"): the used heap after a full mark-compact is what is still reachable, so a download that keeps
 * nothing per row leaves it flat whatever the size.
 */
const GC_LINE = /(Scavenge|Mark-Compact|Minor Mark-Compact|Mark-sweep)(?: \([a-z ]+\))? ([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB/;
function startApi(main, port, appName, flags = []) {
  const proc = spawn(process.execPath, ['--trace-gc', ...flags, main], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_REQUESTS: 'false',
      SERVE_FRONTENDS: 'false',
      JOBS_ENABLED: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Its PostgreSQL backends are told from the other API's by this name (pg reads PGAPPNAME).
      PGAPPNAME: appName,
    },
  });
  proc.gcs = [];
  let rest = '';
  proc.stdout.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const m = GC_LINE.exec(line);
      if (m)
        proc.gcs.push({ at: performance.now(), full: m[1] !== 'Scavenge' && m[1] !== 'Minor Mark-Compact', before: +m[2], after: +m[4] });
    }
  });
  return proc;
}
async function waitHealthy(url) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    if (i > 120) throw new Error(`API at ${url} did not start`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
const apis = [];
// The baseline first: it migrates the empty database to its own schema; the current build adds its migrations.
if (BASELINE) {
  apis.push({ name: 'baseline', proc: startApi(BASELINE, API_PORT + 1, 'bench-baseline'), base: `http://localhost:${API_PORT + 1}` });
  await waitHealthy(apis[0].base);
}
const api = startApi(MAIN, API_PORT, 'bench-current', (process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter(Boolean));
apis.unshift({ name: 'current', proc: api, base: `http://localhost:${API_PORT}`, appName: 'bench-current' });
if (BASELINE) apis[1].appName = 'bench-baseline';
const base = `http://localhost:${API_PORT}`;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

const call = (method, url, body, token) => apiCall(base, method, url, body, token);

/** Resident memory of an API process now (kB), from /proc. */
const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

try {
  await waitHealthy(base);
  console.log(`Load average at start (1 / 5 / 15 min): ${load()}`);
  /** An admin and an organization on the Professional plan counting days in America/Chicago; its token. */
  async function organization(name) {
    const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const { token: signupToken } = await call('POST', '/api/auth/signup', {
      email,
      password: 'bench-pass-1',
      firstName: 'B',
      lastName: 'Ench',
      role: 'admin',
    });
    const org = await call('POST', '/api/organizations', { name }, signupToken);
    const { token } = await call('POST', '/api/auth/signin', { email, password: 'bench-pass-1' });
    return { org, token };
  }
  const { org, token } = await organization('Bench Reports Org');
  // A tenth of the data, for the export's memory at 1x against 10x.
  const small = await organization('Bench Reports Org (a tenth)');

  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const t0 = Date.now();
  /** Seeds one organization: `classes` classes, 4 enrollments per student, `enrollments` in all (see below). */
  async function seed(orgId, enrollments, classes) {
    const perStudent = 4;
    const students = Math.ceil(enrollments / perStudent);
    await client.query(
      `UPDATE organizations SET plan_id = 'professional', settings = settings || '{"timeZone":"America/Chicago"}' WHERE id = $1`,
      [orgId],
    );
    // The classes over the past year and the next month, 5 weekly sessions each, room for everyone.
    await client.query(
      `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date, duration, days, schedule)
       SELECT $1, 'Class ' || g, 'd', 'i', 'l', CASE WHEN g % 20 = 0 THEN 'Archived' ELSE 'Open' END, 2500 + (g % 7) * 500, 5000,
              now() - make_interval(days => 365 - (g * 395 / ${classes})), 60, 5, 'Weekly'
         FROM generate_series(1, ${classes}) g`,
      [orgId],
    );
    await client.query(
      `INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date)
       SELECT $1, 'S' || g, 'T', 's' || g || '@bench.example', '5595550100', now() - make_interval(days => g % 365) FROM generate_series(1, ${students}) g`,
      [orgId],
    );
    // Each student in 4 different classes; a third paid in person, a tenth by card, 5% cancelled, enrollment dates over a year.
    await client.query(
      `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM students WHERE organization_id = $1),
            c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM classes WHERE organization_id = $1)
       INSERT INTO enrollments (organization_id, student_id, class_id, enrollment_date, status, payment_method, payment_status,
                                amount_paid_cents, platform_fee_cents, organization_amount_cents, paid_at, cancelled_at, price_breakdown)
       SELECT $1, s.id, c.id, d.at, CASE WHEN (s.n + j) % 20 = 0 THEN 'cancelled' ELSE 'active' END,
              CASE WHEN (s.n + j) % 10 = 0 THEN 'card' ELSE 'in-person' END,
              CASE WHEN (s.n + j) % 3 = 0 OR (s.n + j) % 10 = 0 THEN 'completed' ELSE 'pending' END,
              CASE WHEN (s.n + j) % 3 = 0 OR (s.n + j) % 10 = 0 THEN 3000 ELSE 0 END,
              CASE WHEN (s.n + j) % 10 = 0 THEN 90 ELSE 0 END,
              CASE WHEN (s.n + j) % 10 = 0 THEN 2910 ELSE 0 END,
              CASE WHEN (s.n + j) % 3 = 0 OR (s.n + j) % 10 = 0 THEN d.at ELSE NULL END,
              CASE WHEN (s.n + j) % 20 = 0 THEN d.at + interval '1 day' ELSE NULL END,
              -- The price quote each registration is charged on: a quarter with an automatic discount, a tenth of those with a promo code too.
              CASE WHEN (s.n + j) % 40 = 0 THEN '[{"label":"Class price","amount":40},{"label":"Early bird discount","amount":-10},{"label":"Promo code BENCH5","amount":-5}]'::jsonb
                   WHEN (s.n + j) % 4 = 0 THEN '[{"label":"Class price","amount":40},{"label":"Early bird discount","amount":-10}]'::jsonb
                   ELSE '[{"label":"Class price","amount":30}]'::jsonb END
         FROM s CROSS JOIN generate_series(0, ${perStudent - 1}) j
         JOIN c ON c.k = (s.n * 7 + j * 53) % ${classes}
         CROSS JOIN LATERAL (SELECT now() - make_interval(mins => ((s.n * 131 + j * 977) % 525600)::int) AS at) d
        LIMIT ${enrollments}`,
      [orgId],
    );
    await client.query(
      `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, status, source, created_at)
       SELECT organization_id, id, 3000, 'succeeded', 'admin', paid_at + interval '2 days' FROM enrollments
        WHERE organization_id = $1 AND status = 'cancelled' AND payment_status = 'completed'`,
      [orgId],
    );
    await client.query(
      `UPDATE enrollments SET refunded_cents = amount_paid_cents WHERE organization_id = $1 AND status = 'cancelled' AND payment_status = 'completed'`,
      [orgId],
    );
    // Attendance: every past session of every class, two out of three present.
    await client.query(
      `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended)
       SELECT e.organization_id, e.class_id, e.student_id, s.idx, c.start_date + make_interval(days => 7 * s.idx), (hashtext(e.id::text || s.idx) % 3) <> 0
         FROM enrollments e JOIN classes c ON c.id = e.class_id CROSS JOIN generate_series(0, 4) s(idx)
        WHERE e.organization_id = $1 AND e.status = 'active' AND c.start_date + make_interval(days => 7 * s.idx) < now()`,
      [orgId],
    );
    return students;
  }
  const students = await seed(org.id, ENROLLMENTS, 200);
  const classes = 200;
  await seed(small.org.id, Math.round(ENROLLMENTS / 10), 20);
  // As autovacuum leaves a table in production: statistics and visibility map up to date.
  await client.query('VACUUM ANALYZE');
  const countsOf = async (orgId) =>
    (
      await client.query(
        `SELECT (SELECT count(*) FROM enrollments WHERE organization_id = $1)::int AS enrollments,
                (SELECT count(*) FROM attendance WHERE organization_id = $1)::int AS attendance,
                (SELECT count(*) FROM refunds WHERE organization_id = $1)::int AS refunds`,
        [orgId],
      )
    ).rows[0];
  const counts = await countsOf(org.id);
  const smallCounts = await countsOf(small.org.id);
  console.log(
    `Seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${students} students, ${classes} classes, ${JSON.stringify(counts)}; a tenth: ${JSON.stringify(smallCounts)}`,
  );
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
  const selected = ONLY.length ? targets.filter(([label]) => ONLY.some((w) => label.includes(w))) : targets;
  const quantile = (times, p) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)];
  const median = (xs) => {
    const t = [...xs].sort((x, y) => x - y);
    return t.length % 2 ? t[(t.length - 1) / 2] : (t[t.length / 2 - 1] + t[t.length / 2]) / 2;
  };
  // The bench's own connection, to ask PostgreSQL which backends serve which API.
  const meterClient = new pg.Client({ connectionString: db.url, application_name: 'bench-meter' });
  await meterClient.connect();
  for (const a of apis) a.dbPids = postgresPidsOf(meterClient, dataDir, a.appName);
  const get = async (a, url) => {
    const res = await fetch(a.base + url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${a.name} ${url}: ${res.status}`);
  };
  for (const [label, url] of selected) {
    const times = new Map(apis.map((a) => [a.name, []]));
    const rounds = [];
    for (const a of apis) for (let i = 0; i < 3; i++) await get(a, url);
    for (let round = 0; round < ROUNDS; round++) {
      const result = {};
      for (const a of round % 2 ? [...apis].reverse() : apis) {
        const own = [];
        const server = await cpuMeter(() => [String(a.proc.pid)], 20);
        const database = await cpuMeter(a.dbPids, 20);
        for (let i = 0; i < RUNS; i++) {
          const start = performance.now();
          await get(a, url);
          own.push(performance.now() - start);
        }
        const apiMs = ((await server.stop()) * 1000) / RUNS;
        const dbMs = ((await database.stop()) * 1000) / RUNS;
        times.get(a.name).push(...own);
        result[a.name] = { ms: median(own), cpuMs: apiMs + dbMs, apiMs, dbMs };
      }
      rounds.push(result);
    }
    const row = { label, rounds };
    for (const [name, t] of times) {
      t.sort((x, y) => x - y);
      row[name] = {
        p50: quantile(t, 0.5),
        p95: quantile(t, 0.95),
        max: t.at(-1),
        cpuMs: median(rounds.map((r) => r[name].cpuMs)),
        apiMs: median(rounds.map((r) => r[name].apiMs)),
        dbMs: median(rounds.map((r) => r[name].dbMs)),
      };
    }
    if (BASELINE) {
      const spread = (xs) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
      row.timeRatio = spread(rounds.map((r) => r.current.ms / r.baseline.ms));
      row.cpuRatio = spread(rounds.map((r) => r.current.cpuMs / r.baseline.cpuMs));
    }
    rows.push(row);
    console.log(
      `  ${label}: ${[...times.keys()].map((n) => `${n} p50 ${row[n].p50.toFixed(1)} ms, p95 ${row[n].p95.toFixed(1)} ms, CPU ${row[n].cpuMs.toFixed(1)} ms (API ${row[n].apiMs.toFixed(1)}, PostgreSQL ${row[n].dbMs.toFixed(1)})`).join('; ')}${
        BASELINE
          ? `; current/baseline time ${row.timeRatio.median.toFixed(2)} (${row.timeRatio.min.toFixed(2)}-${row.timeRatio.max.toFixed(2)}), CPU ${row.cpuRatio.median.toFixed(2)} (${row.cpuRatio.min.toFixed(2)}-${row.cpuRatio.max.toFixed(2)})`
          : ''
      } (load ${load()})`,
    );
  }
  await meterClient.end();

  // The same answers: every report of the table above (JSON ones) from both builds, over this data.
  if (BASELINE)
    for (const [label, url] of selected.filter(([, u]) => !u.includes('format='))) {
      const [a, b] = await Promise.all(
        apis.map(async (x) => (await (await fetch(x.base + url, { headers: { authorization: `Bearer ${token}` } })).json()).data),
      );
      // What both builds report (an earlier build may lack a field added since, such as the revenue's discounts).
      const shared = (x, shape) =>
        Array.isArray(x) && Array.isArray(shape)
          ? x.map((v, i) => shared(v, shape[i]))
          : x && shape && typeof x === 'object' && typeof shape === 'object'
            ? Object.fromEntries(Object.keys(shape).map((k) => [k, shared(x[k], shape[k])]))
            : x;
      const same = JSON.stringify(shared(a, b)) === JSON.stringify(b);
      const extra = JSON.stringify(a) === JSON.stringify(b) ? '' : ' (the current build adds fields)';
      console.log(`  ${label}: ${same ? `same answer from both builds${extra}` : 'ANSWERS DIFFER'}`);
    }

  /** Peak RSS above the idle level of one API while one download streams (sampled every 2 ms). */
  async function peak(a, url, auth) {
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssKb(a.proc.pid);
    let max = idle;
    const timer = setInterval(() => (max = Math.max(max, rssKb(a.proc.pid))), 2);
    const liveBefore = a.proc.gcs.filter((g) => g.full).at(-1)?.after ?? NaN;
    const start = performance.now();
    const res = await fetch(a.base + url, { headers: { authorization: `Bearer ${auth}` } });
    if (!res.ok) throw new Error(`${a.name} ${url}: ${res.status}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += chunk.length;
    clearInterval(timer);
    const during = a.proc.gcs.filter((g) => g.at >= start);
    const full = during.filter((g) => g.full);
    return {
      idleMb: idle / 1024,
      peakMb: max / 1024,
      deltaMb: (max - idle) / 1024,
      bytes,
      ms: performance.now() - start,
      heapPeak: Math.max(...during.map((g) => g.before)),
      liveBefore,
      liveMax: full.length ? Math.max(...full.map((g) => g.after)) : NaN,
      fullGcs: full.length,
      gcs: during.length,
    };
  }
  const downloads = [];
  for (const a of DOWNLOADS ? apis : []) {
    downloads.push([
      `${a.name}: revenue CSV, 365 days`,
      await peak(a, `/api/reports/revenue?startDate=${yearAgo}&endDate=${iso(today)}&format=csv`, token),
    ]);
    // The tenth first: an API that has not yet streamed the large one shows its own peak.
    downloads.push([
      `${a.name}: whole-organization ZIP, 1x (${smallCounts.enrollments} enrollments)`,
      await peak(a, '/api/export', small.token),
    ]);
    downloads.push([`${a.name}: whole-organization ZIP, 10x (${counts.enrollments} enrollments)`, await peak(a, '/api/export', token)]);
    console.log(`  ${a.name}: downloads measured (load ${load()})`);
  }

  console.log(
    `\nReports over ${counts.enrollments} enrollments (${ROUNDS} rounds of ${RUNS} sequential requests each per API, after 3 warm-ups)\n`,
  );
  const names = apis.map((a) => a.name);
  const range = (x) => `${x.median.toFixed(2)} (${x.min.toFixed(2)}-${x.max.toFixed(2)})`;
  console.log(
    `| request | ${names.map((n) => `${n} p50 ms | ${n} p95 ms | ${n} CPU ms (API + PostgreSQL)`).join(' | ')}${
      BASELINE ? ' | time current/baseline, median of rounds (range) | CPU current/baseline (range)' : ''
    } |`,
  );
  console.log(`|---|${names.map(() => '---|---|---').join('|')}|${BASELINE ? '---|---|' : ''}`);
  for (const r of rows)
    console.log(
      `| ${r.label} | ${names.map((n) => `${r[n].p50.toFixed(1)} | ${r[n].p95.toFixed(1)} | ${r[n].cpuMs.toFixed(0)} (${r[n].apiMs.toFixed(0)} + ${r[n].dbMs.toFixed(0)})`).join(' | ')}${
        BASELINE ? ` | ${range(r.timeRatio)} | ${range(r.cpuRatio)}` : ''
      } |`,
    );
  if (downloads.length) {
    console.log(
      '\n| download | size | time | API RSS idle → peak (delta) | V8 heap used, peak | live heap after full GCs: before → max during (GCs) |\n|---|---|---|---|---|---|',
    );
    for (const [label, m] of downloads)
      console.log(
        `| ${label} | ${(m.bytes / 1024).toFixed(0)} KB | ${(m.ms / 1000).toFixed(2)} s | ${m.idleMb.toFixed(0)} → ${m.peakMb.toFixed(0)} MB (+${m.deltaMb.toFixed(1)} MB) | ${m.heapPeak.toFixed(1)} MB | ${m.liveBefore.toFixed(1)} → ${m.liveMax.toFixed(1)} MB (${m.fullGcs} full of ${m.gcs}) |`,
      );
  }
  console.log(`\nLoad average at the end (1 / 5 / 15 min): ${load()}`);
  const slow = rows.filter((r) => r.current.p95 >= 300);
  if (slow.length) console.log(`\np95 at or above 300 ms: ${slow.map((r) => r.label).join(', ')}`);
} finally {
  for (const a of apis) {
    a.proc.kill('SIGTERM');
    await new Promise((r) => (a.proc.exitCode !== null ? r() : a.proc.once('exit', r)));
  }
  await db.stop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
