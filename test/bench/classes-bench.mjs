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

function run(url, duration, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, pipelining: 1, headers }, (err, r) => (err ? reject(err) : resolve(r)));
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
  const apiUrl = `http://localhost:${API_PORT}${path_}`;
  // The bodies the API sends, plain and gzipped (what browsers ask for), replayed by the baseline server.
  const plain = Buffer.from(await (await fetch(apiUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const gzipped = await new Promise((resolve, reject) => {
    http.get(apiUrl, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => (res.headers['content-encoding'] === 'gzip' ? resolve(Buffer.concat(chunks)) : reject(new Error('API did not gzip'))));
    }).on('error', reject);
  });
  fs.writeFileSync(path.join(dataDir, 'plain.json'), plain);
  fs.writeFileSync(path.join(dataDir, 'body.json.gz'), gzipped);
  // The baseline runs in its own process, like the API, so neither shares a core with autocannon.
  const bareSource = `
    const http = require('node:http'); const fs = require('node:fs');
    const plain = fs.readFileSync(${JSON.stringify(path.join(dataDir, 'plain.json'))});
    const gz = fs.readFileSync(${JSON.stringify(path.join(dataDir, 'body.json.gz'))});
    http.createServer((req, res) => {
      const zip = /gzip/.test(req.headers['accept-encoding'] || '');
      const body = zip ? gz : plain;
      res.writeHead(200, zip ? { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip', 'Content-Length': body.length } : { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
      res.end(body);
    }).listen(${BARE_PORT}, () => process.send('ready'));`;
  const bare = spawn(process.execPath, ['-e', bareSource], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((r) => bare.once('message', r));

  console.log(`Body: ${plain.length} bytes plain, ${gzipped.length} bytes gzip (50 classes). ${CONNECTIONS} connections, ${DURATION}s per run after a 2s warm-up.\n`);
  const results = [];
  // The third row sends an Origin header, which the fast path leaves to the full NestJS/Express stack:
  // it shows what the cached fast path buys.
  const scenarios = [
    ['plain', { 'accept-encoding': 'identity' }],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['gzip, full Express stack (CORS request)', { 'accept-encoding': 'gzip', origin: `http://localhost:${API_PORT}` }],
  ];
  for (const [label, headers] of scenarios) {
    await run(`http://localhost:${BARE_PORT}/`, 2, headers);
    const b = await run(`http://localhost:${BARE_PORT}/`, DURATION, headers);
    await run(apiUrl, 2, headers);
    const a = await run(apiUrl, DURATION, headers);
    results.push([label, b, a]);
  }
  bare.kill();

  const fmt = (r) => `${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p99} ms | ${r.non2xx + r.errors}`;
  console.log('| request | baseline req/s | baseline p99 | baseline errors | API req/s | API p99 | API errors | API / baseline |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [label, b, a] of results) {
    console.log(`| ${label} | ${fmt(b)} | ${fmt(a)} | ${((a.requests.average / b.requests.average) * 100).toFixed(1)}% |`);
  }
  console.log('\nTarget: API ≥ 50% of the baseline throughput, p99 < 50 ms.');
} finally {
  await stopApi();
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
