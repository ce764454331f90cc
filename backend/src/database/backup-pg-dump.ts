import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import { Client } from 'pg';
import {
  connect,
  migrationsCovered,
  type PgTools,
  prepareTarget,
  type RestoreOptions,
  type RestoreResult,
  SKIPPED_TABLES,
  userTables,
} from './backup-target';
import { runMigrations } from './data-source';
import { MIGRATIONS } from './migrations';

/**
 * Backups in pg_dump's custom format, for a `DATABASE_URL` server whose major version has a `pg_dump` and `pg_restore`
 * on the PATH: what operators expect and can restore by hand. backup.ts chooses between this and the own format.
 */

export type PgToolsChoice = { tools: PgTools; serverMajor: number } | { tools: null; serverMajor: number; reason: string };

/** The server's major version (server_version_num 150018 → 15, 180004 → 18). */
export async function serverMajor(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const [{ v }] = (await client.query<{ v: number }>("SELECT current_setting('server_version_num')::int AS v")).rows;
    return Math.floor(v / 10000);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" → "15.18"; null when the program is missing or says otherwise. */
function toolVersion(program: string, env: NodeJS.ProcessEnv): string | null {
  const r = spawnSync(program, ['--version'], { env, encoding: 'utf8', timeout: 10_000 });
  if (r.error || r.status !== 0) return null;
  return /\(PostgreSQL\)\s+(\d+(?:\.\d+)?)/.exec(r.stdout)?.[1] ?? null;
}

/**
 * A pg_dump and pg_restore on the PATH of the server's major version (pg_dump refuses a newer server, and a newer
 * pg_dump writes archives an older pg_restore cannot read), or why not.
 */
export async function findPgTools(url: string, env: NodeJS.ProcessEnv = process.env): Promise<PgToolsChoice> {
  const major = await serverMajor(url);
  const dump = toolVersion('pg_dump', env);
  const restore = toolVersion('pg_restore', env);
  const majorOf = (v: string) => Number(v.split('.')[0]);
  if (dump && restore && majorOf(dump) === major && majorOf(restore) === major) {
    return { tools: { dump: 'pg_dump', restore: 'pg_restore', version: dump, major }, serverMajor: major };
  }
  return {
    tools: null,
    serverMajor: major,
    reason:
      `no pg_dump and pg_restore of PostgreSQL ${major} (the server's major version) on the PATH ` +
      `(found: pg_dump ${dump ?? 'none'}, pg_restore ${restore ?? 'none'})`,
  };
}

/** pg_dump's custom format starts with these 5 bytes. */
export function isPgDumpArchive(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(5);
    return fs.readSync(fd, head, 0, 5, 0) === 5 && head.toString('latin1') === 'PGDMP';
  } finally {
    fs.closeSync(fd);
  }
}

/** The URL without its password, which goes in PGPASSWORD: a command line is visible to every user of the machine. */
function connectionFor(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

async function run(program: string, args: string[], env: NodeJS.ProcessEnv, stdout?: Writable): Promise<void> {
  const child = spawn(program, args, { env, stdio: ['ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  if (stdout) child.stdout!.pipe(stdout);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`${program} failed (exit ${code}): ${stderr.trim() || 'no message'}`);
}

/**
 * `pg_dump --format=custom` of the whole database to `file`: one snapshot (pg_dump reads in one REPEATABLE READ
 * transaction), without the rows of UNLOGGED tables (the rate-limit counters).
 */
export async function backupWithPgDump(url: string, file: string, tools: PgTools): Promise<{ bytes: number; ms: number }> {
  const started = Date.now();
  const { dbname, env } = connectionFor(url);
  const tmp = `${file}.partial`;
  try {
    await run(tools.dump, ['--format=custom', '--no-unlogged-table-data', `--file=${tmp}`, `--dbname=${dbname}`], env);
    fs.chmodSync(tmp, 0o600);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  return { bytes: fs.statSync(file).size, ms: Date.now() - started };
}

/**
 * A pg_dump archive into the database at `url`: refuses a database that has tables (unless `force`), checks the
 * archive's migration log against this release's, runs `pg_restore --single-transaction --exit-on-error` (all or
 * nothing; tables, rows, then constraints, indexes and triggers, so no trigger sees the loaded rows), then runs this
 * release's newer migrations. Objects are owned by the role restoring (--no-owner), grants are left out (--no-acl).
 */
export async function restoreWithPgRestore(url: string, file: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const started = Date.now();
  const known = opts.migrations ?? MIGRATIONS;
  let tools = opts.pgTools;
  if (!tools) {
    const choice = await findPgTools(url);
    if (!choice.tools) throw new Error(`${file} is a pg_dump archive, and restoring it needs pg_restore: ${choice.reason}.`);
    tools = choice.tools;
  }
  const { dbname, env } = connectionFor(url);

  // The migration log's rows, as pg_restore prints them (a COPY block: id, timestamp, name per line).
  const log = new PassThrough();
  let text = '';
  log.setEncoding('utf8').on('data', (d: string) => (text += d));
  await run(tools.restore, ['--data-only', '--table=migrations', '--file=-', file], env, log);
  const copyLines = text.split('\n');
  const from = copyLines.findIndex((l) => /^COPY \S*migrations /.test(l));
  if (from < 0) throw new Error(`${file} has no migration log (table migrations): it is not a dump of a Classlane database.`);
  const to = copyLines.indexOf('\\.', from);
  const migrations = copyLines
    .slice(from + 1, to)
    .map((l) => l.split('\t'))
    .sort((a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0]))
    .map((cols) => cols[2]);
  const upTo = migrationsCovered(migrations, known);

  const client = await connect(url);
  try {
    await prepareTarget(client, opts.force);
  } finally {
    await client.end().catch(() => undefined);
  }
  await run(tools.restore, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-acl', `--dbname=${dbname}`, file], env);
  const check = await connect(url);
  let tables: number;
  try {
    tables = (await userTables(check)).filter((t) => !SKIPPED_TABLES.has(t)).length;
  } finally {
    await check.end().catch(() => undefined);
  }
  const pending = known.length - upTo;
  if (pending > 0) await runMigrations(url, known);
  return {
    manifest: null,
    rows: 0,
    tables,
    migratedAfter: pending,
    ms: Date.now() - started,
    tool: `pg_restore ${tools.version}`,
  };
}
