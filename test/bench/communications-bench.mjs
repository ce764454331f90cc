#!/usr/bin/env node
// `npm run bench` (second part) / `npm run bench:communications`: 10,000 due messages (half email, half SMS) in
// the outbox, dispatched by 2 API instances (the production build, JOBS_ENABLED on both) through the official
// SendGrid and Twilio SDKs against local stand-ins on one embedded PostgreSQL. Measures the time until every row
// is settled and counts duplicates at the providers (target: under 60 s, 0 duplicates). Not part of `npm test`.
//
// Env: BENCH_MESSAGES (10000), BENCH_INSTANCES (2), BENCH_API_PORT (3290), BENCH_JSON (write the figures there).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10000);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 2);
const PORT = Number(process.env.BENCH_API_PORT ?? 3290);
const MAIN = path.join(root, 'backend/dist/main.js');
const DEMO_ORG_ID = 'a0000000-0000-4000-8000-000000000001';
const TWILIO = { sid: 'AC00000000000000000000000000000001', token: 'bench-token', from: '+15005550006' };

if (!fs.existsSync(MAIN)) spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

/** The same wire protocol as backend/test/stand-ins (SendGrid v3 mail send, Twilio Messages), counting what arrives. */
function standIn(handler) {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => handler(req, res, raw));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const emails = new Map();
const texts = new Map();
const sendgrid = await standIn((req, res, raw) => {
  if (req.method !== 'POST' || req.url !== '/v3/mail/send') return res.writeHead(404).end();
  const mail = JSON.parse(raw);
  // Only the benchmark's own messages (the demo organization's reminders may go out meanwhile).
  if (String(mail.subject).startsWith('Bench '))
    emails.set(mail.custom_args?.communicationId, (emails.get(mail.custom_args?.communicationId) ?? 0) + 1);
  res.writeHead(202, { 'X-Message-Id': randomBytes(11).toString('base64url') }).end();
});
const twilio = await standIn((req, res, raw) => {
  if (req.method !== 'POST' || !/^\/2010-04-01\/Accounts\/[^/]+\/Messages\.json$/.test(req.url ?? '')) return res.writeHead(404).end();
  const body = new URLSearchParams(raw).get('Body');
  if (body?.startsWith('bench message ')) texts.set(body, (texts.get(body) ?? 0) + 1);
  const sid = `SM${randomBytes(16).toString('hex')}`;
  res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid, status: 'queued', body }));
});
const urlOf = (s) => `http://127.0.0.1:${s.address().port}`;

const dataDir = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-comms-bench-'));
fs.chmodSync(dataDir, 0o755);
const { startEmbeddedPostgres } = await import(path.join(root, 'backend/dist/database/embedded.js'));
const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
const client = new pg.Client({ connectionString: db.url });

const env = (i, jobs) => ({
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(PORT + i),
  DATABASE_URL: db.url,
  DATA_DIR: dataDir,
  SEED_DEMO: i === 0 ? 'true' : 'false',
  LOG_REQUESTS: 'false',
  SERVE_FRONTENDS: 'false',
  JOBS_ENABLED: jobs ? 'true' : 'false',
  JOBS_INTERVAL_MS: '1000',
  SENDGRID_API_KEY: 'SG.bench',
  SENDGRID_API_URL: urlOf(sendgrid),
  TWILIO_ACCOUNT_SID: TWILIO.sid,
  TWILIO_AUTH_TOKEN: TWILIO.token,
  TWILIO_FROM_NUMBER: TWILIO.from,
  TWILIO_API_BASE: urlOf(twilio),
  SMS_QUIET_HOURS: '0-0',
  // The bench measures the dispatcher's throughput for one organization's announcement, not the per-organization
  // limit (modules/outbound-limits), which would hold it to 2,000 a minute.
  OUTBOUND_MESSAGES_PER_MINUTE: process.env.OUTBOUND_MESSAGES_PER_MINUTE ?? '1000000',
  PUBLIC_URL: `http://localhost:${PORT}`,
});
const apis = [];
const start = (i, jobs) =>
  new Promise((resolve, reject) => {
    const api = spawn(process.execPath, [MAIN], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: env(i, jobs) });
    apis.push(api);
    api.once('exit', (code) => reject(new Error(`API ${i} exited with ${code}`)));
    const poll = async () => {
      try {
        if ((await fetch(`http://localhost:${PORT + i}/api/health`)).ok) return resolve(api);
      } catch {
        /* not up yet */
      }
      setTimeout(poll, 200);
    };
    void poll();
  });
const stopAll = () =>
  Promise.all(
    apis.map(
      (api) =>
        new Promise((resolve) => {
          if (api.exitCode !== null) return resolve();
          api.removeAllListeners('exit');
          api.once('exit', resolve);
          api.kill('SIGTERM');
        }),
    ),
  );

let failed;
try {
  // Instance 0 migrates and seeds with its jobs off, so the outbox is full before anyone dispatches.
  await start(0, false);
  await client.connect();
  const [{ id: userId }] = (await client.query("SELECT id FROM users WHERE organization_id = $1 AND role = 'admin' LIMIT 1", [DEMO_ORG_ID]))
    .rows;
  await client.query('DELETE FROM communications');
  await client.query(
    `INSERT INTO communications (organization_id, recipient_type, recipient_id, recipient, channel, to_address, subject, message, kind)
     SELECT $1, 'user', $2, '{"firstName":"Bench","lastName":"User","email":null,"phone":null}',
       CASE WHEN i % 2 = 0 THEN 'email' ELSE 'sms' END, CASE WHEN i % 2 = 0 THEN 'bench@example.com' ELSE '+15595550100' END,
       CASE WHEN i % 2 = 0 THEN 'Bench ' || i END, 'bench message ' || i, 'manual'
     FROM generate_series(1, $3::int) AS i`,
    [DEMO_ORG_ID, userId, MESSAGES],
  );
  await stopAll();
  apis.length = 0;
  // The clock starts when the first instance answers (it dispatches from then on), not at process spawn: the boot
  // of a Node process (about 6 s per instance on this machine) is not dispatch time.
  const spawned = performance.now();
  let firstUp = 0;
  await Promise.all(Array.from({ length: INSTANCES }, (_, i) => start(i, true).then(() => (firstUp ||= performance.now()))));
  const t0 = firstUp;
  const booted = performance.now();
  let settled = 0;
  for (;;) {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM communications WHERE kind = 'manual' AND status NOT IN ('pending', 'sending')",
    );
    settled = rows[0].n;
    if (settled >= MESSAGES || performance.now() - spawned > 300_000) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - t0) / 1000;
  const dispatchSeconds = (performance.now() - booted) / 1000;
  const { rows: statuses } = await client.query(
    "SELECT status, count(*)::int AS n FROM communications WHERE kind = 'manual' GROUP BY status ORDER BY status",
  );
  const duplicates = [...emails.values(), ...texts.values()].filter((n) => n > 1).length;
  const delivered = emails.size + texts.size;
  const figures = {
    messages: MESSAGES,
    instances: INSTANCES,
    seconds: Number(seconds.toFixed(1)),
    secondsIncludingBoot: Number(((performance.now() - spawned) / 1000).toFixed(1)),
    secondsAfterAllInstancesUp: Number(dispatchSeconds.toFixed(1)),
    messagesPerSecond: Math.round(MESSAGES / seconds),
    deliveredAtProviders: delivered,
    duplicates,
    statuses: Object.fromEntries(statuses.map((r) => [r.status, r.n])),
    cpus: os.cpus().length,
  };
  console.log(JSON.stringify(figures, null, 2));
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(figures, null, 2));
  failed = duplicates > 0 || delivered !== MESSAGES || seconds > 60;
  if (failed) console.error(`FAILED: target is every message once (got ${delivered}, ${duplicates} duplicates) in under 60 s`);
} finally {
  await stopAll();
  await client.end().catch(() => {});
  await db.stop();
  sendgrid.close();
  twilio.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
