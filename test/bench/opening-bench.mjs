#!/usr/bin/env node
// `npm run bench:opening`: a season's opening rush on the built API (`backend/dist/main.js`), two instances sharing
// one embedded PostgreSQL, card holds going through the Stripe stand-in process (test/e2e/stripe-stand-in.mjs).
//
// One organization (the demo organization on the unlimited plan, with a charges-enabled connected account) has
// CLASSES classes of SEATS seats. At the opening instant CLIENTS clients arrive (spread evenly over ARRIVAL_S seconds),
// each alternately on one of the two instances. A client is a person in a browser, doing what the public site does:
// it loads the public list, opens the page of a class with seats left, and when the page offers Register, registers
// one person there: even clients in person (POST /api/students/register), odd ones with a card hold (POST
// /api/payments/create-intent). Then it does it again for a second person (demand is 2 x CLIENTS registrations, more
// than the seats, so every seat goes). A page showing the class full, or a registration refused as full (409), sends
// the client back to the list for another class. Each client has a browser's HTTP cache (the site reads with plain
// fetch()): a list or page still fresh by its Cache-Control and Age is not asked for again, a stale one within
// stale-while-revalidate is shown while it is revalidated in the background, and a revalidation sends If-None-Match.
//
// Figures: oversold seats (classes with more held or active enrollments than seats: must be 0), 5xx replies (0),
// seats taken (exactly CLASSES x SEATS), registration p50/p99 (201 and 409 replies alike), the public list's p99
// during the rush (requests that reached a server, 200 and 304 alike; `views` says how many views the browser's copy
// answered), the rush's wall time, and the CPU per registration: CPU seconds used by both API processes and
// PostgreSQL during the rush divided by the seats taken (the list and page loads are part of that cost).
//
// The per-IP rate limits are raised through their documented settings (every client of the bench has one IP).
//
// Env: BENCH_CLIENTS (3000), BENCH_CLASSES (300), BENCH_SEATS (15), BENCH_ARRIVAL_S (10), BENCH_PORT (3221: the
//      instances listen on it and the next one, the stand-in on the one after), BENCH_MAIN (another build's main.js,
//      e.g. the build before the change, to compare), BENCH_JSON (write the figures there), BENCH_TMP,
//      BENCH_NODE_ARGS (extra node flags for the two API instances, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a
//      profile of each instance is written when the bench stops it).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds, postgresPids, waitFor } from './bench-lib.mjs';
// The fixture the registration-cost bench shares.
import * as fixture from './bench-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 3000);
const CLASSES = Number(process.env.BENCH_CLASSES ?? 300);
const SEATS = Number(process.env.BENCH_SEATS ?? 15);
const ARRIVAL_S = Number(process.env.BENCH_ARRIVAL_S ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3221);
const PORTS = [PORT, PORT + 1];
const STAND_IN_PORT = PORT + 2;
const MAIN = process.env.BENCH_MAIN ? path.resolve(process.env.BENCH_MAIN) : path.join(root, 'backend/dist/main.js');
const DEMO = { email: 'admin@demo.classlane.test', password: 'Demo123!' };
const WEBHOOK_SECRET = 'whsec_bench_opening';

// Node's fetch puts no cap on sockets per origin: thousands of clients at once open as many as they need.
for (const port of [...PORTS, STAND_IN_PORT]) {
  await new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', () => reject(new Error(`Port ${port} is in use: set BENCH_PORT`)));
    probe.listen(port, () => probe.close(resolve));
  });
}
if (!fs.existsSync(MAIN)) spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });

const children = [];
const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('exit', stop);

children.push(fixture.startStripeStandIn(root, STAND_IN_PORT));

const { dataDir, db } = await fixture.startBenchDatabase(root, process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-opening-bench-');

const startApi = (port, seed) => {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const api = spawn(process.execPath, [...nodeArgs, MAIN], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      SEED_DEMO: seed ? 'true' : 'false',
      LOG_REQUESTS: 'false',
      SERVE_FRONTENDS: 'false',
      // The documented setup runs the jobs on every instance.
      JOBS_ENABLED: 'true',
      STRIPE_SECRET_KEY: 'sk_test_bench_opening',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench_opening',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${STAND_IN_PORT}`,
      // Every client of the bench comes from one IP: the documented per-IP limits, raised.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      CARD_INTENT_RATE_LIMIT_PER_MINUTE: '1000000',
      REGISTRATION_RATE_LIMIT_PER_MINUTE: '1000000',
      ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000000',
    },
  });
  children.push(api);
  return api;
};

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0);
const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: +pct(s, 50).toFixed(1), p99: +pct(s, 99).toFixed(1), max: +(s.at(-1) ?? 0).toFixed(1) };
};

async function call(port, method, url, body, token, extraHeaders = {}) {
  const started = performance.now();
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
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
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, json, headers: res.headers, ms: performance.now() - started };
  } catch (e) {
    return { status: 0, json: { error: String(e?.cause?.code ?? e) }, headers: new Headers(), ms: performance.now() - started };
  }
}

/**
 * A browser's HTTP cache, one per client: the public site reads the list and the class pages with plain fetch(), so a
 * browser reuses a reply while it is fresh (Cache-Control max-age, minus the Age the server says the copy already
 * has), within stale-while-revalidate shows the stale copy at once and revalidates it in the background, and otherwise
 * revalidates with If-None-Match (a 304 without a body refreshes the stored copy). Node's fetch has no HTTP cache, so
 * the bench keeps this one. `onNetwork` sees every request that reached a server (for the latency figures).
 */
function browserCache(onNetwork) {
  const entries = new Map();
  const store = (url, r, json) => {
    const cc = r.headers.get('cache-control') ?? '';
    if (r.status !== 200 && r.status !== 304) return;
    if (!/\bpublic\b/.test(cc) || !r.headers.get('etag')) return entries.delete(url);
    const maxAge = Number(/max-age=(\d+)/.exec(cc)?.[1] ?? 0);
    const swr = Number(/stale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0);
    const age = Number(r.headers.get('age') ?? 0);
    const freshUntil = performance.now() + Math.max(0, maxAge - age) * 1000;
    entries.set(url, { etag: r.headers.get('etag'), json, freshUntil, staleUntil: freshUntil + swr * 1000, revalidating: false });
  };
  const network = async (port, url, entry) => {
    const r = await call(port, 'GET', url, undefined, undefined, entry ? { 'if-none-match': entry.etag } : {});
    onNetwork(r, url);
    const json = r.status === 304 && entry ? entry.json : r.json;
    store(url, r, json);
    return { ...r, status: r.status === 304 ? 200 : r.status, json, from: r.status === 304 ? '304' : 'network' };
  };
  return async (port, url) => {
    const entry = entries.get(url);
    const now = performance.now();
    if (entry && now < entry.freshUntil) return { status: 200, json: entry.json, from: 'fresh' };
    if (entry && now < entry.staleUntil) {
      if (!entry.revalidating) {
        entry.revalidating = true;
        void network(port, url, entry).finally(() => (entry.revalidating = false));
      }
      return { status: 200, json: entry.json, from: 'stale' };
    }
    return network(port, url, entry);
  };
}

let seq = 0;
const person = () => {
  seq += 1;
  return {
    firstName: 'Rush',
    lastName: 'Student',
    email: `rush-${seq}-${randomUUID().slice(0, 8)}@example.com`,
    phone: `559555${String(1000 + (seq % 9000)).padStart(4, '0')}`,
    communicationOptIn: true,
  };
};

const results = { clients: CLIENTS, classes: CLASSES, seats: SEATS, arrivalSeconds: ARRIVAL_S, main: path.relative(root, MAIN) };
try {
  const first = startApi(PORTS[0], true);
  await waitFor(`http://127.0.0.1:${PORTS[0]}/api/health`);
  const second = startApi(PORTS[1], false);
  await waitFor(`http://127.0.0.1:${PORTS[1]}/api/health`);
  await waitFor(`http://127.0.0.1:${STAND_IN_PORT}/v1/events`).catch(() => undefined); // 401 without a key: up

  const signin = await call(PORTS[0], 'POST', '/api/auth/signin', DEMO);
  const token = signin.json.data.token;
  const orgId = signin.json.data.user.organizationId;
  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await fixture.enableCardPayments(client, orgId, 'acct_bench_opening');
  // The demo's own classes and students are left out of the figures: only the bench's classes are counted.
  const classIds = [];
  for (let i = 0; i < CLASSES; i += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, CLASSES - i) }, (_, k) =>
        call(
          PORTS[0],
          'POST',
          '/api/classes',
          {
            title: `Summer ${String(i + k + 1).padStart(3, '0')}`,
            description: 'Opening bench',
            instructor: 'Ben',
            location: 'Room 1',
            status: 'Open',
            price: 100,
            discountPrice: 80,
            maxStudents: SEATS,
            startDate: new Date(Date.now() + 14 * 86400_000).toISOString(),
            duration: 60,
            days: 1,
            schedule: 'Weekly',
          },
          token,
        ),
      ),
    );
    for (const r of batch) {
      if (r.status !== 201) throw new Error(`class: ${r.status} ${JSON.stringify(r.json)}`);
      classIds.push(r.json.data.id);
    }
  }
  const ours = new Set(classIds);

  // Warm-up on a class of its own (not counted): each path once per instance, so the rush does not pay for JIT.
  const warm = (
    await call(
      PORTS[0],
      'POST',
      '/api/classes',
      {
        title: 'Warm-up',
        description: 'Opening bench',
        instructor: 'Ben',
        location: 'Room 1',
        status: 'Open',
        price: 100,
        discountPrice: 80,
        maxStudents: 100,
        startDate: new Date(Date.now() + 14 * 86400_000).toISOString(),
        duration: 60,
        days: 1,
        schedule: 'Weekly',
      },
      token,
    )
  ).json.data.id;
  for (const port of PORTS)
    for (let i = 0; i < 5; i++) {
      await call(port, 'GET', `/api/classes?organizationId=${orgId}`);
      await call(port, 'GET', `/api/classes/${warm}?organizationId=${orgId}`);
      await call(port, 'POST', '/api/students/register', {
        ...person(),
        organizationId: orgId,
        classEnrollments: [{ classId: warm, paymentMethod: 'in-person', paymentStatus: 'pending' }],
      });
      await call(port, 'POST', '/api/payments/create-intent', { classId: warm, organizationId: orgId, studentData: person(), amount: 80 });
    }

  const lists = [];
  const pages = [];
  const registrations = [];
  const statuses = {};
  let fiveXX = 0;
  // No answer at all before undici's 300 s headers timeout (the client gave up; the server may still have registered).
  let clientTimeouts = 0;
  let otherErrors = 0;
  const errorSamples = [];
  const note = (r, what) => {
    statuses[`${what} ${r.status}`] = (statuses[`${what} ${r.status}`] ?? 0) + 1;
    if (r.status >= 500) fiveXX += 1;
    if (r.status === 0) clientTimeouts += 1;
    if ((r.status >= 500 || r.status === 0) && errorSamples.length < 5) errorSamples.push({ what, status: r.status, body: r.json });
  };

  // How each list and page view was answered: by the server (200), by a 304, or by the browser's copy (fresh or stale).
  const views = {};
  let lastSeatAt = 0;
  const viewed = (what, r) => (views[`${what} ${r.from}`] = (views[`${what} ${r.from}`] ?? 0) + 1);

  // A client is one person in one browser on the public site: the organization page (the list), a class's page, and
  // Register on it when the page offers it (an open class with a seat left: the site shows 'Join the waitlist' or
  // 'Class is closed' instead). A registration refused as full (409) shows the waitlist form; the person goes back to
  // the list (the browser's copy while it is fresh) and picks another class, skipping the ones they saw full.
  async function rushClient(i) {
    const port = PORTS[i % 2];
    const card = i % 2 === 1;
    const seenFull = new Set();
    const get = browserCache((r, url) => {
      const what = url.startsWith('/api/classes?') ? 'list' : 'page';
      (what === 'list' ? lists : pages).push(r.ms);
      note(r, what);
    });
    const load = async (what, url) => {
      const r = await get(port, url);
      viewed(what, r);
      return r;
    };
    for (let person_ = 0; person_ < 2; person_++) {
      for (let attempt = 0; attempt < 40; attempt++) {
        const list = await load('list', `/api/classes?organizationId=${orgId}`);
        if (list.status !== 200) return;
        const open = list.json.data.filter((c) => ours.has(c.id) && c.enrolledStudents < c.maxStudents && !seenFull.has(c.id));
        if (!open.length) return;
        const cls = open[Math.floor(Math.random() * open.length)];
        const page = await load('page', `/api/classes/${cls.id}?organizationId=${orgId}`);
        if (page.status !== 200) return;
        const shown = page.json.data;
        if (!['Open', 'Scheduled'].includes(shown.status) || shown.enrolledStudents >= shown.maxStudents) {
          seenFull.add(cls.id);
          continue;
        }
        const r = card
          ? await call(port, 'POST', '/api/payments/create-intent', {
              classId: cls.id,
              organizationId: orgId,
              studentData: person(),
              amount: 80,
            })
          : await call(port, 'POST', '/api/students/register', {
              ...person(),
              organizationId: orgId,
              classEnrollments: [{ classId: cls.id, paymentMethod: 'in-person', paymentStatus: 'pending' }],
            });
        registrations.push(r.ms);
        note(r, card ? 'card' : 'in-person');
        if (r.status === 201) {
          lastSeatAt = performance.now();
          break;
        }
        if (r.status !== 409) {
          if (r.status >= 400 && r.status < 500) {
            otherErrors += 1;
            if (errorSamples.length < 5) errorSamples.push({ what: card ? 'card' : 'in-person', status: r.status, body: r.json });
          }
          break;
        }
        seenFull.add(cls.id);
      }
    }
  }

  const serverPids = [first.pid, second.pid];
  const dbBefore = postgresPids(dataDir);
  const apiBefore = cpuSeconds(serverPids);
  const cpuBefore = apiBefore + cpuSeconds(dbBefore);
  const load0 = os.loadavg();
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from(
      { length: CLIENTS },
      (_, i) => new Promise((resolve) => setTimeout(() => resolve(rushClient(i)), (i / CLIENTS) * ARRIVAL_S * 1000)),
    ),
  );
  const wallS = (performance.now() - t0) / 1000;
  // The last seat's 201 (the wall time also counts the clients still looking for a seat after that).
  const seatsGoneS = (lastSeatAt - t0) / 1000;
  // The bench's own clients share the cores: when they are busy, every latency they measure includes their own queue.
  const clientUsage = process.cpuUsage(client0);
  const apiAfter = cpuSeconds(serverPids);
  const cpuAfter = apiAfter + cpuSeconds([...new Set([...dbBefore, ...postgresPids(dataDir)])]);
  const load1 = os.loadavg();

  const { rows: seatsRows } = await client.query(
    `SELECT c.id, c.max_students, c.enrolled_students,
            (SELECT count(*)::int FROM enrollments e WHERE e.class_id = c.id AND e.status IN ('held', 'active')) AS holding
       FROM classes c WHERE c.id = ANY($1::uuid[])`,
    [classIds],
  );
  const taken = seatsRows.reduce((n, r) => n + r.holding, 0);
  const oversold = seatsRows.reduce((n, r) => n + Math.max(0, r.holding - r.max_students), 0);
  const drift = seatsRows.filter((r) => r.holding !== r.enrolled_students).length;
  await client.end();

  Object.assign(results, {
    wallSeconds: +wallS.toFixed(1),
    lastSeatSeconds: +seatsGoneS.toFixed(1),
    oversold,
    fiveXX,
    clientTimeouts,
    otherErrors,
    seatsTaken: taken,
    seatsExpected: CLASSES * SEATS,
    classesWhoseCounterDisagrees: drift,
    registration: summary(registrations),
    publicList: summary(lists),
    classPage: summary(pages),
    cpuSeconds: +(cpuAfter - cpuBefore).toFixed(1),
    cpuMsPerSeat: +(((cpuAfter - cpuBefore) * 1000) / Math.max(1, taken)).toFixed(2),
    // The same split: both API processes, and PostgreSQL (its backends started during the rush included).
    apiCpuMsPerSeat: +(((apiAfter - apiBefore) * 1000) / Math.max(1, taken)).toFixed(2),
    dbCpuMsPerSeat: +(((cpuAfter - cpuBefore - (apiAfter - apiBefore)) * 1000) / Math.max(1, taken)).toFixed(2),
    clientCpuSeconds: +((clientUsage.user + clientUsage.system) / 1e6).toFixed(1),
    loadAverageBefore: load0.map((x) => +x.toFixed(1)),
    loadAverageAfter: load1.map((x) => +x.toFixed(1)),
    statuses,
    views,
    errorSamples,
  });
  console.log(JSON.stringify(results, null, 2));
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
  if (oversold || fiveXX || clientTimeouts || taken !== CLASSES * SEATS) process.exitCode = 1;
} finally {
  stop();
  await new Promise((r) => setTimeout(r, 1500));
  await db.stop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
