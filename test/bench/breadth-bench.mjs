#!/usr/bin/env node
// `npm run bench:breadth`: what ten thousand organizations on one database cost one organization's requests.
// One built API (`NODE_ENV=production`, request logs on) on one embedded PostgreSQL, measured twice in one run on the
// same organization with the same rows:
//   1. small: 10 organizations;
//   2. broad: BREADTH_ORGS organizations (default 10,000: 50,000 classes, 500,000 students, 2,000,000 enrollments,
//      10,000,000 activity events), every organization of the same shape as the measured one, written in SQL by
//      batches, then ANALYZE.
// Each route is asked BREADTH_SAMPLES times (BREADTH_CONCURRENCY at once) after a warm-up; the figures are p50 and p95
// of the replies' times, and the broad/small ratio per route (issue 44 asks p95 within 1.3x). Then EXPLAIN of the main
// tenant statements on the broad database: a sequential scan of a tenant table fails the bench.
//
// Env: BREADTH_ORGS (10000), BREADTH_SAMPLES (200), BREADTH_CONCURRENCY (4), BREADTH_BATCH (250 organizations per
//      statement), BENCH_MAIN (another build's main.js), BENCH_JSON (write the figures there), BENCH_TMP.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { apiCall, benchOrganization, waitFor } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ORGS = Number(process.env.BREADTH_ORGS ?? 10_000);
const SAMPLES = Number(process.env.BREADTH_SAMPLES ?? 200);
const CONCURRENCY = Number(process.env.BREADTH_CONCURRENCY ?? 4);
const BATCH = Number(process.env.BREADTH_BATCH ?? 250);
const PORT = Number(process.env.BENCH_API_PORT ?? 3190);
const BASE = `http://127.0.0.1:${PORT}`;
const MAIN = path.resolve(root, process.env.BENCH_MAIN ?? 'backend/dist/main.js');
/** Each organization's shape: at 10,000 organizations, the totals issue 44 names. */
const SHAPE = { classes: 5, students: 50, classesPerStudent: 4, events: 1000 };

if (!process.env.BENCH_MAIN && !fs.existsSync(MAIN)) spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-breadth-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(path.dirname(MAIN), 'database/embedded.js'));
// pg_stat_statements: which statements the routes sent, to explain them at the end.
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true, settings: { shared_preload_libraries: 'pg_stat_statements' } });
const api = spawn(process.execPath, [MAIN], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-breadth-secret-0123456789abcdef0123456789',
    PORT: String(PORT),
    SEED_DEMO: 'false',
    SERVE_FRONTENDS: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    REGISTRATION_RATE_LIMIT_PER_MINUTE: '100000',
  },
});

/**
 * Fills organizations with the shape above, a few statements per batch: classes, students, each student enrolled in
 * four of the five classes (the classes' seat counts recounted as the product keeps them), sessions, refunds, activity
 * events over a year.
 */
async function fill(client, orgIds) {
  await client.query(
    `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date, duration, days, schedule)
     SELECT o, 'Class ' || k, 'A class of the breadth bench.', 'Instructor ' || k, 'Room ' || k, 'Open', 4000 + k * 500, 60,
            now() + k * interval '3 days', 60, 4, 'Weekly'
       FROM unnest($1::uuid[]) o CROSS JOIN generate_series(1, ${SHAPE.classes}) k`,
    [orgIds],
  );
  await client.query(
    `INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date, created_at)
     SELECT o, 'First', 'Last' || i, 'student' || i || '@example.com', '559555' || lpad(i::text, 4, '0'), now(), now() - i * interval '1 minute'
       FROM unnest($1::uuid[]) o CROSS JOIN generate_series(1, ${SHAPE.students}) i`,
    [orgIds],
  );
  await client.query(
    `WITH s AS (SELECT id, organization_id, row_number() OVER (PARTITION BY organization_id ORDER BY id) AS n
                  FROM students WHERE organization_id = ANY($1)),
          c AS (SELECT id, organization_id, row_number() OVER (PARTITION BY organization_id ORDER BY id) AS k
                  FROM classes WHERE organization_id = ANY($1))
     INSERT INTO enrollments (organization_id, student_id, class_id, payment_status, payment_method, amount_paid_cents, paid_at, enrollment_date)
     SELECT s.organization_id, s.id, c.id, CASE WHEN s.n % 3 = 0 THEN 'completed' ELSE 'pending' END,
            CASE WHEN s.n % 3 = 0 THEN 'card' ELSE 'in-person' END, CASE WHEN s.n % 3 = 0 THEN 4500 ELSE 0 END,
            CASE WHEN s.n % 3 = 0 THEN now() - s.n * interval '1 day' END, now() - s.n * interval '1 day'
       FROM s JOIN c ON c.organization_id = s.organization_id AND c.k <> (s.n % ${SHAPE.classes}) + 1`,
    [orgIds],
  );
  await client.query(
    `UPDATE classes c SET enrolled_students = x.n
       FROM (SELECT class_id, count(*)::int AS n FROM enrollments WHERE organization_id = ANY($1) GROUP BY class_id) x
      WHERE c.id = x.class_id`,
    [orgIds],
  );
  // Their sessions (the product writes them with a class; 4 weekly ones each) and a refund on one enrollment in 20.
  await client.query(
    `INSERT INTO class_sessions (organization_id, class_id, session_index, starts_at, ends_at)
     SELECT c.organization_id, c.id, i, c.start_date + i * interval '7 days', c.start_date + i * interval '7 days' + interval '1 hour'
       FROM classes c CROSS JOIN generate_series(0, 3) i
      WHERE c.organization_id = ANY($1)`,
    [orgIds],
  );
  await client.query(
    `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, status, source, reason)
     SELECT organization_id, id, 1000, 'succeeded', 'admin', 'Changed plans' FROM enrollments
      WHERE organization_id = ANY($1) AND payment_status = 'completed' AND hashtext(id::text) % 20 = 0`,
    [orgIds],
  );
  await client.query(
    `INSERT INTO activity_events (organization_id, event_type, event_date, description, metadata)
     SELECT o, CASE WHEN g % 2 = 0 THEN 'payment_received' ELSE 'student_registered' END, now() - g * interval '526 minutes',
            'An event of the breadth bench', '{}'::jsonb
       FROM unnest($1::uuid[]) o CROSS JOIN generate_series(1, ${SHAPE.events}) g`,
    [orgIds],
  );
}

/** Adds `count` organizations on the Professional plan, filled by batches; answers the seconds it took. */
async function addOrganizations(client, count, label) {
  const started = performance.now();
  for (let done = 0; done < count; done += BATCH) {
    const n = Math.min(BATCH, count - done);
    const { rows } = await client.query(
      `INSERT INTO organizations (name, plan_id) SELECT 'Breadth ' || g, 'professional' FROM generate_series(1, $1) g RETURNING id`,
      [n],
    );
    await fill(
      client,
      rows.map((r) => r.id),
    );
    process.stderr.write(`${label}: ${done + n}/${count} organizations\n`);
  }
  await client.query('ANALYZE');
  return (performance.now() - started) / 1000;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Asks one route SAMPLES times, CONCURRENCY at once, after 20 unmeasured asks; answers p50 and p95 in ms. */
async function sample(route) {
  const once = async () => {
    const t = performance.now();
    const res = await fetch(`${BASE}${route.url()}`, {
      method: route.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(route.token ? { authorization: `Bearer ${route.token}` } : {}) },
      body: route.body ? JSON.stringify(route.body()) : undefined,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${route.name}: ${res.status}`);
    return performance.now() - t;
  };
  for (let i = 0; i < 20; i++) await once();
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < SAMPLES) {
        next += 1;
        times.push(await once());
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

const TENANT_TABLES = new Set(['classes', 'students', 'enrollments', 'activity_events', 'class_sessions', 'refunds', 'attendance']);

/**
 * The tenant statements (those filtering on organization_id; the jobs' claims across organizations do not) the product sent
 * while the routes were measured on the broad database (pg_stat_statements), each
 * explained as PostgreSQL plans it for any parameters (`EXPLAIN (GENERIC_PLAN)`): a sequential scan of a tenant table
 * there is one every organization's request would pay. Answers the scans found and how many statements were read.
 */
async function seqScans(client) {
  const { rows } = await client.query(
    `SELECT query FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND query ~* '^\\s*(select|with|update|delete)' AND query ~ 'organization_id\\s*=\\s*(\\$|ANY)'
        AND query !~* 'pg_stat_statements|pg_catalog|information_schema'`,
  );
  const found = new Set();
  const details = [];
  let explained = 0;
  for (const { query } of rows) {
    let plan;
    try {
      plan = (await client.query(`EXPLAIN (GENERIC_PLAN, FORMAT JSON) ${query}`)).rows[0]['QUERY PLAN'][0].Plan;
    } catch {
      continue; // a statement that cannot be explained alone (a cursor, a utility statement)
    }
    explained += 1;
    const walk = (node) => {
      if (node['Node Type'] === 'Seq Scan' && TENANT_TABLES.has(node['Relation Name'])) {
        found.add(`${node['Relation Name']} in: ${query.replace(/\s+/g, ' ').slice(0, 160)}`);
        details.push({ table: node['Relation Name'], filter: node.Filter, query, plan });
      }
      for (const child of node.Plans ?? []) walk(child);
    };
    walk(plan);
  }
  return { found: [...found], details, explained, statements: rows.length };
}

let failed = false;
let client = null;
try {
  await waitFor(`${BASE}/api/health`);
  const made = await benchOrganization(root, BASE, db.url, {
    email: 'breadth@example.com',
    firstName: 'Bea',
    lastName: 'Breadth',
    name: 'Breadth Studio',
  });
  const { token, org } = made;
  client = made.client;
  client.on('error', () => undefined); // the database stopping at the end
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await fill(client, [org.id]);
  const roomy = await apiCall(
    BASE,
    'POST',
    '/api/classes',
    {
      title: 'Roomy',
      description: 'Registrations of the bench land here.',
      instructor: 'Bea',
      location: 'Hall',
      status: 'Open',
      price: 40,
      maxStudents: 10000,
      startDate: new Date(Date.now() + 30 * 86400_000).toISOString(),
      duration: 60,
      days: 4,
      schedule: 'Weekly',
    },
    token,
  );
  const page = `sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{}')}`;
  const routes = [
    { name: 'GET /api/classes (admin, 25)', url: () => `/api/classes?${page}`, token },
    { name: 'GET /api/students (admin, 25)', url: () => `/api/students?${page}`, token },
    { name: 'GET /api/activity-events', url: () => '/api/activity-events', token },
    { name: 'GET /api/classes public catalog', url: () => `/api/classes?organizationId=${org.id}`, token: null },
    { name: 'GET /api/reports/enrollment 30d', url: () => '/api/reports/enrollment?timeframe=30d', token },
    { name: 'GET /api/reporting/dashboard-summary', url: () => '/api/reporting/dashboard-summary?period=month', token },
    {
      name: 'POST /api/students/register (in person)',
      method: 'POST',
      url: () => '/api/students/register',
      token: null,
      body: () => ({
        firstName: 'Broad',
        lastName: 'Student',
        email: `breadth-${randomUUID()}@example.com`,
        phone: `559555${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`,
        communicationOptIn: false,
        organizationId: org.id,
        classEnrollments: [{ classId: roomy.id, paymentMethod: 'in-person', paymentStatus: 'pending' }],
      }),
    },
  ];

  const fillSmall = await addOrganizations(client, 9, 'small');
  const small = {};
  for (const r of routes) small[r.name] = await sample(r);
  const fillBroad = await addOrganizations(client, ORGS - 10, 'broad');
  const [counts] = (
    await client.query(
      `SELECT (SELECT count(*) FROM organizations)::int AS organizations, (SELECT count(*) FROM classes)::int AS classes,
              (SELECT count(*) FROM students)::int AS students, (SELECT count(*) FROM enrollments)::int AS enrollments,
              (SELECT count(*) FROM activity_events)::int AS events`,
    )
  ).rows;
  await client.query('SELECT pg_stat_statements_reset()');
  const broad = {};
  for (const r of routes) broad[r.name] = await sample(r);
  const plans = await seqScans(client);

  const fmt = (ms) => ms.toFixed(1);
  console.log(
    `\nbreadth bench: ${JSON.stringify(counts)}; filled in ${fillSmall.toFixed(0)} s + ${fillBroad.toFixed(0)} s; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(`${SAMPLES} requests per route, ${CONCURRENCY} at once\n`);
  console.log('| route | p50 / p95 ms, 10 organizations | p50 / p95 ms, broad | p95 broad / small |');
  console.log('| --- | --- | --- | --- |');
  for (const r of routes) {
    const a = small[r.name];
    const b = broad[r.name];
    console.log(`| ${r.name} | ${fmt(a.p50)} / ${fmt(a.p95)} | ${fmt(b.p50)} / ${fmt(b.p95)} | ${(b.p95 / a.p95).toFixed(2)} |`);
  }
  console.log(`\n${plans.explained} of the ${plans.statements} statements the routes sent explained (generic plans).`);
  if (plans.found.length) console.log(`Sequential scans of tenant tables:\n- ${plans.found.join('\n- ')}`);
  else console.log('No sequential scan of a tenant table.');
  if (plans.found.length) failed = true;
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ counts, small, broad, plans }, null, 2));
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await client?.end().catch(() => undefined);
  api.kill('SIGTERM');
  await new Promise((r) => api.once('exit', r));
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
