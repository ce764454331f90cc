#!/usr/bin/env node
// `npm run bench:backup` (not part of `npm run bench` nor `npm test`): `npm run db:backup` / `db:restore` in the app's
// own format on a database of about 1,000,000 rows (the demo organization with 100,000 students, 300,000
// enrollments, their attendance, 350,000 activity events, 100,000 messages), against the format-1 code (rows as JSON
// strings read through a cursor, restored by INSERT batches of 1,000) measured in the same run on the same data.
// The format-1 code is the committed backup.ts of BENCH_BACKUP_OLD_COMMIT (fb78c2f, the last before COPY),
// transpiled next to the build so that it runs against the same migrations and driver.
//
// Each backup and restore runs in a process of its own (its wall time and peak resident memory are its own); the
// restores go into empty databases of the same server, and each checks every table's row count and checksum.
// Env: BENCH_ROWS (1000000, the rows generated, roughly), BENCH_BACKUP_OLD=false (skip the format-1 code),
// BENCH_TMP (where the data directory and files go; default the system's temporary folder).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = path.join(root, 'backend/dist');
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const OLD = process.env.BENCH_BACKUP_OLD !== 'false';
const OLD_COMMIT = process.env.BENCH_BACKUP_OLD_COMMIT ?? 'fb78c2f';
if (!fs.existsSync(path.join(dist, 'database/backup.js'))) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'backend'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const tmp = fs.mkdtempSync(path.join(process.env.BENCH_TMP ?? os.tmpdir(), 'classlane-backup-bench-'));
fs.chmodSync(tmp, 0o755);
const { startEmbeddedPostgres } = await import(path.join(dist, 'database/embedded.js'));
const { runMigrations, dataSourceOptions } = await import(path.join(dist, 'database/data-source.js'));
const { seedDemo, DEMO_ORG_ID } = await import(path.join(dist, 'database/seeds/demo.seed.js'));
const { DataSource } = (await import(path.join(root, 'node_modules/typeorm/index.js'))).default;
const pg = (await import(path.join(root, 'node_modules/pg/lib/index.js'))).default;

/** The format-1 backup.ts, transpiled beside the build's (its imports are the build's data-source and migrations). */
let oldModule = null;
if (OLD) {
  const source = spawnSync('git', ['show', `${OLD_COMMIT}:backend/src/database/backup.ts`], { cwd: root, encoding: 'utf8' });
  if (source.status !== 0) throw new Error(`git show ${OLD_COMMIT}:backend/src/database/backup.ts failed: ${source.stderr}`);
  const ts = (await import(path.join(root, 'node_modules/typescript/lib/typescript.js'))).default;
  const js = ts.transpileModule(source.stdout, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
  oldModule = path.join(dist, 'database/backup-format1.bench.js');
  fs.writeFileSync(oldModule, js);
}

const db = await startEmbeddedPostgres(path.join(tmp, 'data'), { port: 0, quiet: true });
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * Runs `fn(url, file)` of a backup module in a child process; its wall time (ms), the result and the child's peak
 * resident memory (process.resourceUsage().maxRSS, kB).
 */
function runInChild(module, fn, url, file) {
  const code = `
    const m = require(${JSON.stringify(module)});
    const t = Date.now();
    m.${fn}(${JSON.stringify(url)}, ${JSON.stringify(file)}).then(
      (r) => console.log(JSON.stringify({ ms: Date.now() - t, rows: r.rows, bytes: r.bytes, maxRss: process.resourceUsage().maxRSS })),
      (e) => { console.error(e); process.exit(1); },
    );`;
  const r = spawnSync(process.execPath, ['-e', code], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`${fn} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1));
}

const admin = new pg.Client({ connectionString: db.url.replace(/\/[^/]+$/, '/postgres') });
await admin.connect();
async function emptyDatabase(name) {
  await admin.query(`CREATE DATABASE ${name}`);
  return db.url.replace(/\/[^/]+$/, `/${name}`);
}

const results = [];
try {
  const url = await emptyDatabase('bench_source');
  await runMigrations(url);
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  await seedDemo(ds);
  await ds.destroy();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const t0 = Date.now();
  const scale = ROWS / 1_000_000;
  const students = Math.round(100_000 * scale);
  const classes = 200;
  const org = DEMO_ORG_ID;
  await client.query(
    `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date, duration, days, schedule)
     SELECT $1, 'Class ' || g, 'A class of the bench', 'Instructor ' || (g % 17), 'Room ' || (g % 9), 'Open', 2500 + (g % 7) * 500, 5000,
            now() - make_interval(days => 365 - g), 60, 5, 'Weekly'
       FROM generate_series(1, ${classes}) g`,
    [org],
  );
  await client.query(
    `INSERT INTO students (organization_id, first_name, last_name, email, phone, registration_date)
     SELECT $1, 'Student' || g, 'Bench-' || (g % 1000), 's' || g || '@bench.example', '+1559555' || lpad((g % 10000)::text, 4, '0'),
            now() - make_interval(days => g % 365)
       FROM generate_series(1, ${students}) g`,
    [org],
  );
  // Three classes per student; a third paid, 5% cancelled, dates over a year.
  await client.query(
    `WITH s AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM students WHERE organization_id = $1 AND email LIKE '%@bench.example'),
          c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM classes WHERE organization_id = $1 AND title LIKE 'Class %')
     INSERT INTO enrollments (organization_id, student_id, class_id, enrollment_date, status, payment_status, amount_paid_cents, paid_at, cancelled_at, price_breakdown)
     SELECT $1, s.id, c.id, d.at, CASE WHEN (s.n + j) % 20 = 0 THEN 'cancelled' ELSE 'active' END,
            CASE WHEN (s.n + j) % 3 = 0 THEN 'completed' ELSE 'pending' END,
            CASE WHEN (s.n + j) % 3 = 0 THEN 3000 ELSE 0 END,
            CASE WHEN (s.n + j) % 3 = 0 THEN d.at END,
            CASE WHEN (s.n + j) % 20 = 0 THEN d.at + interval '1 day' END,
            '[{"label":"Class price","amount":30}]'::jsonb
       FROM s CROSS JOIN generate_series(0, 2) j
       JOIN c ON c.k = (s.n * 7 + j * 53) % ${classes}
       CROSS JOIN LATERAL (SELECT now() - make_interval(mins => ((s.n * 131 + j * 977) % 525600)::int) AS at) d`,
    [org],
  );
  // Attendance of the first session for half the enrollments (the tally triggers count them as the app would).
  await client.query(
    `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended)
     SELECT e.organization_id, e.class_id, e.student_id, 0, c.start_date, (hashtext(e.id::text) % 3) <> 0
       FROM enrollments e JOIN classes c ON c.id = e.class_id
      WHERE e.organization_id = $1 AND e.status = 'active' AND hashtext(e.id::text) % 2 = 0`,
    [org],
  );
  await client.query(
    `INSERT INTO activity_events (organization_id, event_type, event_date, description, metadata)
     SELECT $1, (ARRAY['registration', 'payment', 'cancellation', 'message'])[1 + g % 4], now() - make_interval(mins => g % 525600),
            'Event ' || g || ' of the bench, with a tab	and a "quote"', jsonb_build_object('n', g, 'source', 'bench')
       FROM generate_series(1, ${Math.round(350_000 * scale)}) g`,
    [org],
  );
  await client.query(
    `INSERT INTO communications (organization_id, recipient_type, recipient_id, channel, to_address, subject, message, kind, status, sent_at)
     SELECT $1, 'student', s.id, 'email', s.email, 'Your class starts soon',
            E'Hello ' || s.first_name || E',\\n\\nYour class starts next week.\\nSee you there!', 'reminder', 'sent', now() - interval '1 day'
       FROM students s WHERE s.organization_id = $1 AND s.email LIKE '%@bench.example'`,
    [org],
  );
  await client.query('VACUUM ANALYZE');
  const { rows: counts } = await client.query(
    `SELECT relname AS t, n_live_tup::int AS n FROM pg_stat_user_tables WHERE n_live_tup > 0 ORDER BY n_live_tup DESC`,
  );
  const total = counts.reduce((n, r) => n + r.n, 0);
  const [{ size }] = (await client.query('SELECT pg_database_size(current_database())::bigint AS size')).rows;
  await client.end();
  console.log(
    `Seeded ${total.toLocaleString('en-US')} rows (${counts
      .slice(0, 6)
      .map((r) => `${r.t} ${r.n.toLocaleString('en-US')}`)
      .join(', ')}, …) in ${((Date.now() - t0) / 1000).toFixed(0)} s; database ${mib(Number(size))}`,
  );
  console.log(`Load average before the runs (1 / 5 / 15 min): ${load()}; ${os.cpus().length} cores`);

  const current = path.join(dist, 'database/backup.js');
  const step = (label, module, fn, target, file) => {
    const r = runInChild(module, fn, target, file);
    const line = { label, s: r.ms / 1000, rows: r.rows, bytes: r.bytes ?? fs.statSync(file).size, rss: r.maxRss / 1024 };
    results.push(line);
    console.log(`${label}: ${line.s.toFixed(1)} s, file ${mib(line.bytes)}, peak RSS ${line.rss.toFixed(0)} MiB (load ${load()})`);
    return line;
  };
  const newFile = path.join(tmp, 'new.backup.gz');
  const newBackup = step('Backup, COPY (format 2)', current, 'backupDatabase', url, newFile);
  const newRestore = step('Restore, COPY (format 2)', current, 'restoreDatabase', await emptyDatabase('bench_new'), newFile);
  if (oldModule) {
    const oldFile = path.join(tmp, 'old.backup.gz');
    const oldBackup = step('Backup, cursor + JSON (format 1 code)', oldModule, 'backupDatabase', url, oldFile);
    const oldRestore = step(
      'Restore, INSERT batches (format 1 code)',
      oldModule,
      'restoreDatabase',
      await emptyDatabase('bench_old'),
      oldFile,
    );
    console.log(
      `\nRatios (new / old, same run): backup ${(newBackup.s / oldBackup.s).toFixed(2)}, restore ${(newRestore.s / oldRestore.s).toFixed(2)} ` +
        `(restore ${(oldRestore.s / newRestore.s).toFixed(1)}x faster)`,
    );
  }
  console.log(`\n| Step | Time | File | Peak RSS |\n| --- | --- | --- | --- |`);
  for (const r of results) console.log(`| ${r.label} | ${r.s.toFixed(1)} s | ${mib(r.bytes)} | ${r.rss.toFixed(0)} MiB |`);
} finally {
  await admin.end().catch(() => undefined);
  await db.stop();
  if (oldModule) fs.rmSync(oldModule, { force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
}
