import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from '../../src/database/data-source';
import { startEmbeddedPostgres } from '../../src/database/embedded';

/**
 * One embedded PostgreSQL per test run. Migrations run once into a template database; each test file
 * then clones its own database from it (CREATE DATABASE ... TEMPLATE), so files never share data.
 */
export default async function globalSetup() {
  const base = path.join(os.tmpdir(), 'classlane-test');
  fs.mkdirSync(base, { recursive: true, mode: 0o755 });
  fs.chmodSync(base, 0o755);
  const dir = fs.mkdtempSync(path.join(base, 'pg-'));
  fs.chmodSync(dir, 0o755);
  // A throwaway server: nothing in it must survive a crash of the machine, so it never waits for the disk. Each commit
  // and each file's clone skip fsync, and stopping it at the end no longer flushes every test file's database to disk
  // (on a busy shared disk the clean stop and removal took more than two minutes of the API tests' run). `npm test` runs
  // the API files two at a time, each with up to three app instances and their pools: more connections than the
  // default 100.
  const db = await startEmbeddedPostgres(dir, {
    port: 0,
    database: 'classlane_template',
    quiet: true,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
  });
  await runMigrations(db.url);
  process.env.TEST_PG_TEMPLATE_URL = db.url;
  (globalThis as Record<string, unknown>).__classlanePg = { db, dir };
}
