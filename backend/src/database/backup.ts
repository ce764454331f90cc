import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { runMigrations } from './data-source';
import { MIGRATIONS } from './migrations';

/**
 * A logical backup written by the app itself (`npm run db:backup` / `db:restore`), for when no pg_dump of the
 * server's major version is at hand: the embedded PostgreSQL is newer than the pg_dump most systems package. With a
 * matching pg_dump (or point-in-time recovery) in production, prefer those; docs/operations.md says when to use which.
 *
 * The file is gzip of JSON lines: a manifest (format, the migrations applied, each table's columns, row count and
 * checksum, each sequence's value), then per table a `{"table": name}` line and one JSON string per row (the row's
 * composite text, as `SELECT t::text` prints it and `'…'::t` reads it back). Everything is read in one REPEATABLE
 * READ, READ ONLY transaction, so the file is one consistent snapshot even while registrations are being written.
 */
export const BACKUP_FORMAT = 'classlane-backup';
const FORMAT_VERSION = 1;

/** Tables whose rows are not backed up: the migration log (rebuilt by running the migrations) and throwaway state. */
const SKIPPED_TABLES = new Set([
  'migrations',
  // UNLOGGED rate-limit counters: minutes of state, lost by PostgreSQL itself on a crash.
  'rate_limit_counters',
]);

/** Fixed output styles on both sides, so every value's text reads back to the same value. */
const SESSION_SETTINGS = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 3',
  "SET bytea_output = 'hex'",
];

export interface TableManifest {
  name: string;
  /** Columns written on restore (generated columns are computed again). */
  columns: string[];
  rows: number;
  /** md5 of the rows' text sorted and joined by newlines, computed by PostgreSQL in the snapshot. */
  md5: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  serverVersion: string;
  /** Migration names applied, oldest first: the schema version of the data. */
  migrations: string[];
  tables: TableManifest[];
  sequences: { name: string; value: string; isCalled: boolean }[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  for (const s of SESSION_SETTINGS) await client.query(s);
  return client;
}

/** Ordinary and partitioned-parent tables of the public schema, except partitions (their parent reads them). */
async function userTables(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** A table's columns in order, without dropped and generated ones. */
async function writableColumns(client: Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
      WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

/** Row count and md5 of the sorted row texts, as the manifest records them and the restore checks them. */
async function tableFingerprint(client: Client, table: string, columns: string[]): Promise<{ rows: number; md5: string }> {
  const row = `ROW(${columns.map((c) => `t.${ident(c)}`).join(', ')})::text`;
  const { rows } = await client.query<{ n: number; md5: string | null }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(r, E'\\n' ORDER BY r COLLATE "C"), '')) AS md5
       FROM (SELECT ${row} AS r FROM public.${ident(table)} t) s`,
  );
  return { rows: rows[0].n, md5: rows[0].md5 ?? '' };
}

export interface BackupResult {
  manifest: BackupManifest;
  bytes: number;
  ms: number;
}

/** Writes a backup of the database at `url` to `file` (gzip). */
export async function backupDatabase(url: string, file: string): Promise<BackupResult> {
  const started = Date.now();
  const client = await connect(url);
  const tmp = `${file}.partial`;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const [{ server_version: serverVersion }] = (await client.query<{ server_version: string }>('SHOW server_version')).rows;
    const [{ migrated }] = (await client.query<{ migrated: boolean }>("SELECT to_regclass('public.migrations') IS NOT NULL AS migrated"))
      .rows;
    if (!migrated)
      throw new Error('This database has no migrations table, so no Classlane data: start the app on it once, or check DATABASE_URL.');
    const migrations = (await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY timestamp, id')).rows.map((r) => r.name);
    const tables: TableManifest[] = [];
    for (const name of await userTables(client)) {
      if (SKIPPED_TABLES.has(name)) continue;
      const columns = await writableColumns(client, name);
      tables.push({ name, columns, ...(await tableFingerprint(client, name, columns)) });
    }
    const sequences = // A sequence never used has no last_value: it is set back to its start, not yet called.
      (
        await client.query<{ name: string; value: string; is_called: boolean }>(
          `SELECT sequencename AS name, coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS is_called
           FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
        )
      ).rows.map((r) => ({ name: r.name, value: r.value, isCalled: r.is_called }));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion,
      migrations,
      tables,
      sequences,
    };

    const out = new PassThrough();
    const written = pipeline(out, zlib.createGzip({ level: 6 }), fs.createWriteStream(tmp, { mode: 0o600 }));
    const write = async (line: string) => {
      if (!out.write(`${line}\n`)) await new Promise((r) => out.once('drain', r));
    };
    await write(JSON.stringify(manifest));
    for (const t of tables) {
      await write(JSON.stringify({ table: t.name }));
      if (t.rows === 0) continue;
      // The whole row (generated columns too), so that it reads back as the table's row type; the restore picks
      // the writable columns out of it.
      await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT t::text AS r FROM public.${ident(t.name)} t`);
      for (;;) {
        const { rows } = await client.query<{ r: string }>('FETCH 2000 FROM backup_rows');
        for (const r of rows) await write(JSON.stringify(r.r));
        if (rows.length < 2000) break;
      }
      await client.query('CLOSE backup_rows');
    }
    out.end();
    await written;
    await client.query('COMMIT');
    fs.renameSync(tmp, file);
    return { manifest, bytes: fs.statSync(file).size, ms: Date.now() - started };
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The lines of a backup file, read as a stream (the rows never all sit in memory). A damaged or cut file fails here
 * (gzip checks its length and CRC at the end) instead of ending early.
 */
async function* backupLines(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  gunzip.setEncoding('utf8');
  // pipeline destroys gunzip with the read error, which the loop below then throws.
  pipeline(fs.createReadStream(file), gunzip).catch(() => undefined);
  let rest = '';
  for await (const chunk of gunzip as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}

/** Reads the manifest line of a backup file (without loading the rows). */
export async function readManifest(file: string): Promise<BackupManifest> {
  for await (const line of backupLines(file)) return parseManifest(line);
  throw new Error(`${file} is empty`);
}

function parseManifest(line: string): BackupManifest {
  const m = JSON.parse(line) as BackupManifest;
  if (m.format !== BACKUP_FORMAT) throw new Error('not a Classlane backup (npm run db:backup writes those)');
  if (m.version !== FORMAT_VERSION)
    throw new Error(`backup format ${m.version} is not supported by this release (it reads ${FORMAT_VERSION})`);
  return m;
}

export interface RestoreOptions {
  /** Restore even though the database has tables: everything in its public schema is dropped first. */
  force?: boolean;
  /** The migrations this release knows (the upgrade test passes an older list). */
  migrations?: typeof MIGRATIONS;
}

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
  /** Migrations newer than the backup, run after loading it. */
  migratedAfter: number;
  ms: number;
}

/**
 * Restores `file` into the database at `url`: refuses a database that has tables (unless `force`), runs the
 * migrations up to the backup's schema version, loads every table in one transaction with triggers and foreign-key
 * checks off (`session_replication_role = replica`: a superuser, or a role granted SET on that parameter), sets the
 * sequences, checks each table's row count and checksum against the manifest (any difference rolls it all back),
 * then runs this release's newer migrations.
 */
export async function restoreDatabase(url: string, file: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  const started = Date.now();
  const known = opts.migrations ?? MIGRATIONS;
  const manifest = await readManifest(file);
  const names = known.map((m) => (m as { name?: string }).name ?? (m as { prototype: object }).prototype.constructor.name);
  const unknown = manifest.migrations.filter((n) => !names.includes(n));
  if (unknown.length) {
    throw new Error(
      `The backup was taken by a newer release (migration ${unknown[0]} is unknown here): restore it with that release or a later one.`,
    );
  }
  const upTo = manifest.migrations.length ? names.indexOf(manifest.migrations.at(-1)!) + 1 : 0;
  if (names.slice(0, upTo).join() !== manifest.migrations.join()) {
    throw new Error("The backup's migrations are not a prefix of this release's: it comes from a different line of releases.");
  }

  const client = await connect(url);
  let rows = 0;
  try {
    const existing = await userTables(client);
    if (existing.length) {
      if (!opts.force) {
        throw new Error(
          `The target database is not empty (${existing.length} tables, e.g. ${existing.slice(0, 3).join(', ')}): restore into an empty ` +
            'database, or pass --force to drop everything in it first.',
        );
      }
      await client.query('DROP SCHEMA public CASCADE');
      await client.query('CREATE SCHEMA public');
    }
    if (upTo > 0) await runMigrations(url, known.slice(0, upTo));

    await client.query('BEGIN');
    try {
      await client.query('SET LOCAL session_replication_role = replica');
    } catch (e) {
      throw new Error(
        'Restoring needs to turn off triggers and foreign-key checks while loading (session_replication_role = replica): connect ' +
          `as a superuser, or GRANT SET ON PARAMETER session_replication_role TO <role>. (${(e as Error).message})`,
        { cause: e },
      );
    }
    const tables = new Map(manifest.tables.map((t) => [t.name, t]));
    // Migrations insert reference rows (plans and the like); the backup holds them as they were, so they go first.
    for (const name of await userTables(client)) {
      if (tables.has(name)) await client.query(`TRUNCATE public.${ident(name)} CASCADE`);
    }
    let current: TableManifest | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (!current || !batch.length) return;
      const cols = current.columns.map(ident).join(', ');
      const pick = current.columns.map((c) => `(x).${ident(c)}`).join(', ');
      await client.query(
        `INSERT INTO public.${ident(current.name)} (${cols}) OVERRIDING SYSTEM VALUE
         SELECT ${pick} FROM (SELECT r::public.${ident(current.name)} AS x FROM unnest($1::text[]) r) s`,
        [batch],
      );
      rows += batch.length;
      batch = [];
    };
    let first = true;
    for await (const line of backupLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (line.startsWith('{')) {
        await flush();
        const name = (JSON.parse(line) as { table: string }).table;
        current = tables.get(name) ?? null;
        if (!current) throw new Error(`The backup has rows of ${name}, which its manifest does not list: the file is damaged.`);
        continue;
      }
      batch.push(JSON.parse(line) as string);
      if (batch.length >= 1000) await flush();
    }
    await flush();

    for (const s of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${ident(s.name)}`, s.value, s.isCalled]);
    }
    for (const t of manifest.tables) {
      const got = await tableFingerprint(client, t.name, t.columns);
      if (got.rows !== t.rows || got.md5 !== t.md5) {
        throw new Error(
          `Table ${t.name} does not match the backup after loading (${got.rows} rows, expected ${t.rows}; checksum ` +
            `${got.md5 === t.md5 ? 'equal' : 'different'}): nothing was restored.`,
        );
      }
    }
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await client.end().catch(() => undefined);
  }
  const pending = known.length - upTo;
  if (pending > 0) await runMigrations(url, known);
  return { manifest, rows, migratedAfter: pending, ms: Date.now() - started };
}
