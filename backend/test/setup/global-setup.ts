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
  const db = await startEmbeddedPostgres(dir, { port: 0, database: 'classlane_template', quiet: true });
  await runMigrations(db.url);
  process.env.TEST_PG_TEMPLATE_URL = db.url;
  (globalThis as Record<string, unknown>).__classlanePg = { db, dir };
}
