#!/usr/bin/env node
// Two builds of the product side by side on one database, for routes of `npm run bench:ceiling` (health, the
// organization's class list and students list with a token, the public list through the fast path and through the ordinary path): each
// route is loaded on one build, then the other, in alternating blocks, and the CPU each build's process used per
// request is summed over its blocks. On a machine shared with other work this says more about a change than two whole ceiling runs
// taken minutes apart, since both builds see the same load in turns.
//
//   node test/bench/ceiling-ab.mjs <other build's main.js>      (this build is backend/dist/main.js)
// Env: BENCH_ONLY (substring of a route's label), BENCH_ROUNDS (6 blocks per build and route), BENCH_SECONDS (3 per
//      block), BENCH_CONNECTIONS (25), BENCH_API_PORT (3280; the other build on the next port).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchOrganization, benchStudents, cpuMeter, load, startBenchDatabase, waitFor } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 25);
const PORT = Number(process.env.BENCH_API_PORT ?? 3280);
if (!process.argv[2]) throw new Error('usage: ceiling-ab.mjs <other build main.js>');
const builds = [
  { name: 'this build', main: path.join(root, 'backend/dist/main.js'), port: PORT },
  { name: 'other build', main: path.resolve(process.argv[2]), port: PORT + 1 },
];

const { dataDir, db } = await startBenchDatabase(root, process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-ceiling-ab-');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: db.url,
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-ab-secret-0123456789abcdef0123456789',
  LOG_REQUESTS: 'true',
};
const results = [];
try {
  // The other build first: its migrations are the earlier ones, this build's run after.
  for (const b of [...builds].reverse()) {
    b.child = spawn(process.execPath, [b.main], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, PORT: String(b.port), SEED_DEMO: 'false', SERVE_FRONTENDS: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    await waitFor(`http://localhost:${b.port}/api/health`);
  }
  const { token, org, client } = await benchOrganization(root, `http://localhost:${PORT}`, db.url, {
    email: 'ab@example.com',
    firstName: 'A',
    lastName: 'B',
    name: 'AB Studio',
  });
  await client.query(
    `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date, duration, days, schedule, information, materials)
     SELECT $1, 'Class ' || i, 'A class used for benchmarking the lists.', 'Instructor', 'Room', 'Open', 5000, 20, now() + i * interval '1 day', 60, 4, 'Weekly', '', '[]'::jsonb
       FROM generate_series(1, 25) i`,
    [org.id],
  );
  // The students of the ceiling bench's fixture: 50, each in two classes, 20 of the enrollments with a refund (the
  // classes' seat counts recounted, as there).
  await benchStudents(client, org.id);
  await client.end();
  // The organization's list with a token (both builds accept it: one database, one JWT secret), the page the
  // ceiling bench asks for. Its CPU here is the Node process's only; PostgreSQL runs the same SQL for both.
  const pageOf = (last) =>
    `sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent(`[0,${last}]`)}&filter=${encodeURIComponent('{}')}`;
  const page = pageOf(24);
  const routes = [
    ['GET /api/health', '/api/health', {}],
    ['GET /api/classes, 25 rows', `/api/classes?${page}`, { authorization: `Bearer ${token}` }],
    ['GET /api/students, 10 rows', `/api/students?${pageOf(9)}`, { authorization: `Bearer ${token}` }],
    ['GET /api/students, 25 rows', `/api/students?${pageOf(24)}`, { authorization: `Bearer ${token}` }],
    ['public list, fast path', `/api/classes?organizationId=${org.id}`, {}],
    ['public list, ordinary path', `/api/classes/?organizationId=${org.id}`, {}],
  ].filter(([label]) => label.includes(process.env.BENCH_ONLY ?? ''));
  for (const [label, url, headers] of routes) {
    const sums = builds.map(() => ({ cpu: 0, requests: 0 }));
    for (const b of builds) await load(`http://localhost:${b.port}${url}`, { connections: CONNECTIONS, duration: 2, headers });
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which build goes first, so neither always follows the other.
      const order = round % 2 ? [1, 0] : [0, 1];
      for (const i of order) {
        const meter = await cpuMeter(() => [builds[i].child.pid]);
        const r = await load(`http://localhost:${builds[i].port}${url}`, { connections: CONNECTIONS, duration: SECONDS, headers });
        sums[i].cpu += await meter.stop();
        sums[i].requests += r.requests.total;
        if (r.non2xx + r.errors) throw new Error(`${label} (${builds[i].name}): ${r.non2xx} non-2xx, ${r.errors} errors`);
      }
    }
    const us = sums.map((s) => (s.cpu * 1e6) / s.requests);
    results.push({
      label,
      thisUs: us[0],
      otherUs: us[1],
      thisRps: sums[0].requests / (ROUNDS * SECONDS),
      otherRps: sums[1].requests / (ROUNDS * SECONDS),
    });
    process.stderr.write(`  ${label}: this build ${us[0].toFixed(0)} µs, the other ${us[1].toFixed(0)} µs of CPU per request\n`);
  }
} finally {
  await Promise.all(
    builds.map(
      (b) =>
        new Promise((resolve) =>
          !b.child || b.child.exitCode !== null ? resolve() : (b.child.once('exit', resolve), b.child.kill('SIGTERM')),
        ),
    ),
  );
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log('| request | this build: CPU µs/request (req/s) | other build: CPU µs/request (req/s) | this ÷ other |');
console.log('|---|---|---|---|');
for (const r of results)
  console.log(
    `| ${r.label} | ${r.thisUs.toFixed(0)} (${Math.round(r.thisRps).toLocaleString('en-US')}) | ${r.otherUs.toFixed(0)} (${Math.round(r.otherRps).toLocaleString('en-US')}) | ${((r.thisUs / r.otherUs) * 100).toFixed(0)}% |`,
  );
console.log(
  `\nLoad average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(', ')} on ${os.cpus().length} cores.`,
);
