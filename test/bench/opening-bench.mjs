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
// The per-IP rate limits are raised through their documented settings (a client tries class after class while they
// fill, and with BENCH_ONE_IP every client shares one address).
//
// The load generator runs on the same cores as the product, so it is kept cheap: the clients share one connection
// pool per instance (BENCH_CONNECTIONS connections each, as if the browsers sat behind a few proxies; real browsers
// would each open their own), a reply's JSON is decoded only when a client needs it and once per version (a list or
// page with the same ETag is the same document for every client), and each client's HTTP cache keeps only what the
// site's screen needs from it (the open classes of a list, whether a page offers Register). Socket failures are
// counted per kind; a registration whose reply was lost is ambiguous (the seat may or may not be taken) and is never
// retried, as a browser would not resend a form's POST on its own.
//
// Env: BENCH_CLIENTS (3000), BENCH_CLASSES (300), BENCH_SEATS (15), BENCH_ARRIVAL_S (10), BENCH_PORT (3221: the
//      instances listen on it and the next one, the stand-in on the one after), BENCH_MAIN (another build's main.js,
//      e.g. the build before the change, to compare), BENCH_JSON (write the figures there), BENCH_TMP,
//      BENCH_NODE_ARGS (extra node flags for the two API instances, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: a
//      profile of each instance is written when the bench stops it; `--import ./test/bench/statement-census.mjs`: a count
//      of the statements each instance sends, by text and 5-second bucket), BENCH_CONNECTIONS (256 per instance; 0: no cap),
//      BENCH_SERVER_ENV (extra settings for the instances, e.g. `KEEP_ALIVE_TIMEOUT_MS=5000`),
//      BENCH_WAITING_ROOM (people let in per minute; unset or 0: no waiting room, the classes open as they are created),
//      BENCH_ONE_IP (1: every client's requests come from the bench's one address; by default each client has its own,
//      sent in X-Forwarded-For, which the instances believe from loopback).
//
// With BENCH_WAITING_ROOM the classes belong to a term whose registration opens at one instant, the organization's
// waiting room is on, and a client does what the public site does then: on its first Register it takes a place in line
// (POST /api/public/organizations/:organizationId/waiting-room/tickets), waits in the browser until its admitAt (no polling), and
// sends its registrations with the ticket. The figures add the ticket route's latency and the time spent in line; the
// registration latency is then the latency of a registration sent when the person's turn came.
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { Pool } from 'undici';
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
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 256);
const ADMIT_PER_MINUTE = Number(process.env.BENCH_WAITING_ROOM ?? 0);
const ONE_IP = process.env.BENCH_ONE_IP === '1';
const SERVER_ENV = Object.fromEntries(
  (process.env.BENCH_SERVER_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
);
// How long the client keeps an idle connection. The server closes one after its keep-alive timeout (125 s; 72 s in
// builds before KEEP_ALIVE_TIMEOUT_MS), plus the 1 s Node adds; Node's fetch kept one until 2 s before the time the
// server announces. A client process whose event loop runs seconds late counts that idle time late, and then sends
// on a connection the server has already closed (UND_ERR_SOCKET, 'other side closed': test/bench/keep-alive-race.mjs).
// Closing idle connections after 20 s leaves 50 s or more for such lag.
const CLIENT_IDLE_MS = 20_000;
// undici's errors for a connection that could not be opened: the request was never sent.
const NOT_SENT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ECONNREFUSED']);

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
      // A client tries class after class while they fill (and BENCH_ONE_IP puts all on one IP): the per-IP limits, raised.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      CARD_INTENT_RATE_LIMIT_PER_MINUTE: '1000000',
      REGISTRATION_RATE_LIMIT_PER_MINUTE: '1000000',
      ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000000',
      ...SERVER_ENV,
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

// One pool of keep-alive connections per instance, shared by all the clients.
const pools = new Map();
const poolOf = (port) => {
  let pool = pools.get(port);
  if (!pool) {
    pool = new Pool(`http://127.0.0.1:${port}`, {
      connections: CONNECTIONS || null,
      keepAliveTimeout: CLIENT_IDLE_MS,
      keepAliveMaxTimeout: CLIENT_IDLE_MS,
      headersTimeout: 300_000,
      bodyTimeout: 300_000,
    });
    pools.set(port, pool);
  }
  return pool;
};

// The request headers a browser's fetch() sends (the same as Node's fetch did for the earlier runs): gzip accepted.
const GET_HEADERS = Object.freeze({ accept: 'application/json', 'accept-encoding': 'gzip, deflate', 'accept-language': '*' });
const POST_HEADERS = Object.freeze({ ...GET_HEADERS, 'content-type': 'application/json' });

/**
 * One request. The reply's body is read off the connection as bytes and decoded only by `json(r)`, when a caller
 * needs it. Status 0: no reply (the connection failed, or no reply before undici's 300 s headers timeout).
 */
async function call(port, method, url, body, token, extraHeaders) {
  const started = performance.now();
  let headers = body === undefined ? GET_HEADERS : POST_HEADERS;
  if (token || extraHeaders) headers = { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...extraHeaders };
  try {
    const res = await poolOf(port).request({ method, path: url, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const chunks = [];
    for await (const chunk of res.body) chunks.push(chunk);
    const raw = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    return { status: res.statusCode, headers: res.headers, raw, error: null, ms: performance.now() - started };
  } catch (e) {
    return { status: 0, headers: {}, raw: null, error: String(e?.code ?? e?.cause?.code ?? e), ms: performance.now() - started };
  }
}

/** The reply's JSON (null when there is none). */
function json(r) {
  if (r.error) return { error: r.error };
  if (!r.raw?.length) return null;
  const encoding = r.headers['content-encoding'];
  const bytes = encoding === 'gzip' ? zlib.gunzipSync(r.raw) : encoding === 'deflate' ? zlib.inflateSync(r.raw) : r.raw;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * What the site's screens need from a list or page reply, worked out once per version: the same URL with the same
 * ETag is the same document for every client, so its JSON is decoded by the first client that gets it. Only the
 * latest versions are kept (the list changes with every seat taken).
 */
const views_ = new Map();
function viewOf(url, r, derive) {
  const etag = r.headers.etag;
  if (!etag) return derive(json(r));
  const key = `${url} ${etag}`;
  let view = views_.get(key);
  if (view === undefined) {
    view = derive(json(r));
    views_.set(key, view);
    if (views_.size > 512) views_.delete(views_.keys().next().value);
  }
  return view;
}

/**
 * A browser's HTTP cache, one per client: the public site reads the list and the class pages with plain fetch(), so a
 * browser reuses a reply while it is fresh (Cache-Control max-age, minus the Age the server says the copy already
 * has), within stale-while-revalidate shows the stale copy at once and revalidates it in the background, and otherwise
 * revalidates with If-None-Match (a 304 without a body refreshes the stored copy). The bench's HTTP client has no
 * cache, so the bench keeps this one; an entry holds the screen's view of the reply (`derive`), not its JSON.
 * `onNetwork` sees every request that reached a server (for the latency figures).
 */
function browserCache(onNetwork, derive) {
  const entries = new Map();
  const store = (url, r, view) => {
    if (r.status !== 200 && r.status !== 304) return;
    const cc = r.headers['cache-control'] ?? '';
    const etag = r.headers.etag;
    if (!etag || !cc.includes('public')) return entries.delete(url);
    const maxAge = Number(/max-age=(\d+)/.exec(cc)?.[1] ?? 0);
    const swr = Number(/stale-while-revalidate=(\d+)/.exec(cc)?.[1] ?? 0);
    const age = Number(r.headers.age ?? 0);
    const freshUntil = performance.now() + Math.max(0, maxAge - age) * 1000;
    const entry = entries.get(url);
    if (entry) Object.assign(entry, { etag, view, freshUntil, staleUntil: freshUntil + swr * 1000 });
    else entries.set(url, { etag, view, freshUntil, staleUntil: freshUntil + swr * 1000, revalidating: false });
  };
  const network = async (port, url, entry) => {
    const r = await call(port, 'GET', url, undefined, undefined, entry ? { 'if-none-match': entry.etag } : undefined);
    onNetwork(r, url);
    const view = r.status === 304 && entry ? entry.view : r.status === 200 ? viewOf(url, r, derive(url)) : null;
    store(url, r, view);
    return { status: r.status === 304 ? 200 : r.status, view, from: r.status === 304 ? '304' : 'network' };
  };
  return async (port, url) => {
    const entry = entries.get(url);
    const now = performance.now();
    if (entry && now < entry.freshUntil) return { status: 200, view: entry.view, from: 'fresh' };
    if (entry && now < entry.staleUntil) {
      if (!entry.revalidating) {
        entry.revalidating = true;
        void network(port, url, entry).finally(() => (entry.revalidating = false));
      }
      return { status: 200, view: entry.view, from: 'stale' };
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

const results = {
  clients: CLIENTS,
  classes: CLASSES,
  seats: SEATS,
  arrivalSeconds: ARRIVAL_S,
  waitingRoomAdmitPerMinute: ADMIT_PER_MINUTE || 'off',
  main: path.relative(root, MAIN),
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
/** The refusal's code (the failure envelope carries it at its top level, or in `data`). */
const codeOf = (r) => {
  const body = json(r);
  return body?.code ?? body?.data?.code ?? null;
};
try {
  const first = startApi(PORTS[0], true);
  await waitFor(`http://127.0.0.1:${PORTS[0]}/api/health`);
  const second = startApi(PORTS[1], false);
  await waitFor(`http://127.0.0.1:${PORTS[1]}/api/health`);
  await waitFor(`http://127.0.0.1:${STAND_IN_PORT}/v1/events`).catch(() => undefined); // 401 without a key: up

  const signin = await call(PORTS[0], 'POST', '/api/auth/signin', DEMO);
  const { token, user } = json(signin).data;
  const orgId = user.organizationId;
  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  const client = new pg.Client({ connectionString: db.url });
  // The database is stopped in `finally` even when the bench fails: that must not hide the failure.
  client.on('error', () => undefined);
  await client.connect();
  await fixture.enableCardPayments(client, orgId, 'acct_bench_opening');
  // With the waiting room: the organization turns it on, and the bench's classes belong to one term whose registration
  // opens a day from now until the rush moves it to the rush's first instant.
  let termId = null;
  let term = null;
  if (ADMIT_PER_MINUTE) {
    const settings = await call(
      PORTS[0],
      'PUT',
      '/api/settings',
      { waitingRoom: true, waitingRoomAdmitPerMinute: ADMIT_PER_MINUTE, waitingRoomMinutes: 60 },
      token,
    );
    if (settings.status !== 200) throw new Error(`settings: ${settings.status} ${JSON.stringify(json(settings))}`);
    const day = (d) => new Date(Date.now() + d * 86400_000).toISOString().slice(0, 10);
    term = {
      name: 'Summer rush',
      startDate: day(10),
      endDate: day(60),
      registrationOpensAt: new Date(Date.now() + 86400_000).toISOString(),
    };
    const created = await call(PORTS[0], 'POST', '/api/terms', term, token);
    if (created.status !== 201) throw new Error(`term: ${created.status} ${JSON.stringify(json(created))}`);
    termId = json(created).data.id;
  }
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
            ...(termId ? { termId } : {}),
          },
          token,
        ),
      ),
    );
    for (const r of batch) {
      if (r.status !== 201) throw new Error(`class: ${r.status} ${JSON.stringify(json(r))}`);
      classIds.push(json(r).data.id);
    }
  }
  const ours = new Set(classIds);

  // Warm-up on a class of its own (not counted): each path once per instance, so the rush does not pay for JIT.
  const warm = json(
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
        // With the waiting room: an opening of its own, a minute ago, so the warm-up goes through a line too.
        ...(ADMIT_PER_MINUTE ? { registrationOpensAt: new Date(Date.now() - 60_000).toISOString() } : {}),
      },
      token,
    ),
  ).data.id;
  const TICKETS_URL = `/api/public/organizations/${orgId}/waiting-room/tickets`;
  /** A place in line for this class's opening: the ticket and when it is let in, or null when there is no line. */
  const takePlace = async (port, classId, onReply, from) => {
    const r = await call(port, 'POST', TICKETS_URL, { classId }, undefined, from);
    onReply?.(r);
    if (r.status === 201) {
      const t = json(r).data ?? json(r);
      return { ticket: t.ticket, admitAt: new Date(t.admitAt).getTime(), position: t.position };
    }
    if (r.status === 409 && codeOf(r) === 'NO_WAITING_ROOM') return null;
    throw Object.assign(new Error(`ticket: ${r.status}`), { reply: r });
  };
  for (const port of PORTS)
    for (let i = 0; i < 5; i++) {
      await call(port, 'GET', `/api/classes?organizationId=${orgId}`);
      await call(port, 'GET', `/api/classes/${warm}?organizationId=${orgId}`);
      const place = ADMIT_PER_MINUTE ? await takePlace(port, warm) : null;
      if (place) await sleep(place.admitAt - Date.now());
      const withTicket = place ? { waitingRoomTicket: place.ticket } : {};
      const warmed = [
        await call(port, 'POST', '/api/students/register', {
          ...person(),
          organizationId: orgId,
          classEnrollments: [{ classId: warm, paymentMethod: 'in-person', paymentStatus: 'pending' }],
          ...withTicket,
        }),
        await call(port, 'POST', '/api/payments/create-intent', {
          classId: warm,
          organizationId: orgId,
          studentData: person(),
          amount: 80,
          ...withTicket,
        }),
      ];
      for (const r of warmed) if (r.status !== 201) throw new Error(`warm-up: ${r.status} ${JSON.stringify(json(r))}`);
    }

  const lists = [];
  const pages = [];
  const registrations = [];
  // With the waiting room: the ticket route's latency, and how long each client waited in line (admitAt - now).
  const tickets = [];
  const inLine = [];
  // [sent, ms after the rush's start; latency] of each registration and network list load, for the figures by
  // 10-second window of the rush (an opening's first seconds, when everyone arrives, against the rest).
  const registrationsAt = [];
  const listsAt = [];
  const byWindow = (samples) => {
    const windows = {};
    for (const [sent, ms] of samples) {
      const w = Math.floor(Math.max(0, sent) / 10_000) * 10;
      (windows[`${w}-${w + 10} s`] ??= []).push(ms);
    }
    return Object.fromEntries(Object.entries(windows).map(([k, v]) => [k, summary(v)]));
  };
  const statuses = {};
  let fiveXX = 0;
  // Requests without a reply (status 0), by kind and undici's error code: a connection that failed, or no answer
  // before the 300 s headers timeout. For a registration the outcome is unknown (the server may have taken the seat).
  const noReply = {};
  let ambiguousRegistrations = 0;
  let otherErrors = 0;
  const errorSamples = [];
  const note = (r, what) => {
    statuses[`${what} ${r.status}`] = (statuses[`${what} ${r.status}`] ?? 0) + 1;
    if (r.status >= 500) fiveXX += 1;
    if (r.status === 0) {
      noReply[`${what} ${r.error}`] = (noReply[`${what} ${r.error}`] ?? 0) + 1;
      // A connection that never opened carried nothing; any other failure may have lost the reply, not the request.
      if ((what === 'card' || what === 'in-person') && !NOT_SENT.has(r.error)) ambiguousRegistrations += 1;
    }
    if ((r.status >= 500 || r.status === 0) && errorSamples.length < 5) errorSamples.push({ what, status: r.status, body: json(r) });
  };

  // What the screens need from a reply: the list's classes of the bench that show a seat left (the site's list shows
  // the seats), and whether a class page offers Register (an open class with a seat left; otherwise the site shows
  // 'Join the waitlist' or 'Class is closed').
  const listView = (body) => {
    const open = [];
    for (const c of body?.data ?? []) if (ours.has(c.id) && c.enrolledStudents < c.maxStudents) open.push(c.id);
    return open;
  };
  const pageView = (body) => {
    const c = body?.data;
    return Boolean(c && ['Open', 'Scheduled'].includes(c.status) && c.enrolledStudents < c.maxStudents);
  };
  const LIST_URL = `/api/classes?organizationId=${orgId}`;
  const deriveFor = (url) => (url === LIST_URL ? listView : pageView);

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
    // The client's own address, as a proxy in front of the instances reports it (families register from home, each
    // from its own IP): the per-IP counters are one row per client, as in production. BENCH_ONE_IP=1: every client
    // from the bench's one address, as runs before 2026-11-28 measured (one counter row all clients update).
    const from = ONE_IP ? undefined : { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
    const seenFull = new Set();
    const get = browserCache((r, url) => {
      const what = url === LIST_URL ? 'list' : 'page';
      (what === 'list' ? lists : pages).push(r.ms);
      if (what === 'list') listsAt.push([performance.now() - r.ms - t0, r.ms]);
      note(r, what);
    }, deriveFor);
    const load = async (what, url) => {
      const r = await get(port, url);
      viewed(what, r);
      return r;
    };
    // The place in line, taken at the first Register and kept for the second person (the site keeps it per opening).
    let place;
    for (let person_ = 0; person_ < 2; person_++) {
      for (let attempt = 0; attempt < 40; attempt++) {
        const list = await load('list', LIST_URL);
        if (list.status !== 200) return;
        const open = seenFull.size ? list.view.filter((id) => !seenFull.has(id)) : list.view;
        if (!open.length) return;
        const classId = open[Math.floor(Math.random() * open.length)];
        const page = await load('page', `/api/classes/${classId}?organizationId=${orgId}`);
        if (page.status !== 200) return;
        if (!page.view) {
          seenFull.add(classId);
          continue;
        }
        if (ADMIT_PER_MINUTE && place === undefined) {
          try {
            place = await takePlace(
              port,
              classId,
              (t) => {
                tickets.push(t.ms);
                note(t, 'ticket');
              },
              from,
            );
          } catch {
            return;
          }
          if (place) {
            inLine.push(Math.max(0, place.admitAt - Date.now()));
            await sleep(place.admitAt - Date.now());
          }
        }
        const withTicket = place ? { waitingRoomTicket: place.ticket } : {};
        const r = card
          ? await call(
              port,
              'POST',
              '/api/payments/create-intent',
              { classId, organizationId: orgId, studentData: person(), amount: 80, ...withTicket },
              undefined,
              from,
            )
          : await call(
              port,
              'POST',
              '/api/students/register',
              {
                ...person(),
                organizationId: orgId,
                classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
                ...withTicket,
              },
              undefined,
              from,
            );
        registrations.push(r.ms);
        registrationsAt.push([performance.now() - r.ms - t0, r.ms]);
        note(r, card ? 'card' : 'in-person');
        // A refusal about the line itself is not a full class: it must not happen to a client let in on time.
        if (r.status === 409 && String(codeOf(r)).startsWith('WAITING_ROOM')) {
          otherErrors += 1;
          if (errorSamples.length < 5) errorSamples.push({ what: 'line', status: r.status, body: json(r) });
          return;
        }
        if (r.status === 201) {
          lastSeatAt = performance.now();
          break;
        }
        if (r.status !== 409) {
          if (r.status >= 400 && r.status < 500) {
            otherErrors += 1;
            if (errorSamples.length < 5) errorSamples.push({ what: card ? 'card' : 'in-person', status: r.status, body: json(r) });
          }
          break;
        }
        seenFull.add(classId);
      }
    }
  }

  const serverPids = [first.pid, second.pid];
  let t0 = 0;
  const dbBefore = postgresPids(dataDir);
  const apiBefore = cpuSeconds(serverPids);
  const cpuBefore = apiBefore + cpuSeconds(dbBefore);
  const load0 = os.loadavg();
  const client0 = process.cpuUsage();
  // How late the client's own event loop runs: a late loop measures every latency late, and its idle connections too.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  // With the waiting room: the term's opening moves to two seconds from now (through the API, as an admin would, so
  // every cache hears of it), and the clients start arriving at that instant.
  if (termId) {
    const opensAt = Date.now() + 2000;
    const moved = await call(
      PORTS[0],
      'PUT',
      `/api/terms/${termId}`,
      { ...term, registrationOpensAt: new Date(opensAt).toISOString() },
      token,
    );
    if (moved.status !== 200) throw new Error(`term: ${moved.status} ${JSON.stringify(json(moved))}`);
    await sleep(opensAt - Date.now());
  }
  t0 = performance.now();
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
  loopDelay.disable();
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
    noReply,
    ambiguousRegistrations,
    otherErrors,
    seatsTaken: taken,
    seatsExpected: CLASSES * SEATS,
    classesWhoseCounterDisagrees: drift,
    registration: summary(registrations),
    publicList: summary(lists),
    classPage: summary(pages),
    registrationBy10s: byWindow(registrationsAt),
    publicListBy10s: byWindow(listsAt),
    ...(ADMIT_PER_MINUTE ? { ticket: summary(tickets), timeInLine: summary(inLine) } : {}),
    cpuSeconds: +(cpuAfter - cpuBefore).toFixed(1),
    cpuMsPerSeat: +(((cpuAfter - cpuBefore) * 1000) / Math.max(1, taken)).toFixed(2),
    // The same split: both API processes, and PostgreSQL (its backends started during the rush included).
    apiCpuMsPerSeat: +(((apiAfter - apiBefore) * 1000) / Math.max(1, taken)).toFixed(2),
    dbCpuMsPerSeat: +(((cpuAfter - cpuBefore - (apiAfter - apiBefore)) * 1000) / Math.max(1, taken)).toFixed(2),
    clientCpuSeconds: +((clientUsage.user + clientUsage.system) / 1e6).toFixed(1),
    clientLoopDelayMs: {
      p50: +(loopDelay.percentile(50) / 1e6).toFixed(1),
      p99: +(loopDelay.percentile(99) / 1e6).toFixed(1),
      max: +(loopDelay.max / 1e6).toFixed(1),
    },
    connectionsPerInstance: CONNECTIONS || 'no cap',
    serverEnv: SERVER_ENV,
    loadAverageBefore: load0.map((x) => +x.toFixed(1)),
    loadAverageAfter: load1.map((x) => +x.toFixed(1)),
    statuses,
    views,
    errorSamples,
  });
  console.log(JSON.stringify(results, null, 2));
  if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
  if (oversold || fiveXX || Object.keys(noReply).length || taken !== CLASSES * SEATS) process.exitCode = 1;
} finally {
  await Promise.all([...pools.values()].map((p) => p.destroy()));
  stop();
  await new Promise((r) => setTimeout(r, 1500));
  await db.stop?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
