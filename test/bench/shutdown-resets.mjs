#!/usr/bin/env node
// What a SIGTERM costs the clients of a busy instance: connections that were accepted, or queued in the kernel, when it
// stopped, and came back reset or 503 instead of answered.
//
//   node test/bench/shutdown-resets.mjs [path/to/backend/dist/main.js ...]
//
// Each build given (default: this tree's) is started ROUNDS times on one embedded PostgreSQL and stopped with
// SIGTERM while CLIENTS loops each open a new connection per request (GET /api/health/live, as a balancer without
// keep-alive does). By default they keep doing so until they are refused: the worst case, a balancer that has not
// noticed the drain by the time the instance closes (SHUTDOWN_DELAY_MS 0). With CHECK_MS set they act as a balancer
// that checks readiness every CHECK_MS and stops sending once it answers 503, and the instance gets
// SHUTDOWN_DELAY_MS=DELAY_MS (default 1000). A refused connection is fine (a balancer tries the other instance); a
// reset, a hang-up or a 503 is a request lost. LISTEN_BACKLOG is passed through (the build before ignores it).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchDatabase, waitFor } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builds = process.argv.slice(2).length ? process.argv.slice(2).map((p) => path.resolve(p)) : [path.join(root, 'backend/dist/main.js')];
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CLIENTS = Number(process.env.CLIENTS ?? 64);
const RUN_MS = Number(process.env.RUN_MS ?? 1500);
const CHECK_MS = process.env.CHECK_MS ? Number(process.env.CHECK_MS) : null;
const DELAY_MS = CHECK_MS === null ? 0 : Number(process.env.DELAY_MS ?? 1000);

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

function get(port, path = '/api/health/live') {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(String(res.statusCode)));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e) => resolve(e.code ?? String(e)));
  });
}

async function round(main, dbUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: path.dirname(path.dirname(main)),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: dbUrl,
      SEED_DEMO: 'false',
      SERVE_FRONTENDS: 'false',
      LOG_REQUESTS: 'false',
      JOBS_ENABLED: 'false',
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    },
  });
  const exited = new Promise((r) => child.once('exit', r));
  await waitFor(`http://127.0.0.1:${port}/api/health/live`);
  const counts = {};
  let refused = false;
  let noticed = false;
  const checker = (async () => {
    while (CHECK_MS !== null && !noticed && !refused) {
      if ((await get(port, '/api/health/ready')) !== '200') noticed = true;
      else await new Promise((r) => setTimeout(r, CHECK_MS));
    }
  })();
  const client = async () => {
    while (!refused && !noticed) {
      const outcome = await get(port);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      if (outcome === 'ECONNREFUSED') refused = true;
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);
  await new Promise((r) => setTimeout(r, RUN_MS));
  child.kill('SIGTERM');
  await exited;
  await Promise.all(clients);
  await checker;
  return counts;
}

const { dataDir, db } = await startBenchDatabase(root, fs.realpathSync('/tmp'), 'shutdown-resets-');
try {
  for (const main of builds) {
    const total = {};
    for (let i = 0; i < ROUNDS; i++) {
      const counts = await round(main, db.url);
      for (const [k, v] of Object.entries(counts)) total[k] = (total[k] ?? 0) + v;
      console.log(`${main} round ${i + 1}: ${JSON.stringify(counts)}`);
    }
    const lost = Object.entries(total)
      .filter(([k]) => k !== '200' && k !== 'ECONNREFUSED')
      .reduce((n, [, v]) => n + v, 0);
    const mode = CHECK_MS === null ? 'no balancer check, delay 0' : `readiness checked every ${CHECK_MS} ms, delay ${DELAY_MS} ms`;
    console.log(`${main} LISTEN_BACKLOG=${process.env.LISTEN_BACKLOG ?? '(default)'}, ${mode}: ${JSON.stringify(total)}; lost ${lost}`);
  }
} finally {
  await db.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
