#!/usr/bin/env node
// `npm run bench`: the ordinary request path, each request as a ratio to a bare node:http server that
// replays the same bytes, measured in the same run at the same connection count (50 by default).
// Two organizations: the demo one (7 classes, 6 students) and one with 500 classes and 500 students.
// Besides req/s it reports CPU time per request (server process, plus PostgreSQL for the API) read from
// /proc: on cores shared with other work, req/s moves with the neighbours, CPU per request much less.
//
// Env: BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_ONLY (substring of a row label),
//      BENCH_MAIN (another build's main.js, e.g. the code before a change), BENCH_PROFILE (a directory:
//      the API runs with --cpu-prof and writes its profile there), BENCH_JSON (write the figures there),
//      BENCH_LOG (request logs on, as `npm start` has them: default true; they go to /dev/null).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiCall, benchOrganization, load, measure as measureCpu, waitFor } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ONLY = process.env.BENCH_ONLY ?? '';
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3190);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? API_PORT + 1);
const MAIN = path.resolve(root, process.env.BENCH_MAIN ?? 'backend/dist/main.js');
const DEMO = { email: 'admin@demo.classlane.test', password: 'Demo123!' };

if (!process.env.BENCH_MAIN && !fs.existsSync(MAIN)) spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-bench-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(path.dirname(MAIN), 'database/embedded.js'));
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROFILE)] : [];
const api = spawn(process.execPath, [...profile, MAIN], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(API_PORT),
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_REQUESTS: process.env.BENCH_LOG ?? 'true',
    SERVE_FRONTENDS: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  },
});
const stopApi = () =>
  new Promise((resolve) => {
    if (api.exitCode !== null) return resolve();
    api.once('exit', resolve);
    api.kill('SIGTERM');
  });

const call = (method, url, body, token) => apiCall(`http://localhost:${API_PORT}`, method, url, body, token);

const run = (url, duration, headers) => load(url, { connections: CONNECTIONS, duration, headers });
const measure = (url, duration, headers, serverPids, withDb) =>
  measureCpu(url, { connections: CONNECTIONS, duration, headers, serverPids, dataDir: withDb ? dataDir : null });

/** An organization with `n` classes and `n` students (each enrolled once), written in SQL for speed. */
async function bigOrganization(n) {
  const { token, org, client } = await benchOrganization(root, `http://localhost:${API_PORT}`, db.url, {
    email: 'bench@example.com',
    firstName: 'Ben',
    lastName: 'Ch',
    name: 'Bench Studio',
  });
  await client.query(
    `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date, duration, days, schedule, information, materials)
     SELECT $1, 'Class ' || i, 'A class used for benchmarking the lists.', 'Instructor ' || (i % 7), 'Room ' || (i % 5), 'Open', 5000 + i, 20,
            now() + i * interval '1 day', 60, 4, 'Weekly', '', '["Notebook","Pen"]'::jsonb
       FROM generate_series(1, $2::int) i`,
    [org.id, n],
  );
  await client.query(
    `INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date)
     SELECT $1, 'First', 'Last' || i, 'student' || i || '@example.com', '559555' || lpad(i::text, 4, '0'), now() FROM generate_series(1, $2::int) i`,
    [org.id, n],
  );
  await client.query(
    `INSERT INTO enrollments (organization_id, student_id, class_id, payment_status, payment_method, amount_paid_cents, enrollment_date)
     SELECT $1, s.id, c.id, 'pending', 'in-person', 0, now()
       FROM (SELECT id, row_number() OVER (ORDER BY email) r FROM students WHERE organization_id = $1) s
       JOIN (SELECT id, row_number() OVER (ORDER BY title) r FROM classes WHERE organization_id = $1) c ON c.r = s.r`,
    [org.id],
  );
  await client.query(
    'UPDATE classes c SET enrolled_students = (SELECT count(*) FROM enrollments e WHERE e.class_id = c.id) WHERE organization_id = $1',
    [org.id],
  );
  await client.end();
  return { id: org.id, token };
}

const results = [];
let bare;
try {
  await waitFor(`http://localhost:${API_PORT}/api/health`);
  const demo = await call('POST', '/api/auth/signin', DEMO);
  const orgs = [
    ['demo org', { id: demo.user.organizationId, token: demo.token }],
    ['500-row org', await bigOrganization(500)],
  ];
  // What the admin app sends for its first page.
  const page = `sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{}')}`;
  const scenarios = [['GET /api/health', '/api/health', {}, 50]];
  for (const [name, org] of orgs) {
    const auth = { authorization: `Bearer ${org.token}` };
    scenarios.push(
      [`GET /api/classes, token (${name})`, `/api/classes?${page}`, auth, 25],
      [`GET /api/students, token (${name})`, `/api/students?${page}`, auth, 25],
      [`public list, Origin (${name})`, `/api/classes?organizationId=${org.id}`, { origin: 'https://example.org' }, 50],
      // Without Origin (same-origin browser GETs) a cached list is answered by the fast path before Fastify.
      [`public list, no Origin: fast path (${name})`, `/api/classes?organizationId=${org.id}`, {}, 50],
    );
  }
  const chosen = scenarios.filter(([label]) => label.includes(ONLY));

  // The exact replies of the API (status, content type, bytes), replayed by the baseline in its own process.
  // Keyed by row: two organizations send the same URL with different tokens.
  const replies = {};
  for (const [i, [, url, headers]] of chosen.entries()) {
    const res = await fetch(`http://localhost:${API_PORT}${url}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    replies[`/r${i}`] = {
      status: res.status,
      type: res.headers.get('content-type'),
      body: Buffer.from(await res.arrayBuffer()).toString('base64'),
    };
  }
  fs.writeFileSync(path.join(dataDir, 'replies.json'), JSON.stringify(replies));
  const bareSource = `
    const http = require('node:http');
    const replies = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(path.join(dataDir, 'replies.json'))}, 'utf8'));
    for (const r of Object.values(replies)) r.body = Buffer.from(r.body, 'base64');
    http.createServer((req, res) => {
      const r = replies[req.url];
      if (!r) { res.writeHead(404); return res.end(); }
      res.writeHead(r.status, { 'Content-Type': r.type, 'Content-Length': r.body.length });
      res.end(r.body);
    }).listen(${BARE_PORT}, () => process.send('ready'));`;
  bare = spawn(process.execPath, ['-e', bareSource], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((r) => bare.once('message', r));

  console.log(
    `${CONNECTIONS} connections, ${DURATION}s per run after a 2s warm-up; baseline and API measured one after the other in this run.\n`,
  );
  for (const [i, [label, url, headers, target]] of chosen.entries()) {
    await run(`http://localhost:${BARE_PORT}/r${i}`, 2, headers);
    const b = await measure(`http://localhost:${BARE_PORT}/r${i}`, DURATION, headers, [bare.pid], false);
    await run(`http://localhost:${API_PORT}${url}`, 2, headers);
    const a = await measure(`http://localhost:${API_PORT}${url}`, DURATION, headers, [api.pid], true);
    const ratio = (a.requests.average / b.requests.average) * 100;
    const ok = ratio >= target && (target !== 25 || a.latency.p99 < 50) && a.non2xx + a.errors === 0;
    results.push({
      label,
      bytes: Buffer.from(replies[`/r${i}`].body, 'base64').length,
      baseline: b.requests.average,
      baselineP99: b.latency.p99,
      api: a.requests.average,
      apiP99: a.latency.p99,
      errors: a.non2xx + a.errors,
      ratio,
      target,
      ok,
      baselineCpuUs: b.cpuUsPerRequest,
      apiCpuUs: a.cpuUsPerRequest,
      dbCpuUs: a.dbCpuUsPerRequest,
      cpuRatio: (b.cpuUsPerRequest / a.cpuUsPerRequest) * 100,
    });
    process.stderr.write(`  ${label}: ${ratio.toFixed(1)}%\n`);
  }
} finally {
  bare?.kill();
  await stopApi();
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const n = (x) => Math.round(x).toLocaleString('en-US');
console.log(
  '| request | body bytes | baseline req/s | baseline p99 | API req/s | API p99 | API errors | API / baseline | target | CPU µs/request: baseline, API + PostgreSQL (of which PostgreSQL) | CPU ratio |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const target = `≥ ${r.target}%${r.target === 25 ? ', p99 < 50 ms' : ''}`;
  console.log(
    `| ${r.label} | ${n(r.bytes)} | ${n(r.baseline)} | ${r.baselineP99} ms | ${n(r.api)} | ${r.apiP99} ms | ${r.errors} | ${r.ratio.toFixed(1)}% | ${target} ${r.ok ? 'met' : 'NOT met'} | ${n(r.baselineCpuUs)}, ${n(r.apiCpuUs)} (${n(r.dbCpuUs)}) | ${r.cpuRatio.toFixed(1)}% |`,
  );
}
console.log(
  '\nCPU ratio: baseline CPU per request / API CPU per request (API process plus the PostgreSQL processes it\nused). It does not depend on what else the shared cores are doing, unlike req/s: read both.',
);
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
