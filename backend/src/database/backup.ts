import { once } from 'node:events';
import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Client } from 'pg';
import { from as copyFrom, to as copyTo, type CopyStreamQuery } from 'pg-copy-streams';
import { isPgDumpArchive, restoreWithPgRestore } from './backup-pg-dump';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  connect,
  ident,
  migrationsCovered,
  prepareTarget,
  type RestoreOptions,
  type RestoreResult,
  SKIPPED_TABLES,
  type TableManifest,
  userTables,
} from './backup-target';
import { runMigrations } from './data-source';
import { MIGRATIONS } from './migrations';

/**
 * Two kinds of backup file:
 *
 * - A pg_dump custom-format archive, when a `pg_dump` and `pg_restore` of the server's major version are on the PATH
 *   (`findPgTools`): what operators expect and can restore by hand with `pg_restore`.
 * - Otherwise the app's own logical backup, for when no pg_dump of the server's major version is at hand: the
 *   embedded PostgreSQL is newer than the pg_dump most systems package.
 *
 * The own file is gzip of lines. Format 2 (written since COPY): a JSON manifest (format, the migrations applied, each
 * table's columns, row count and checksum, each sequence's value), then per table a `{"table": name}` line, the
 * table's rows as `COPY … TO STDOUT` text prints them (one line per row, tabs and newlines escaped) and a `\.` line.
 * Format 1 (the first release's, still read): the same manifest with an md5 per table, then per table a
 * `{"table": name}` line and one JSON string per row (the row's composite text, as `SELECT t::text` prints it).
 * Everything is read in one REPEATABLE READ, READ ONLY transaction, so the file is one consistent snapshot even while
 * registrations are being written, and streamed through COPY, so memory stays flat whatever the size.
 */
const FORMAT_VERSION = 2;
/** Versions this release restores: 1 by INSERT batches (as the release that wrote them did), 2 by COPY. */
const READABLE_VERSIONS = [1, 2];

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

const rowText = (columns: string[]) => `ROW(${columns.map((c) => `t.${ident(c)}`).join(', ')})::text`;

/** Format 1's row count and md5 of the sorted row texts (checked when restoring a format-1 file). */
async function tableMd5(client: Client, table: string, columns: string[]): Promise<{ rows: number; md5: string }> {
  const { rows } = await client.query<{ n: number; md5: string | null }>(
    `SELECT count(*)::int AS n, md5(coalesce(string_agg(r, E'\\n' ORDER BY r COLLATE "C"), '')) AS md5
       FROM (SELECT ${rowText(columns)} AS r FROM public.${ident(table)} t) s`,
  );
  return { rows: rows[0].n, md5: rows[0].md5 ?? '' };
}

/** Format 2's row count and checksum (see TableManifest.checksum), as the backup records them and the restore checks them. */
async function tableChecksum(client: Client, table: string, columns: string[]): Promise<{ rows: number; checksum: string }> {
  const { rows } = await client.query<{ n: number; s: string }>(
    `SELECT count(*)::int AS n, coalesce(sum(('x' || left(md5(${rowText(columns)}), 15))::bit(60)::bigint), 0)::text AS s
       FROM public.${ident(table)} t`,
  );
  return { rows: rows[0].n, checksum: rows[0].s };
}

export interface BackupResult {
  manifest: BackupManifest;
  bytes: number;
  ms: number;
}

/** Writes the app's own backup (format 2) of the database at `url` to `file` (gzip). */
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
      tables.push({ name, columns, ...(await tableChecksum(client, name, columns)) });
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

    // Level 1: the rows are text that compresses well anyway, and level 6 would make gzip the slowest part.
    const out = new PassThrough();
    const written = pipeline(out, zlib.createGzip({ level: 1 }), fs.createWriteStream(tmp, { mode: 0o600 }));
    // A failed write (disk full) destroys `out`, which then never drains: the pipeline's error ends the wait.
    written.catch(() => undefined);
    const write = async (chunk: string | Buffer) => {
      if (!out.write(chunk)) await Promise.race([once(out, 'drain'), written]);
    };
    await write(`${JSON.stringify(manifest)}\n`);
    for (const t of tables) {
      await write(`${JSON.stringify({ table: t.name })}\n`);
      // A query rather than the table, so that a partitioned table is read through its parent.
      const rows = client.query(copyTo(`COPY (SELECT ${t.columns.map(ident).join(', ')} FROM public.${ident(t.name)}) TO STDOUT`));
      for await (const chunk of rows as AsyncIterable<Buffer>) await write(chunk);
      await write('\\.\n');
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

/** The decompressed bytes of a backup file. A damaged or cut file fails (gzip checks its length and CRC at the end). */
function backupStream(file: string): zlib.Gunzip {
  const gunzip = zlib.createGunzip();
  // pipeline destroys gunzip with the read error, which the reader's loop then throws.
  pipeline(fs.createReadStream(file), gunzip).catch(() => undefined);
  return gunzip;
}

/** The lines of a backup file, read as a stream (the rows never all sit in memory). */
async function* backupLines(file: string): AsyncGenerator<string> {
  const gunzip = backupStream(file);
  gunzip.setEncoding('utf8');
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
  if (isPgDumpArchive(file))
    throw new Error(`${file} is a pg_dump archive, not the app's own format: pg_restore --list shows its contents`);
  for await (const line of backupLines(file)) return parseManifest(line);
  throw new Error(`${file} is empty`);
}

function parseManifest(line: string): BackupManifest {
  let m: BackupManifest;
  try {
    m = JSON.parse(line) as BackupManifest;
  } catch {
    throw new Error('not a Classlane backup (npm run db:backup writes those)');
  }
  if (m.format !== BACKUP_FORMAT) throw new Error('not a Classlane backup (npm run db:backup writes those)');
  if (!READABLE_VERSIONS.includes(m.version))
    throw new Error(`backup format ${m.version} is not supported by this release (it reads ${READABLE_VERSIONS.join(' and ')})`);
  return m;
}

/**
 * Restores `file` into the database at `url`. A pg_dump archive goes to pg_restore (restoreWithPgRestore). The own
 * format: refuses a database that has tables (unless `force`), runs the migrations up to the backup's schema version,
 * loads every table in one transaction with triggers and foreign-key checks off (`session_replication_role =
 * replica`: a superuser, or a role granted SET on that parameter), so that triggers keeping counters (attendance
 * tallies, configuration versions) do not count the restored rows a second time; sets the sequences, checks each
 * table's row count and checksum against the manifest (any difference rolls it all back), then runs this release's
 * newer migrations.
 */
export async function restoreDatabase(url: string, file: string, opts: RestoreOptions = {}): Promise<RestoreResult> {
  if (isPgDumpArchive(file)) return restoreWithPgRestore(url, file, opts);
  const started = Date.now();
  const known = opts.migrations ?? MIGRATIONS;
  const manifest = await readManifest(file);
  const upTo = migrationsCovered(manifest.migrations, known);

  const client = await connect(url);
  let rows: number;
  try {
    await prepareTarget(client, opts.force);
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
    const indexes = await dropSecondaryIndexes(client, [...tables.keys()]);
    rows = manifest.version === 1 ? await loadInserts(client, file, tables) : await loadCopy(client, file, tables);
    await client.query("SET LOCAL maintenance_work_mem = '256MB'");
    for (const definition of indexes) await client.query(definition);

    for (const s of manifest.sequences) {
      await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [`public.${ident(s.name)}`, s.value, s.isCalled]);
    }
    for (const t of manifest.tables) {
      const got = manifest.version === 1 ? await tableMd5(client, t.name, t.columns) : await tableChecksum(client, t.name, t.columns);
      const same = 'md5' in got ? got.md5 === t.md5 : got.checksum === t.checksum;
      if (got.rows !== t.rows || !same) {
        throw new Error(
          `Table ${t.name} does not match the backup after loading (${got.rows} rows, expected ${t.rows}; checksum ` +
            `${same ? 'equal' : 'different'}): nothing was restored.`,
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
  return { manifest, rows, tables: manifest.tables.length, migratedAfter: pending, ms: Date.now() - started, tool: 'own' };
}

/**
 * The indexes of the tables about to be loaded that no constraint uses (not a primary key, unique constraint or
 * foreign key's target), dropped: each is built again after the load by one sort (pg_restore's order) instead of one
 * insertion per row. Their definitions are returned; all of it is inside the restore's transaction.
 */
async function dropSecondaryIndexes(client: Client, tables: string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE i.indrelid = ANY($1::text[]::regclass[]) AND c.relkind = 'i'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
      ORDER BY 1`,
    [tables.map((t) => `public.${ident(t)}`)],
  );
  for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
  return rows.map((r) => r.definition);
}

/** Format 1: each row's composite text, cast back to the table's row type and inserted in batches of 1,000. */
async function loadInserts(client: Client, file: string, tables: Map<string, TableManifest>): Promise<number> {
  let rows = 0;
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
      current = tableOf(line, tables);
      continue;
    }
    batch.push(JSON.parse(line) as string);
    if (batch.length >= 1000) await flush();
  }
  await flush();
  return rows;
}

function tableOf(header: string, tables: Map<string, TableManifest>): TableManifest {
  let name: string | undefined;
  try {
    name = (JSON.parse(header) as { table?: string }).table;
  } catch {
    name = undefined;
  }
  if (name === undefined) throw new Error(`The backup has a damaged table header (${header.slice(0, 60)}): the file is damaged.`);
  const t = tables.get(name);
  if (!t) throw new Error(`The backup has rows of ${name}, which its manifest does not list: the file is damaged.`);
  return t;
}

const NEWLINE = 0x0a;
const isEndOfData = (buf: Buffer, from: number, to: number) => to - from === 2 && buf[from] === 0x5c && buf[from + 1] === 0x2e; // "\."

/**
 * Format 2: each table's COPY text goes to `COPY … FROM STDIN` as it is read, in runs of whole lines (a row never
 * spans a line: COPY escapes newlines in values), up to the `\.` line that ends the table.
 */
async function loadCopy(client: Client, file: string, tables: Map<string, TableManifest>): Promise<number> {
  let rows = 0;
  let manifestRead = false;
  let copy: { stream: CopyStreamQuery; done: Promise<void> } | null = null;
  let rest: Buffer = Buffer.alloc(0);
  // A COPY that fails (a row the table refuses) never drains: its error ends the wait instead.
  const send = async (chunk: Buffer) => {
    if (chunk.length && !copy!.stream.write(chunk)) await Promise.race([once(copy!.stream, 'drain'), copy!.done]);
  };
  try {
    for await (const piece of backupStream(file) as AsyncIterable<Buffer>) {
      const buf = rest.length ? Buffer.concat([rest, piece]) : piece;
      let pos = 0;
      let run = 0; // start of the row lines not yet sent
      for (;;) {
        const nl = buf.indexOf(NEWLINE, pos);
        if (nl < 0) break;
        if (!manifestRead) {
          manifestRead = true;
        } else if (!copy) {
          const table = tableOf(buf.toString('utf8', pos, nl), tables);
          const stream = client.query(copyFrom(`COPY public.${ident(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN`));
          // Catch now: an error while rows are still being written is thrown by the await below.
          const done = finished(stream);
          done.catch(() => undefined);
          copy = { stream, done };
          run = nl + 1;
        } else if (isEndOfData(buf, pos, nl)) {
          await send(buf.subarray(run, pos));
          copy.stream.end();
          await copy.done;
          rows += copy.stream.rowCount;
          copy = null;
        }
        pos = nl + 1;
      }
      if (copy && pos > run) await send(buf.subarray(run, pos));
      rest = buf.subarray(pos);
      if (rest.length > 64 * 1024 * 1024) throw new Error('The backup has a line longer than 64 MiB: the file is damaged.');
    }
    if (copy || rest.length) throw new Error('The backup ends in the middle of a table: the file is damaged or cut short.');
  } catch (e) {
    // A COPY left open would hold the connection, and the ROLLBACK queued behind it would wait forever: CopyFail
    // (what destroy sends) ends it.
    if (copy) {
      copy.stream.destroy(e as Error);
      await copy.done.catch(() => undefined);
    }
    throw e;
  }
  return rows;
}
