import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/database/embedded';

/** The embedded database's password is generated per data directory, never the old fixed one. */
describe('embedded database credentials', () => {
  it('should replace the old fixed password of an existing data directory with a generated one', async () => {
    const base = path.join(os.tmpdir(), 'classlane-test');
    fs.mkdirSync(base, { recursive: true });
    const dir = fs.mkdtempSync(path.join(base, 'legacy-'));
    fs.chmodSync(dir, 0o755);
    try {
      // A data directory as the old code left it: the password 'classlane' and no password file.
      let db = await startEmbeddedPostgres(dir, { port: 0, quiet: true });
      const admin = new Client({ connectionString: db.url });
      await admin.connect();
      await admin.query("ALTER USER postgres PASSWORD 'classlane'");
      await admin.end();
      await db.stop();
      fs.rmSync(path.join(dir, 'pg-password'));

      db = await startEmbeddedPostgres(dir, { port: 0, quiet: true });
      const url = new URL(db.url);
      const password = fs.readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
      expect(decodeURIComponent(url.password)).toBe(password);
      expect(password).not.toBe('classlane');
      expect(fs.statSync(path.join(dir, 'pg-password')).mode & 0o777).toBe(0o600);
      const ok = new Client({ connectionString: db.url });
      await ok.connect();
      await ok.end();
      const legacy = new Client({
        host: '127.0.0.1',
        port: Number(url.port),
        user: 'postgres',
        password: 'classlane',
        database: 'postgres',
      });
      await expect(legacy.connect()).rejects.toThrow(/password authentication failed/);
      await db.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
