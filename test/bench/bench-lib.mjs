// What the HTTP benchmarks share: the CPU a process has used (from /proc, so a figure per request that holds when
// the cores are shared with other work), the embedded PostgreSQL's processes, autocannon runs, waiting for a server
// to answer, the fixture of the benches that take registrations (the Stripe stand-in, an embedded PostgreSQL of the
// build, card payments switched on for the demo organization) and the list benches' organization and students.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The CPU ticks (user + system, 1/100 s) a process has used so far, or null once it has exited. */
function ticksOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) used so far by these processes. */
export function cpuSeconds(pids) {
  let ticks = 0;
  for (const pid of pids) ticks += ticksOf(pid) ?? 0;
  return ticks / 100;
}

/**
 * The CPU a changing set of processes uses over a stretch of time, counted per process: a process present at the
 * start counts from its ticks then, one that appears later (a new PostgreSQL backend) from zero, and one that exits
 * keeps what it had used when last seen (sampled every `everyMs`). Summing whatever processes were alive at two
 * snapshots instead goes wrong both ways: a backend of another server's pool that closes in between takes its whole
 * past CPU out of the sum (negative figures), and one that opens brings in nothing it used before the first snapshot.
 * `pidsOf` may be async (it can ask PostgreSQL which backends are whose).
 */
export async function cpuMeter(pidsOf, everyMs = 100) {
  const first = new Map();
  const last = new Map();
  let started = false;
  let busy = null;
  const sample = async () => {
    const pids = await pidsOf();
    for (const pid of pids) {
      const t = ticksOf(pid);
      if (t === null) continue;
      if (!first.has(pid)) first.set(pid, started ? 0 : t);
      last.set(pid, t);
    }
  };
  await sample();
  started = true;
  const timer = setInterval(() => {
    busy ??= sample()
      .catch(() => undefined)
      .finally(() => (busy = null));
  }, everyMs);
  return {
    /** Stops sampling and answers the CPU seconds used since the meter started. */
    async stop() {
      clearInterval(timer);
      await busy;
      await sample();
      let ticks = 0;
      for (const [pid, t] of last) ticks += t - first.get(pid);
      return ticks / 100;
    },
  };
}

/**
 * The processes of one server's share of a PostgreSQL: the postmaster, the background processes (checkpointer, WAL
 * writer, autovacuum: they work for whoever writes) and the client backends whose application_name is the server's
 * (the bench starts each server with its own PGAPPNAME). `client` is a connected pg client of the bench's own.
 */
export function postgresPidsOf(client, dataDir, applicationName) {
  const master = postgresPids(dataDir)[0];
  return async () => {
    const { rows } = await client.query(
      "SELECT pid FROM pg_stat_activity WHERE application_name = $1 OR backend_type <> 'client backend'",
      [applicationName],
    );
    return [...(master ? [master] : []), ...rows.map((r) => String(r.pid))];
  };
}

/** The PostgreSQL of this data directory: the postmaster (its command line names the directory) and its children. */
export function postgresPids(dataDir) {
  const procs = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return { pid, ppid: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1], cmd: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8') };
      } catch {
        return null;
      }
    })
    .filter(Boolean);
  const master = procs.find((p) => p.cmd.includes(dataDir) && p.cmd.includes('postgres'));
  return master ? [master.pid, ...procs.filter((p) => p.ppid === master.pid).map((p) => p.pid)] : [];
}

/** One autocannon run. */
export function load(url, { connections, duration, headers }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, pipelining: 1, headers }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

/**
 * An autocannon run with the CPU the server (and, given `dbPids`, PostgreSQL's processes working for it: a function
 * as postgresPidsOf answers) spent per request meanwhile: `cpuUsPerRequest` (server + database) and `dbCpuUsPerRequest`.
 */
export async function measure(url, { connections, duration, headers, serverPids, dbPids }) {
  const server = await cpuMeter(() => serverPids);
  const database = dbPids ? await cpuMeter(dbPids) : null;
  const r = await load(url, { connections, duration, headers });
  const served = r.requests.total || 1;
  const serverUs = ((await server.stop()) * 1e6) / served;
  const dbUs = database ? ((await database.stop()) * 1e6) / served : 0;
  return Object.assign(r, { cpuUsPerRequest: serverUs + dbUs, dbCpuUsPerRequest: dbUs });
}

/** Waits until `url` answers 2xx (a server starting), up to a minute. */
export async function waitFor(url) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** Starts the Stripe stand-in process (test/e2e/stripe-stand-in.mjs) on `port`; the caller stops it with the rest. */
export function startStripeStandIn(root, port) {
  return spawn(process.execPath, [path.join(root, 'test/e2e/stripe-stand-in.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, STRIPE_STAND_IN_PORT: String(port) },
  });
}

/** The build's embedded PostgreSQL in a new data directory `<base>/<prefix>XXXXXX` (the caller removes it after). */
export async function startBenchDatabase(root, base, prefix) {
  const dataDir = fs.mkdtempSync(path.join(base, prefix));
  fs.chmodSync(dataDir, 0o755);
  const { startEmbeddedPostgres } = await import(path.join(root, 'backend/dist/database/embedded.js'));
  const db = await startEmbeddedPostgres(dataDir, { port: 0, quiet: true });
  return { dataDir, db };
}

/** Card payments for the organization: the professional plan and a charges-enabled connected account `accountId`. */
export async function enableCardPayments(client, orgId, accountId) {
  await client.query(`UPDATE organizations SET plan_id = 'professional' WHERE id = $1`, [orgId]);
  await client.query(
    `INSERT INTO connect_accounts (organization_id, stripe_account_id, charges_enabled, payouts_enabled, details_submitted)
     VALUES ($1, $2, true, true, true)
     ON CONFLICT (organization_id) DO UPDATE SET charges_enabled = true, stripe_account_id = $2`,
    [orgId, accountId],
  );
}

/** A JSON call to the API at `base` that answers the envelope's data, or throws with the status and error. */
export async function apiCall(base, method, url, body, token) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${url}: ${res.status} ${json.error}`);
  return json.data;
}

/**
 * The benches' own organization: an owner signed up through the API, the organization created by them and put on
 * the Professional plan (no Free limits on classes or students), and a pg client on the bench database for the
 * caller's rows in SQL (the caller ends it).
 */
export async function benchOrganization(root, base, dbUrl, { email, firstName, lastName, name }) {
  const { token } = await apiCall(base, 'POST', '/api/auth/signup', { email, password: 'bench-pass-1', firstName, lastName });
  const org = await apiCall(base, 'POST', '/api/organizations', { name }, token);
  const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  await client.query("UPDATE organizations SET plan_id = 'professional' WHERE id = $1", [org.id]);
  return { token, org, client };
}

/**
 * The students of the list benches (ceiling and its A/B), in SQL for speed: 50 students, each enrolled in two of the
 * organization's 25 classes (which the caller wrote, each bench its own), 20 of the enrollments refunded, and each
 * class's `enrolled_students` recounted from its enrollments, as the product keeps it. The A/B bench used to skip the
 * recount; doing it there too changes nothing it compares (both builds read the same rows) and its lists then show
 * the seats the classes really have, as the ceiling bench's do.
 */
export async function benchStudents(client, orgId) {
  await client.query(
    `INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date, created_at)
     SELECT $1, 'First', 'Last' || i, 'student' || i || '@example.com', '559555' || lpad(i::text, 4, '0'), now(), now() - i * interval '1 minute'
       FROM generate_series(1, 50) i`,
    [orgId],
  );
  await client.query(
    `INSERT INTO enrollments (organization_id, student_id, class_id, payment_status, payment_method, amount_paid_cents, paid_at, enrollment_date)
     SELECT $1, s.id, c.id, 'completed', 'card', 5000, now(), now() - c.r * interval '1 second'
       FROM (SELECT id, row_number() OVER (ORDER BY email) r FROM students WHERE organization_id = $1) s
       JOIN (SELECT id, row_number() OVER (ORDER BY title) r FROM classes WHERE organization_id = $1) c
         ON c.r = (s.r % 25) + 1 OR c.r = ((s.r + 7) % 25) + 1`,
    [orgId],
  );
  await client.query(
    `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, status, source, reason)
     SELECT organization_id, id, 1000, 'succeeded', 'admin', 'Changed plans' FROM enrollments WHERE organization_id = $1 ORDER BY id LIMIT 20`,
    [orgId],
  );
  await client.query(
    'UPDATE classes c SET enrolled_students = (SELECT count(*) FROM enrollments e WHERE e.class_id = c.id) WHERE organization_id = $1',
    [orgId],
  );
}
