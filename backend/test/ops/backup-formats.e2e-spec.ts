import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from 'pg';
import { backupDatabase, readManifest, restoreDatabase } from '../../src/database/backup';
import { backupWithPgDump, findPgTools } from '../../src/database/backup-pg-dump';
import { runMigrations } from '../../src/database/data-source';
import { MIGRATIONS } from '../../src/database/migrations';
import { seedDemo } from '../../src/database/seeds/demo.seed';
import { ensureBuilt } from '../fixtures/built-server';
import { contents, emptyDatabaseBeside } from '../fixtures/db-contents.fixture';
import { fillOrganization } from '../fixtures/populated-org.fixture';
import { startSystemPostgres, systemPostgresBin, type SystemPostgres } from '../fixtures/system-postgres.fixture';
import { createTestApp, createTestDatabase, type TestApp } from '../setup/test-app';

/**
 * The backup file formats of `npm run db:backup` / `db:restore`: a file written by the first format (rows as JSON
 * strings, INSERT batches) still restores; the current own format streams rows through COPY and restores tens of
 * thousands of rows with every kind of escaping identical; a file whose rows differ from its manifest or that is cut
 * short restores nothing. With DATABASE_URL and a pg_dump / pg_restore of the server's major version on the PATH, the
 * backup is a pg_dump custom-format archive (run for real on the system's PostgreSQL when one is installed); without
 * them, the command says why it wrote the own format.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'classlane-backup-formats-'));
/** Written by the format-1 code (commit fb78c2f) from the demo data plus a filled organization. */
const V1_FIXTURE = path.resolve('test/fixtures/backups/v1-demo.backup.gz');
const newName = () => `r_${randomBytes(6).toString('hex')}`;
const cli = () => path.resolve('dist/database/backup-cli.js');

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/** Values that COPY's text format must escape, or that look like its end-of-data line. */
const AWKWARD = ['\\.', '.', '\\', 'tab\there', 'new\nline', 'cr\r\nlf', 'Café ☕ 𝄞', '"quoted", comma', 'x'.repeat(300_000)];

describe('backup file formats', () => {
  let t: TestApp;
  let file = '';

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    expect(await seedDemo(t.db)).toBe(true);
    await fillOrganization(t, 'Formats');
    const [{ id: orgId }] = await t.db.query('SELECT id FROM organizations ORDER BY created_at LIMIT 1');
    // 60,000 events: megabytes of COPY text, so that table sections and rows straddle the reader's chunks.
    await t.db.query(
      `INSERT INTO activity_events (organization_id, event_type, event_date, description, metadata)
       SELECT $1, 'bulk', timestamptz '2026-01-01' + i * interval '1 minute', 'event ' || i || E'\\twith a tab',
              jsonb_build_object('i', i, 'note', E'line\\nbreak')
         FROM generate_series(1, 60000) i`,
      [orgId],
    );
    for (const [i, text] of AWKWARD.entries()) {
      await t.db.query(
        `INSERT INTO stripe_events (id, type, created, payload, error) VALUES ($1, 'payment_intent.succeeded', now(), $2, $3)`,
        [`evt_awkward_${i}`, JSON.stringify({ text }), text],
      );
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should restore a file written by the first format, by INSERT batches, checksums verified', async () => {
    const manifest = await readManifest(V1_FIXTURE);
    expect(manifest.version).toBe(1);
    const target = await emptyDatabaseBeside(t.url, newName());
    const r = await restoreDatabase(target, V1_FIXTURE);
    expect(r.rows).toBe(manifest.tables.reduce((n, x) => n + x.rows, 0));
    expect(r.rows).toBeGreaterThan(80);
    expect(r.migratedAfter).toBe(MIGRATIONS.length - manifest.migrations.length);
    // The fixture's text that needs escaping in every format, as the first format's code wrote it.
    const [event] = await query<{ payload: { note: string }; error: string }>(
      target,
      "SELECT payload, error FROM stripe_events WHERE id = 'evt_backup'",
    );
    expect(event).toEqual({
      payload: { note: 'Café "quoted"\nline two\ttab \\ backslash', amount: 1.5e-7, list: [1, null] },
      error: 'a\nb\r\n"c",\\d',
    });
    const [{ n }] = await query<{ n: number }>(target, "SELECT count(*)::int AS n FROM users WHERE email = 'admin@demo.classlane.test'");
    expect(n).toBe(1);
  });

  it("should write each table's rows as COPY text and restore them identical, awkward values included", async () => {
    file = path.join(dir, 'bulk.backup.gz');
    const backup = await backupDatabase(t.url, file);
    expect(backup.manifest.version).toBe(2);
    expect(backup.manifest.tables.find((x) => x.name === 'activity_events')!.rows).toBeGreaterThanOrEqual(60_000);

    const lines = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8').split('\n');
    // The manifest, then per table its header, its rows (one line each: tabs and newlines in values escaped), "\.".
    expect(lines[1]).toBe(JSON.stringify({ table: backup.manifest.tables[0].name }));
    expect(lines.filter((l) => l === '\\.').length).toBe(backup.manifest.tables.length);
    const rowCount = backup.manifest.tables.reduce((n, x) => n + x.rows, 0);
    expect(lines.length).toBe(1 + 2 * backup.manifest.tables.length + rowCount + 1); // and the last newline

    const target = await emptyDatabaseBeside(t.url, newName());
    const r = await restoreDatabase(target, file);
    expect(r.rows).toBe(rowCount);
    expect(await contents(target)).toEqual(await contents(t.url));
    // The indexes dropped for the load are all built again, as they were.
    const indexes = (url: string) => query(url, "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1");
    expect(await indexes(target)).toEqual(await indexes(t.url));
    const errors = await query<{ error: string }>(target, "SELECT error FROM stripe_events WHERE id LIKE 'evt_awkward_%' ORDER BY id");
    expect(errors.map((e) => e.error).sort()).toEqual([...AWKWARD].sort());
  });

  it("should restore nothing when a table's rows differ from the manifest's checksum", async () => {
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    const changed = text.replace('event 12345\\twith a tab', 'event 12345\\twith a tap');
    expect(changed).not.toBe(text);
    const damaged = path.join(dir, 'changed.backup.gz');
    fs.writeFileSync(damaged, zlib.gzipSync(changed));
    const target = await emptyDatabaseBeside(t.url, newName());
    await expect(restoreDatabase(target, damaged)).rejects.toThrow(
      /Table activity_events does not match the backup .*checksum different.*nothing was restored/,
    );
    // One transaction: the tables loaded before and after the damaged one were rolled back with it.
    const [counts] = await query<Record<string, number>>(
      target,
      'SELECT (SELECT count(*)::int FROM activity_events) AS events, (SELECT count(*)::int FROM students) AS students, (SELECT count(*)::int FROM users) AS users',
    );
    expect(counts).toEqual({ events: 0, students: 0, users: 0 });
  });

  it('should restore nothing from a file cut short', async () => {
    const bytes = fs.readFileSync(file);
    const cut = path.join(dir, 'cut.backup.gz');
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const target = await emptyDatabaseBeside(t.url, newName());
    await expect(restoreDatabase(target, cut)).rejects.toThrow(/unexpected end of file/);
    const [counts] = await query<Record<string, number>>(
      target,
      'SELECT (SELECT count(*)::int FROM activity_events) AS events, (SELECT count(*)::int FROM users) AS users',
    );
    expect(counts).toEqual({ events: 0, users: 0 });
  });

  it('should write the own format and say why when no pg_dump of the server major is on the PATH', async () => {
    const empty = fs.mkdtempSync(path.join(dir, 'path-'));
    const none = await findPgTools(t.url, { ...process.env, PATH: empty });
    expect(none).toEqual({
      tools: null,
      serverMajor: 18,
      reason: "no pg_dump and pg_restore of PostgreSQL 18 (the server's major version) on the PATH (found: pg_dump none, pg_restore none)",
    });
    const system = systemPostgresBin();
    if (system && system.major !== 18) {
      const other = await findPgTools(t.url, { ...process.env, PATH: system.bin });
      expect(other.tools).toBeNull();
      expect(other.tools === null && other.reason).toMatch(
        new RegExp(`found: pg_dump ${system.major}\\.\\d+, pg_restore ${system.major}\\.\\d+`),
      );
    }

    ensureBuilt();
    const out = path.join(dir, 'cli-own.backup.gz');
    const b = spawnSync(process.execPath, [cli(), 'backup', out], {
      env: { ...process.env, DATABASE_URL: t.url, PATH: empty },
      encoding: 'utf8',
    });
    expect(b.stderr).toBe('');
    expect(b.stdout).toMatch(
      /^Backed up \d+ rows of \d+ tables .* in the app's own format \(no pg_dump and pg_restore of PostgreSQL 18 \(the server's major version\) on the PATH/,
    );
    expect((await readManifest(out)).version).toBe(2);
    // Asked for pg_dump when there is none: an error saying so, no file.
    const asked = spawnSync(process.execPath, [cli(), 'backup', path.join(dir, 'asked.dump'), '--format=pg_dump'], {
      env: { ...process.env, DATABASE_URL: t.url, PATH: empty },
      encoding: 'utf8',
    });
    expect(asked.status).toBe(1);
    expect(asked.stderr).toMatch(/^--format=pg_dump: no pg_dump and pg_restore of PostgreSQL 18/);
    expect(fs.existsSync(path.join(dir, 'asked.dump'))).toBe(false);
  }, 300_000);

  describe('with a pg_dump and pg_restore of the server major on the PATH', () => {
    let pg: SystemPostgres | null = null;
    let source = '';

    beforeAll(async () => {
      pg = await startSystemPostgres();
      if (!pg) {
        console.log('No PostgreSQL server of the system packages (/usr/lib/postgresql/<major>/bin): the pg_dump branch is not run here.');
        return;
      }
      source = await emptyDatabaseBeside(pg.url, 'source');
      await runMigrations(source);
      const app = await createTestApp({ JOBS_ENABLED: 'false' }, { databaseUrl: source });
      try {
        expect(await seedDemo(app.db)).toBe(true);
        await fillOrganization(app, 'Dump');
        await app.db.query(`INSERT INTO stripe_events (id, type, created, payload, error) VALUES ('evt_dump', 'x', now(), '{}', $1)`, [
          AWKWARD.join('|'),
        ]);
      } finally {
        await app.close();
      }
    }, 300_000);
    afterAll(() => pg?.stop());

    it('should back up with pg_dump (custom format) and restore with pg_restore, identical, in one transaction', async () => {
      if (!pg) return;
      ensureBuilt();
      const env = { ...process.env, PATH: `${pg.bin}:${process.env.PATH}` };
      const out = path.join(dir, 'cli.dump');
      const b = spawnSync(process.execPath, [cli(), 'backup', out], { env: { ...env, DATABASE_URL: source }, encoding: 'utf8' });
      expect(b.stderr).toBe('');
      expect(b.stdout).toMatch(new RegExp(`^Backed up the database with pg_dump ${pg.major}\\.\\d+ \\(custom format`));
      expect(fs.readFileSync(out).subarray(0, 5).toString('latin1')).toBe('PGDMP');
      // What operators restore by hand: pg_restore reads it.
      const list = spawnSync(path.join(pg.bin, 'pg_restore'), ['--list', out], { encoding: 'utf8' });
      expect(list.status).toBe(0);
      expect(list.stdout).toMatch(/TABLE DATA public enrollments/);

      const target = await emptyDatabaseBeside(pg.url, 'copy');
      const r = spawnSync(process.execPath, [cli(), 'restore', out], { env: { ...env, DATABASE_URL: target }, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.stdout).toMatch(
        new RegExp(`^Restored \\d+ tables from .* with pg_restore ${pg.major}\\.\\d+ \\(custom format\\) in one transaction`),
      );
      expect(await contents(target)).toEqual(await contents(source));

      const refused = spawnSync(process.execPath, [cli(), 'restore', out], { env: { ...env, DATABASE_URL: target }, encoding: 'utf8' });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/The target database is not empty/);
      const forced = spawnSync(process.execPath, [cli(), 'restore', out, '--force'], {
        env: { ...env, DATABASE_URL: target },
        encoding: 'utf8',
      });
      expect(forced.stderr).toBe('');
      expect(await contents(target)).toEqual(await contents(source));

      // The same archive into the embedded server (18), which no pg_restore here matches: refused, saying why.
      const other = await createTestDatabase();
      await expect(restoreDatabase(other, out)).rejects.toThrow(
        /is a pg_dump archive, and restoring it needs pg_restore: no pg_dump and pg_restore of PostgreSQL 18/,
      );
    }, 300_000);

    it('should restore nothing when pg_restore fails partway', async () => {
      if (!pg) return;
      const choice = await findPgTools(source, { ...process.env, PATH: `${pg.bin}:${process.env.PATH}` });
      expect(choice.tools).not.toBeNull();
      const out = path.join(dir, 'dup.dump');
      await backupWithPgDump(source, out, choice.tools!);
      // A sequence named like one of the archive's indexes: the target has no table, so it counts as empty, and
      // pg_restore fails late, at that index, after creating every table and loading every row.
      const target = await emptyDatabaseBeside(pg.url, newName());
      await query(target, 'CREATE SEQUENCE activity_events_org_date_idx');
      await expect(restoreDatabase(target, out, { pgTools: choice.tools! })).rejects.toThrow(
        /pg_restore failed .*activity_events_org_date_idx/s,
      );
      const [{ n }] = await query<{ n: number }>(
        target,
        "SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = 'public' AND c.relkind = 'r'",
      );
      expect(n).toBe(0);
    }, 300_000);
  });
});
