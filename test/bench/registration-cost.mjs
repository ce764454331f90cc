#!/usr/bin/env node
// The CPU one request of each opening-rush kind costs, without the rush's mix: `npm run bench:opening` measures CPU
// per seat, which moves with how many clients found a class full and loaded the list again (it changes from run to
// run on a busy machine). Here one built API instance on an embedded PostgreSQL (card holds through the Stripe
// stand-in process) serves N requests of one kind at a time, 4 at once, in classes with room for all of them, and the
// CPU of the API process and of PostgreSQL during each kind is divided by N.
//
// Kinds: the public list of COST_LIST_CLASSES classes (as a browser asks for it: gzip accepted), the same list
// revalidated with its ETag (304), the public class page, an in-person registration, a card hold, and an in-person
// registration and a card hold refused because the class is full.
//
// Env: COST_N (300), COST_PORT (3261: the instance, the stand-in on the next one), COST_LIST_CLASSES (300, the full
//      opening's list), BENCH_MAIN (another build's main.js, e.g. the build before a change), BENCH_JSON (write the
//      figures there), COST_KINDS (only these kinds, comma-separated), BENCH_NODE_ARGS (node options for the API process, e.g. --cpu-prof --cpu-prof-dir=DIR).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, enableCardPayments, postgresPids, startBenchDatabase, startStripeStandIn, waitFor } from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const N = Number(process.env.COST_N ?? 300);
const LIST_CLASSES = Number(process.env.COST_LIST_CLASSES ?? 300);
const PORT = Number(process.env.COST_PORT ?? 3261);
const STAND_IN_PORT = PORT + 1;
const MAIN = process.env.BENCH_MAIN ? path.resolve(process.env.BENCH_MAIN) : path.join(root, 'backend/dist/main.js');

const children = [];
const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('exit', stop);
children.push(startStripeStandIn(root, STAND_IN_PORT));
const { dataDir, db } = await startBenchDatabase(root, os.tmpdir(), 'classlane-registration-cost-');
// BENCH_NODE_ARGS: node options for the API process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (written when it stops).
const api = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), MAIN], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATABASE_URL: db.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_REQUESTS: 'false',
    SERVE_FRONTENDS: 'false',
    // Jobs off: only the requests' own work is measured.
    JOBS_ENABLED: 'false',
    STRIPE_SECRET_KEY: 'sk_test_registration_cost',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_registration_cost',
    STRIPE_WEBHOOK_SECRET: 'whsec_registration_cost',
    STRIPE_API_BASE: `http://127.0.0.1:${STAND_IN_PORT}`,
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    CARD_INTENT_RATE_LIMIT_PER_MINUTE: '1000000',
    REGISTRATION_RATE_LIMIT_PER_MINUTE: '1000000',
  },
});
children.push(api);

async function call(method, url, body, token, extraHeaders = {}) {
  const res = await fetch(`http://127.0.0.1:${PORT}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extraHeaders,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, etag: res.headers.get('etag') };
}
const person = () => ({
  firstName: 'Cost',
  lastName: 'Student',
  email: `cost-${randomUUID()}@example.com`,
  // A different number per person, as in a rush: the server keeps the last number its phone rule found valid, so one
  // number for everybody would be answered from that every time.
  phone: `559555${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`,
  communicationOptIn: true,
});

const results = { n: N, main: path.relative(root, MAIN) };
try {
  await waitFor(`http://127.0.0.1:${PORT}/api/health`);
  await waitFor(`http://127.0.0.1:${STAND_IN_PORT}/v1/events`).catch(() => undefined);
  const signin = await call('POST', '/api/auth/signin', { email: 'admin@demo.classlane.test', password: 'Demo123!' });
  const token = signin.json.data.token;
  const orgId = signin.json.data.user.organizationId;
  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await enableCardPayments(client, orgId, 'acct_registration_cost');
  await client.end();
  const newClass = async (seats) => {
    const r = await call(
      'POST',
      '/api/classes',
      {
        title: `Cost ${randomUUID().slice(0, 6)}`,
        description: 'Registration cost',
        instructor: 'Ben',
        location: 'Room 1',
        status: 'Open',
        price: 100,
        discountPrice: 80,
        maxStudents: seats,
        startDate: new Date(Date.now() + 14 * 86400_000).toISOString(),
        duration: 60,
        days: 1,
        schedule: 'Weekly',
      },
      token,
    );
    if (r.status !== 201) throw new Error(`class: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data.id;
  };
  const roomy = [];
  for (let i = 0; i < 10; i++) roomy.push(await newClass(1000));
  const full = await newClass(1);
  for (let i = roomy.length + 1; i < LIST_CLASSES; i += 10)
    await Promise.all(Array.from({ length: Math.min(10, LIST_CLASSES - i) }, () => newClass(15)));
  await call('POST', '/api/students/register', {
    ...person(),
    organizationId: orgId,
    classEnrollments: [{ classId: full, paymentMethod: 'in-person', paymentStatus: 'pending' }],
  });

  const listUrl = `/api/classes?organizationId=${orgId}`;
  let listEtag;
  const kinds = {
    list: () => call('GET', listUrl, undefined, undefined, { 'accept-encoding': 'gzip' }),
    listRevalidated: async () => {
      listEtag ??= (await call('GET', listUrl)).etag; // once, in the warm-up: nothing changes the list meanwhile
      return call('GET', listUrl, undefined, undefined, { 'if-none-match': listEtag });
    },
    page: (i) => call('GET', `/api/classes/${roomy[i % roomy.length]}?organizationId=${orgId}`),
    inPerson: (i) =>
      call('POST', '/api/students/register', {
        ...person(),
        organizationId: orgId,
        classEnrollments: [{ classId: roomy[i % roomy.length], paymentMethod: 'in-person', paymentStatus: 'pending' }],
      }),
    cardHold: (i) =>
      call('POST', '/api/payments/create-intent', {
        classId: roomy[i % roomy.length],
        organizationId: orgId,
        studentData: person(),
        amount: 80,
      }),
    classFull: () =>
      call('POST', '/api/students/register', {
        ...person(),
        organizationId: orgId,
        classEnrollments: [{ classId: full, paymentMethod: 'in-person', paymentStatus: 'pending' }],
      }),
    cardFull: () =>
      call('POST', '/api/payments/create-intent', { classId: full, organizationId: orgId, studentData: person(), amount: 80 }),
  };
  const expected = { list: 200, listRevalidated: 304, page: 200, inPerson: 201, cardHold: 201, classFull: 409, cardFull: 409 };
  // COST_KINDS: only these kinds (comma-separated), e.g. for a CPU profile of one of them.
  const only = process.env.COST_KINDS?.split(',');
  for (const [kind, send] of Object.entries(kinds).filter(([k]) => !only || only.includes(k))) {
    for (let i = 0; i < 20; i++) await send(i); // warm-up (JIT, prepared statements), not counted
    const dbPids = postgresPids(dataDir);
    const apiBefore = cpuSeconds([api.pid]);
    const dbBefore = cpuSeconds(dbPids);
    let next = 0;
    let wrong = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < N) {
          const r = await send(next++);
          if (r.status !== expected[kind]) wrong += 1;
        }
      }),
    );
    const apiMs = ((cpuSeconds([api.pid]) - apiBefore) * 1000) / N;
    const dbMs = ((cpuSeconds([...new Set([...dbPids, ...postgresPids(dataDir)])]) - dbBefore) * 1000) / N;
    results[kind] = { apiMs: +apiMs.toFixed(2), dbMs: +dbMs.toFixed(2), totalMs: +(apiMs + dbMs).toFixed(2), unexpectedStatus: wrong };
  }
  results.loadAverage = os.loadavg().map((x) => +x.toFixed(1));
  console.log(JSON.stringify(results, null, 2));
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
} finally {
  stop();
  await new Promise((r) => setTimeout(r, 1500));
  await db.stop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
