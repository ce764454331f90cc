import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { backupDatabase, readManifest, restoreDatabase } from '../../src/database/backup';
import { DEMO_ADMIN_EMAIL, DEMO_ORG_ID, DEMO_PASSWORD, seedDemo } from '../../src/database/seeds/demo.seed';
import { ensureBuilt } from '../fixtures/built-server';
import { createClass, createOrg, registerBody } from '../fixtures/org.fixture';
import { fillOrganization } from '../fixtures/populated-org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { contents } from '../fixtures/db-contents.fixture';

/**
 * `npm run db:backup` / `db:restore`: a database with a row in every table is backed up, restored into an empty
 * database and found identical, table by table; the app starts on the copy and signs the demo admin in. A backup
 * taken while registrations are being written is one consistent snapshot, and a database that has tables is never
 * restored over.
 */

/** Tables that hold no row here, and why (every other table must have one, so a new table is covered). */
const EMPTY_ALLOWED: Record<string, string> = {
  retention_runs: 'written by the nightly clean-up on its first run, not by the app in use (retention.e2e-spec.ts fills it)',
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'classlane-backup-'));
const adminUrl = () => process.env.TEST_PG_TEMPLATE_URL!.replace(/\/[^/]+$/, '/postgres');

async function emptyDatabase(): Promise<string> {
  const name = `r_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return process.env.TEST_PG_TEMPLATE_URL!.replace(/\/[^/]+$/, `/${name}`);
}

describe('db:backup and db:restore', () => {
  let t: TestApp;
  const others: TestApp[] = [];
  let before: Record<string, string>;
  const file = path.join(dir, 'full.backup.gz');
  let restoredUrl = '';

  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
    expect(await seedDemo(t.db)).toBe(true);
    await fillOrganization(t, 'Backup');
    // The platform's own rows: a staff sign-in (staff account, its audit entry).
    await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'staff-password-1' }).expect(200);
    // Sign-in's own tables: a failed attempt, a signed-out token, a password reset asked for.
    await t.http.post('/api/auth/signin').send({ email: DEMO_ADMIN_EMAIL, password: 'wrong-pass' }).expect(401);
    const signin = await t.http.post('/api/auth/signin').send({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }).expect(200);
    await t.http
      .post('/api/auth/signout')
      .set({ Authorization: `Bearer ${signin.body.data.token}` })
      .expect(200);
    await t.http.post('/api/auth/reset-password').send({ email: DEMO_ADMIN_EMAIL });
    // Rows only providers write: an SMS opt-out and a Stripe event, with text that needs escaping in every format.
    await t.db.query("INSERT INTO sms_opt_outs (phone, opted_out, source) VALUES ('+15595550199', true, 'stop')");
    await t.db.query(
      `INSERT INTO stripe_events (id, type, created, payload, error) VALUES ('evt_backup', 'payment_intent.succeeded', now(), $1, $2)`,
      [JSON.stringify({ note: 'Café "quoted"\nline two\ttab \\ backslash', amount: 1.5e-7, list: [1, null] }), 'a\nb\r\n"c",\\d'],
    );
  });
  afterAll(async () => {
    for (const o of others) await o.close();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('should back up every table and restore it identical into an empty database', async () => {
    before = await contents(t.url);
    const empty = Object.entries(before)
      .filter(([, v]) => v.startsWith('0 '))
      .map(([k]) => k);
    expect(empty.filter((k) => !(k in EMPTY_ALLOWED))).toEqual([]);

    const backup = await backupDatabase(t.url, file);
    const manifest = await readManifest(file);
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(manifest.tables.map((x) => x.name)).not.toContain('migrations');
    expect(manifest.tables.find((x) => x.name === 'enrollments')!.rows).toBeGreaterThan(3);
    console.log(
      `backup of the demo data plus a filled organization: ${manifest.tables.reduce((n, x) => n + x.rows, 0)} rows, ` +
        `${backup.bytes} bytes gzip, ${backup.ms} ms`,
    );

    const target = await emptyDatabase();
    const restored = await restoreDatabase(target, file);
    expect(restored.migratedAfter).toBe(0);
    expect(await contents(target)).toEqual(before);

    restoredUrl = target;
  });

  it('should refuse to restore into a database that has tables, changing nothing', async () => {
    await expect(restoreDatabase(t.url, file)).rejects.toThrow(/The target database is not empty/);
    expect(await contents(t.url)).toEqual(before);
  });

  it('should take a consistent snapshot while registrations are being written', async () => {
    const org = await createOrg(t, { plan: 'professional' });
    const cls = await createClass(t, org, { maxStudents: 5000 });
    let stop = false;
    let answered = 0;
    const worker = async () => {
      while (!stop) {
        const res = await t.http.post('/api/students/register').send(registerBody(org.orgId, cls.id));
        if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
        answered++;
      }
    };
    const workers = Array.from({ length: 4 }, () => worker());
    for (let i = 0; i < 600 && answered < 5; i++) await new Promise((r) => setTimeout(r, 50));
    const during = path.join(dir, 'during.backup.gz');
    const startedAt = answered;
    await backupDatabase(t.url, during);
    const endedAt = answered;
    stop = true;
    await Promise.all(workers);
    // Registrations were answered before and while the backup ran.
    expect(startedAt).toBeGreaterThan(0);
    expect(endedAt).toBeGreaterThan(startedAt);

    const target = await emptyDatabase();
    await restoreDatabase(target, during);
    const c = new Client({ connectionString: target });
    await c.connect();
    try {
      // A registration writes the student, the enrollment, the class's seat count and the confirmation in one
      // transaction: in a snapshot they agree, table by table read at different moments they would not.
      const [{ seats }] = (await c.query('SELECT enrolled_students AS seats FROM classes WHERE id = $1', [cls.id])).rows;
      const [{ n }] = (await c.query("SELECT count(*)::int AS n FROM enrollments WHERE class_id = $1 AND status = 'active'", [cls.id]))
        .rows;
      const [{ students }] = (await c.query('SELECT count(*)::int AS students FROM students WHERE organization_id = $1', [org.orgId])).rows;
      const [{ mails }] = (
        await c.query("SELECT count(*)::int AS mails FROM communications WHERE organization_id = $1 AND kind = 'confirmation'", [org.orgId])
      ).rows;
      expect(n).toBeGreaterThanOrEqual(startedAt);
      expect(n).toBeLessThanOrEqual(endedAt + 4);
      expect({ seats, students, mails }).toEqual({ seats: n, students: n, mails: n });
    } finally {
      await c.end();
    }
  });

  it('should run as npm run db:backup / db:restore (the built CLI) against DATABASE_URL', async () => {
    // Building the server (when its source is newer) takes minutes on a loaded machine.
    ensureBuilt();
    const cli = path.resolve('dist/database/backup-cli.js');
    const out = path.join(dir, 'cli.backup.gz');
    const env = { ...process.env, DATABASE_URL: t.url };
    const b = spawnSync(process.execPath, [cli, 'backup', out], { env, encoding: 'utf8' });
    expect(b.stderr).toBe('');
    expect(b.status).toBe(0);
    expect(b.stdout).toMatch(/^Backed up \d+ rows of \d+ tables/);

    const refused = spawnSync(process.execPath, [cli, 'restore', out], { env, encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/The target database is not empty/);

    const target = await emptyDatabase();
    const r = spawnSync(process.execPath, [cli, 'restore', out], { env: { ...process.env, DATABASE_URL: target }, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/every table's row count and checksum verified/);
    // --force replaces a database that has tables.
    const forced = spawnSync(process.execPath, [cli, 'restore', out, '--force'], {
      env: { ...process.env, DATABASE_URL: target },
      encoding: 'utf8',
    });
    expect(forced.status).toBe(0);
    expect(await contents(target)).toEqual(await contents(t.url));
  }, 300_000);

  // Last: an app started in this process takes over some process-wide state of the others (see test-app.ts).
  it('should start the app on the restored copy, ready, signing the demo admin in', async () => {
    const target = restoredUrl;
    expect(target).not.toBe('');
    // The app on the copy: ready, the demo admin signs in and sees the demo organization's classes.
    const copy = await createTestApp({ JOBS_ENABLED: 'false' }, { databaseUrl: target });
    others.push(copy);
    await copy.http.get('/api/health/ready').expect(200);
    const signin = await copy.http.post('/api/auth/signin').send({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }).expect(200);
    const classes = await copy.http
      .get('/api/classes')
      .set({ Authorization: `Bearer ${signin.body.data.token}` })
      .expect(200);
    const original = await t.db.query('SELECT count(*)::int AS n FROM classes WHERE organization_id = $1', [DEMO_ORG_ID]);
    expect(classes.body.data.length ?? classes.body.data.items?.length).toBeGreaterThan(0);
    expect(original[0].n).toBeGreaterThan(0);
    // Sequences carry on after the restored rows: a new row on the copy does not collide.
    const fresh = await createOrg(copy);
    await createClass(copy, fresh);
  });
});
