import { Client } from 'pg';
import { MIGRATIONS } from './migrations';

/**
 * What both kinds of backup share on the restoring side (backup.ts: the own format; backup-pg-dump.ts: pg_dump's
 * archives): the connection with fixed output styles, the tables of the public schema, the check that a backup's
 * migrations are this release's, the target database's preparation, and the shapes of the own format's manifest.
 */
export const BACKUP_FORMAT = 'classlane-backup';

/** Tables whose rows are not backed up: the migration log (rebuilt by running the migrations) and throwaway state. */
export const SKIPPED_TABLES = new Set([
  'migrations',
  // UNLOGGED rate-limit counters: minutes of state, lost by PostgreSQL itself on a crash.
  'rate_limit_counters',
]);

/** Fixed output styles on both sides, so every value's text reads back to the same value. */
export const SESSION_SETTINGS = [
  "SET TimeZone = 'UTC'",
  "SET DateStyle = 'ISO, YMD'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 3',
  "SET bytea_output = 'hex'",
  "SET client_encoding = 'UTF8'",
];

export interface TableManifest {
  name: string;
  /** Columns written on restore (generated columns are computed again). */
  columns: string[];
  rows: number;
  /** Format 1: md5 of the rows' text sorted and joined by newlines, computed by PostgreSQL in the snapshot. */
  md5?: string;
  /**
   * Format 2: the sum of the first 60 bits of each row text's md5, in decimal. It needs no sort and no giant string
   * (format 1's md5 of all rows joined stops at PostgreSQL's 1 GB per value), and the order rows load in is free.
   */
  checksum?: string;
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

export interface PgTools {
  /** Executables as found on the PATH. */
  dump: string;
  restore: string;
  /** pg_dump's version, e.g. "15.18". */
  version: string;
  major: number;
}

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  for (const s of SESSION_SETTINGS) await client.query(s);
  return client;
}

/** Ordinary and partitioned-parent tables of the public schema, except partitions (their parent reads them). */
export async function userTables(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

export interface RestoreOptions {
  /** Restore even though the database has tables: everything in its public schema is dropped first. */
  force?: boolean;
  /** The migrations this release knows (the upgrade test passes an older list). */
  migrations?: typeof MIGRATIONS;
  /** For a pg_dump archive: the tools found for the server (findPgTools); looked up when not given. */
  pgTools?: PgTools;
}

export interface RestoreResult {
  /** The own format's manifest; null for a pg_dump archive. */
  manifest: BackupManifest | null;
  /** Rows loaded (own format; pg_restore does not count them). */
  rows: number;
  tables: number;
  /** Migrations newer than the backup, run after loading it. */
  migratedAfter: number;
  ms: number;
  /** What read the file: 'own' or the pg_restore used (e.g. "pg_restore 15.18"). */
  tool: string;
}

const migrationNames = (known: typeof MIGRATIONS) =>
  known.map((m) => (m as { name?: string }).name ?? (m as { prototype: object }).prototype.constructor.name);

/** How many of this release's migrations the backup's list covers; throws when the backup is from a newer or other line. */
export function migrationsCovered(backup: string[], known: typeof MIGRATIONS): number {
  const names = migrationNames(known);
  const unknown = backup.filter((n) => !names.includes(n));
  if (unknown.length) {
    throw new Error(
      `The backup was taken by a newer release (migration ${unknown[0]} is unknown here): restore it with that release or a later one.`,
    );
  }
  const upTo = backup.length ? names.indexOf(backup.at(-1)!) + 1 : 0;
  if (names.slice(0, upTo).join() !== backup.join()) {
    throw new Error("The backup's migrations are not a prefix of this release's: it comes from a different line of releases.");
  }
  return upTo;
}

/** Refuses a database that has tables, or (force) empties its public schema. */
export async function prepareTarget(client: Client, force: boolean | undefined): Promise<void> {
  const existing = await userTables(client);
  if (!existing.length) return;
  if (!force) {
    throw new Error(
      `The target database is not empty (${existing.length} tables, e.g. ${existing.slice(0, 3).join(', ')}): restore into an empty ` +
        'database, or pass --force to drop everything in it first.',
    );
  }
  await client.query('DROP SCHEMA public CASCADE');
  await client.query('CREATE SCHEMA public');
}
