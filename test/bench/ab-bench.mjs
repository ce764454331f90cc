#!/usr/bin/env node
// Before/after on shared cores: two builds of the API on ONE database, measured in alternating short rounds so
// that whatever else loads the machine weighs on both alike. Usage:
//   node test/bench/ab-bench.mjs <before main.js> [<after main.js>]   (after defaults to backend/dist/main.js)
// Env: AB_ROUNDS (4), AB_SECONDS (3), BENCH_CONNECTIONS (50), BENCH_TMP (parent of the data directory).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const [beforeMain, afterMain] = [process.argv[2], process.argv[3] ?? 'backend/dist/main.js'].map((p) => path.resolve(root, p));
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.AB_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORTS = { before: Number(process.env.AB_BEFORE_PORT ?? 3202), after: Number(process.env.AB_AFTER_PORT ?? 3302) };

const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-ab-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(path.dirname(afterMain), 'database/embedded.js'));
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: db.url,
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_REQUESTS: 'true',
  SERVE_FRONTENDS: 'false',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
};
const start = (main, port) =>
  spawn(process.execPath, [main], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...env, PORT: String(port) } });
const up = async (port) => {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no API on ${port}`);
};
const run = (url, headers, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration, headers }, (e, r) => (e ? reject(e) : resolve(r))),
  );

// The after build migrates and seeds first; the before build then finds both done (same schema, same secret file).
const servers = { after: start(afterMain, PORTS.after) };
await up(PORTS.after);
servers.before = start(beforeMain, PORTS.before);
try {
  await up(PORTS.before);
  const signin = await (
    await fetch(`http://localhost:${PORTS.after}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.classlane.test', password: 'Demo123!' }),
    })
  ).json();
  const { token, user } = signin.data;
  const page = `sort=${encodeURIComponent('["createdAt","DESC"]')}&range=${encodeURIComponent('[0,24]')}&filter=${encodeURIComponent('{}')}`;
  const auth = { authorization: `Bearer ${token}` };
  const scenarios = [
    ['GET /api/classes, token (demo org)', `/api/classes?${page}`, auth],
    ['GET /api/students, token (demo org)', `/api/students?${page}`, auth],
    ['GET /api/health', '/api/health', {}],
    ['public list, Origin (demo org)', `/api/classes?organizationId=${user.organizationId}`, { origin: 'https://example.org' }],
  ];
  console.log(`${ROUNDS} alternating rounds of ${SECONDS}s per build and request, ${CONNECTIONS} connections, after a 2s warm-up each.\n`);
  console.log('| request | before req/s | before p99 | after req/s | after p99 | after / before |');
  console.log('|---|---|---|---|---|---|');
  for (const [label, url, headers] of scenarios.filter(([l]) => l.includes(process.env.AB_ONLY ?? ''))) {
    const sums = { before: [0, 0], after: [0, 0] };
    for (const which of ['before', 'after']) await run(`http://localhost:${PORTS[which]}${url}`, headers, 2);
    for (let i = 0; i < ROUNDS; i++) {
      for (const which of i % 2 ? ['after', 'before'] : ['before', 'after']) {
        const r = await run(`http://localhost:${PORTS[which]}${url}`, headers, SECONDS);
        if (r.non2xx || r.errors) throw new Error(`${which} ${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        sums[which][0] += r.requests.average / ROUNDS;
        sums[which][1] = Math.max(sums[which][1], r.latency.p99);
      }
    }
    const n = (x) => Math.round(x).toLocaleString('en-US');
    console.log(
      `| ${label} | ${n(sums.before[0])} | ${sums.before[1]} ms | ${n(sums.after[0])} | ${sums.after[1]} ms | ${(sums.after[0] / sums.before[0]).toFixed(2)}× |`,
    );
  }
  console.log('\np99: the worst round.');
} finally {
  for (const s of Object.values(servers)) {
    s.kill('SIGTERM');
    await new Promise((r) => (s.exitCode !== null ? r() : s.once('exit', r)));
  }
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
