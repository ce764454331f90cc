#!/usr/bin/env node
// `npm run bench`: throughput and p99 of the public class list (an organization with 50 classes)
// against a bare node:http server answering the same bytes, measured in the same run.
import autocannon from 'autocannon';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const API_PORT = 3190;
const BARE_PORT = 3191;

if (!fs.existsSync(path.join(root, 'backend/dist/main.js'))) {
  spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'classlane-bench-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(root, 'backend/dist/database/embedded.js'));
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
const api = spawn(process.execPath, ['backend/dist/main.js'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(API_PORT), DATABASE_URL: db.url, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_REQUESTS: process.env.BENCH_LOG ?? 'false', SERVE_FRONTENDS: 'false', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
});
const stopApi = () => new Promise((resolve) => { api.once('exit', resolve); api.kill('SIGTERM'); });

async function call(method, url, body, token) {
  const res = await fetch(`http://localhost:${API_PORT}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${url}: ${res.status} ${json.error}`);
  return json.data;
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try { if ((await fetch(`http://localhost:${API_PORT}/api/health`)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('API did not start');
}

function run(url, duration = DURATION) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1 }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

try {
  await waitForHealth();
  const { token } = await call('POST', '/api/auth/signup', { email: 'bench@example.com', password: 'bench-pass-1', firstName: 'Ben', lastName: 'Ch' });
  const org = await call('POST', '/api/organizations', { name: 'Bench Studio' }, token);
  // 50 classes need a plan without the Free limit of 2: done the way platform staff would, in SQL.
  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await client.query("UPDATE organizations SET plan_id = 'professional' WHERE id = $1", [org.id]);
  await client.end();
  for (let i = 0; i < 50; i++) {
    await call('POST', '/api/classes', {
      title: `Class ${i + 1}`, description: 'A class used for benchmarking the public list.', instructor: 'Instructor', location: 'Room 1',
      price: 50 + i, maxStudents: 20, startDate: new Date(Date.now() + (i + 1) * 86400000).toISOString(), duration: 60, days: 4, schedule: 'Weekly',
      materials: ['Notebook', 'Pen'],
    }, token);
  }
  const path_ = `/api/classes?organizationId=${org.id}`;
  const sample = await fetch(`http://localhost:${API_PORT}${path_}`);
  const bytes = Buffer.from(await sample.arrayBuffer());
  const bare = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
    res.end(bytes);
  });
  await new Promise((r) => bare.listen(BARE_PORT, r));

  console.log(`Body: ${bytes.length} bytes (50 classes). ${CONNECTIONS} connections, ${DURATION}s each, after a 2s warm-up.\n`);
  await run(`http://localhost:${BARE_PORT}/`, 2).catch(() => null);
  const bareResult = await run(`http://localhost:${BARE_PORT}/`);
  await run(`http://localhost:${API_PORT}${path_}`, 2).catch(() => null);
  const apiResult = await run(`http://localhost:${API_PORT}${path_}`);
  bare.close();

  const row = (name, r) => `| ${name} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p99} ms | ${r.non2xx + r.errors} |`;
  const ratio = apiResult.requests.average / bareResult.requests.average;
  console.log('| server | requests/s | p99 latency | errors |');
  console.log('|---|---|---|---|');
  console.log(row('bare node:http, same bytes (baseline)', bareResult));
  console.log(row('Classlane API GET /api/classes?organizationId=', apiResult));
  console.log(`\nAPI / baseline throughput: ${(ratio * 100).toFixed(1)}%  (target ≥ 50%, p99 < 50 ms)`);
} finally {
  await stopApi();
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
