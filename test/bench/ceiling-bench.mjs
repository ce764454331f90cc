#!/usr/bin/env node
// `npm run bench:ceiling`: what the product's framework costs per request, measured against the same work written by
// hand. Three servers on one database, measured one after the other on each route, in one run:
//   - bare: node:http replaying the product's reply bytes (the limit of this machine's HTTP stack),
//   - ceiling: test/bench/ceiling-server.mjs, a minimal Fastify + pg server doing the product's work (JWT check,
//     token-user statement, the product's own list SQL as prepared statements, the same mapping, headers, log line),
//   - product: backend/dist/main.js as `npm start` runs it (request log on).
// Before measuring, the ceiling's replies are checked against the product's: the same status, headers and bytes
// (health's time and database latency aside). Fixtures with real rows: an organization on the Professional plan
// with 25 classes and 50 students with two enrollments each (some refunded).
//
// Env: BENCH_SECONDS (8), BENCH_CONNECTIONS (25), BENCH_ONLY (substring of a row label), BENCH_MAIN (another build's
//      main.js), BENCH_JSON (write the figures there), BENCH_PRODUCT_NODE_ARGS (node options for the product, e.g.
//      `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile of it under the load), BENCH_CEILING_NODE_ARGS (the same
//      for the ceiling server, to compare the two profiles).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOrganization, benchStudents, load, measure, postgresPidsOf, waitFor } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 25);
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const ONLY = process.env.BENCH_ONLY ?? '';
const API_PORT = Number(process.env.BENCH_API_PORT ?? 3180);
const CEILING_PORT = API_PORT + 1;
const BARE_PORT = API_PORT + 2;
const MAIN = path.resolve(root, process.env.BENCH_MAIN ?? 'backend/dist/main.js');
const JWT_SECRET = 'bench-ceiling-secret-0123456789abcdef0123456789';

if (!process.env.BENCH_MAIN && !fs.existsSync(MAIN)) spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-ceiling-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(path.dirname(MAIN), 'database/embedded.js'));
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
const env = { ...process.env, NODE_ENV: 'production', DATABASE_URL: db.url, DATA_DIR: dataDir, JWT_SECRET, LOG_REQUESTS: 'true' };
const children = [];
// Each server connects to PostgreSQL under its own application_name, so the CPU of the backends working for it
// can be told from the others' (pg reads PGAPPNAME).
function start(args, extra, appName) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...env, ...extra, PGAPPNAME: appName },
  });
  children.push(child);
  return child;
}
const api = start(
  [...(process.env.BENCH_PRODUCT_NODE_ARGS?.split(' ').filter(Boolean) ?? []), MAIN],
  { PORT: String(API_PORT), SEED_DEMO: 'false', SERVE_FRONTENDS: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
  'bench-product',
);

/** 25 classes, 50 students with two enrollments each, refunds on some: written in SQL for speed. */
async function fixture() {
  const { token, org, client } = await benchOrganization(root, `http://localhost:${API_PORT}`, db.url, {
    email: 'ceiling@example.com',
    firstName: 'Ben',
    lastName: 'Ch',
    name: 'Ceiling Studio',
  });
  await client.query(
    `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, discount_price_cents, max_students, start_date, duration, days, schedule, information, materials)
     SELECT $1, 'Class ' || i, 'A class used for benchmarking the lists.', 'Instructor ' || (i % 7), 'Room ' || (i % 5), 'Open', 5000 + i,
            CASE WHEN i % 3 = 0 THEN 4000 END, 20, now() + i * interval '1 day', 60, 4, 'Weekly', '', '["Notebook","Pen"]'::jsonb
       FROM generate_series(1, 25) i`,
    [org.id],
  );
  await benchStudents(client, org.id);
  await client.query('ANALYZE');
  await client.end();
  return { id: org.id, token };
}

/** A reply as the check compares it: status, the headers that do not change per request, and the body. */
async function reply(port, url, headers) {
  const res = await fetch(`http://localhost:${port}${url}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const fixed = Object.fromEntries(
    [...res.headers].filter(([k]) => !['date', 'age', 'x-request-id', 'content-length', 'connection', 'keep-alive'].includes(k)).sort(),
  );
  return { status: res.status, headers: fixed, body: Buffer.from(await res.arrayBuffer()) };
}
/** Health answers its own latency and the time: those two fields are masked for the comparison. */
const comparable = (body) =>
  body
    .toString()
    .replace(/"databaseLatencyMs":\d+/, '"databaseLatencyMs":0')
    .replace(/"time":"[^"]+"/, '"time":""');

const results = [];
let failed = false;
let meter = null;
try {
  await waitFor(`http://localhost:${API_PORT}/api/health`);
  const org = await fixture();
  const auth = { authorization: `Bearer ${org.token}` };
  const page = (from, to) =>
    `sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent(`[${from},${to}]`)}&filter=${encodeURIComponent('{}')}`;
  const scenarios = [
    ['GET /api/health', '/api/health', {}],
    ['GET /api/classes, 25 rows', `/api/classes?${page(0, 24)}`, auth],
    ['GET /api/students, 10 rows', `/api/students?${page(0, 9)}`, auth],
    ['GET /api/students, 25 rows', `/api/students?${page(0, 24)}`, auth],
    // The public list (cached): as browsers ask it, answered by the fast path in front of Fastify, and the same
    // request through the ordinary path (a trailing slash, which Fastify routes alike and the fast path leaves alone).
    // The same work by hand is a cache lookup: the ceiling answers the product's cached bytes.
    ['GET /api/classes public list, fast path', `/api/classes?organizationId=${org.id}`, {}],
    ['GET /api/classes public list, ordinary path', `/api/classes/?organizationId=${org.id}`, {}],
  ].filter(([label]) => label.includes(ONLY));
  // The product's cached public list (asked twice: the first request fills the cache), given to the ceiling once.
  await reply(API_PORT, `/api/classes?organizationId=${org.id}`, {});
  const publicList = await reply(API_PORT, `/api/classes?organizationId=${org.id}`, {});

  // The product's headers that are the same on every reply, given to the ceiling once.
  const sample = await reply(API_PORT, '/api/health', {});
  const fixedHeaders = Object.fromEntries(Object.entries(sample.headers).filter(([k]) => k !== 'content-type'));
  const ceiling = start(
    [...(process.env.BENCH_CEILING_NODE_ARGS?.split(' ').filter(Boolean) ?? []), path.join(root, 'test/bench/ceiling-server.mjs')],
    {
      CEILING_PORT: String(CEILING_PORT),
      CEILING_HEADERS: JSON.stringify(fixedHeaders),
      CEILING_PUBLIC: JSON.stringify({
        organizationId: org.id,
        headers: publicList.headers,
        body: publicList.body.toString('base64'),
      }),
    },
    'bench-ceiling',
  );
  await new Promise((resolve, reject) => {
    ceiling.once('message', resolve);
    ceiling.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });

  // Same replies, or the comparison means nothing.
  const replies = {};
  for (const [i, [label, url, headers]] of scenarios.entries()) {
    const product = await reply(API_PORT, url, headers);
    const same = await reply(CEILING_PORT, url, headers);
    if (product.status !== 200) throw new Error(`${label}: the product answered ${product.status}`);
    const problems = [];
    if (same.status !== product.status) problems.push(`status ${same.status} ≠ ${product.status}`);
    if (JSON.stringify(same.headers) !== JSON.stringify(product.headers))
      problems.push(`headers ${JSON.stringify(same.headers)}\n  ≠ ${JSON.stringify(product.headers)}`);
    if (comparable(same.body) !== comparable(product.body))
      problems.push(`body differs:\n  ${comparable(same.body).slice(0, 400)}\n  ≠ ${comparable(product.body).slice(0, 400)}`);
    if (problems.length) {
      failed = true;
      console.error(`${label}: the ceiling's reply is not the product's:\n  ${problems.join('\n  ')}`);
    }
    replies[`/r${i}`] = { status: product.status, type: product.headers['content-type'], body: product.body.toString('base64') };
  }
  if (failed) throw new Error('the ceiling server does not do the same work: fix it before measuring');

  fs.writeFileSync(path.join(dataDir, 'replies.json'), JSON.stringify(replies));
  const bare = start(
    [
      '-e',
      `const http = require('node:http');
       const replies = JSON.parse(require('node:fs').readFileSync(${JSON.stringify(path.join(dataDir, 'replies.json'))}, 'utf8'));
       for (const r of Object.values(replies)) r.body = Buffer.from(r.body, 'base64');
       http.createServer((req, res) => {
         const r = replies[req.url];
         if (!r) { res.writeHead(404); return res.end(); }
         res.writeHead(r.status, { 'Content-Type': r.type, 'Content-Length': r.body.length });
         res.end(r.body);
       }).listen(${BARE_PORT}, () => process.send('ready'));`,
    ],
    {},
    'bench-bare',
  );
  await new Promise((r) => bare.once('message', r));
  // The bench's own connection, asking PostgreSQL which backends belong to the server being measured.
  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  meter = new pg.Client({ connectionString: db.url, application_name: 'bench-meter' });
  await meter.connect();

  console.log(
    `${CONNECTIONS} connections, ${DURATION}s per run after a 2s warm-up; bare, ceiling and product one after the other per route.\n`,
  );
  const opts = (headers) => ({ connections: CONNECTIONS, duration: DURATION, headers });
  for (const [i, [label, url, headers]] of scenarios.entries()) {
    const runs = {};
    for (const [name, base, pid, appName] of [
      ['bare', `http://localhost:${BARE_PORT}/r${i}`, bare.pid, null],
      ['ceiling', `http://localhost:${CEILING_PORT}${url}`, ceiling.pid, 'bench-ceiling'],
      ['product', `http://localhost:${API_PORT}${url}`, api.pid, 'bench-product'],
    ]) {
      await load(base, { ...opts(headers), duration: 2 });
      const dbPids = appName ? postgresPidsOf(meter, dataDir, appName) : null;
      runs[name] = await measure(base, { ...opts(headers), serverPids: [pid], dbPids });
      if (runs[name].non2xx + runs[name].errors)
        throw new Error(`${label} (${name}): ${runs[name].non2xx} non-2xx, ${runs[name].errors} errors`);
    }
    results.push({
      label,
      bareRps: runs.bare.requests.average,
      ceilingRps: runs.ceiling.requests.average,
      productRps: runs.product.requests.average,
      ceilingCpuUs: runs.ceiling.cpuUsPerRequest,
      ceilingDbUs: runs.ceiling.dbCpuUsPerRequest,
      productCpuUs: runs.product.cpuUsPerRequest,
      productDbUs: runs.product.dbCpuUsPerRequest,
      bareCpuUs: runs.bare.cpuUsPerRequest,
      productP99: runs.product.latency.p99,
      ceilingP99: runs.ceiling.latency.p99,
    });
    process.stderr.write(
      `  ${label}: product at ${((runs.product.requests.average / runs.ceiling.requests.average) * 100).toFixed(0)}% of the ceiling\n`,
    );
  }
} finally {
  // autocannon stops at its deadline with requests still in the servers: let them finish before the servers close
  // their pools (the product logged "Cannot use a pool after calling end on the pool" when stopped at once), and
  // stop PostgreSQL only once every server has exited.
  await new Promise((r) => setTimeout(r, 1000));
  await meter?.end().catch(() => undefined);
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve();
          }, 30_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exit(1);

const n = (x) => Math.round(x).toLocaleString('en-US');
const pct = (x) => `${(x * 100).toFixed(0)}%`;
console.log(
  '| request | bare req/s | ceiling req/s | product req/s | product / ceiling (req/s) | CPU µs/request: ceiling (of which PostgreSQL) | product (of which PostgreSQL) | product / ceiling (CPU: ceiling ÷ product) | p99 ceiling, product |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(
    `| ${r.label} | ${n(r.bareRps)} | ${n(r.ceilingRps)} | ${n(r.productRps)} | ${pct(r.productRps / r.ceilingRps)} | ${n(r.ceilingCpuUs)} (${n(r.ceilingDbUs)}) | ${n(r.productCpuUs)} (${n(r.productDbUs)}) | ${pct(r.ceilingCpuUs / r.productCpuUs)} | ${r.ceilingP99} ms, ${r.productP99} ms |`,
  );
}
console.log(
  `\nLoad average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')} on ${os.cpus().length} cores.`,
);
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
