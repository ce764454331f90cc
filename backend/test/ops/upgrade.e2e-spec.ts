import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { runMigrations } from '../../src/database/data-source';
import { MIGRATIONS } from '../../src/database/migrations';
import { Initial1763800000000 } from '../../src/database/migrations/1763800000000-Initial';
import { hashPassword } from '../../src/modules/auth/password';
import { registerBody } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** An empty database on the test server (not the migrated template). */
async function emptyDatabase(): Promise<string> {
  const template = process.env.TEST_PG_TEMPLATE_URL!;
  const name = `u_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: template.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return template.replace(/\/[^/]+$/, `/${name}`);
}

async function sql<T = Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(text, params)).rows as T[];
  } finally {
    await c.end();
  }
}

/**
 * Upgrades: a database at the first release's schema (its one migration, unchanged since) holding that release's
 * kinds of rows, brought to today's schema by today's migrations; the data is intact and today's app works on it.
 * A migration that fails is rolled back whole and says what to do.
 */
describe('upgrade from the first release', () => {
  let url: string;
  let t: TestApp;
  const ORG = '6f1c2a52-0000-4000-8000-000000000001';
  const CLASS = '6f1c2a52-0000-4000-8000-000000000002';
  const S1 = '6f1c2a52-0000-4000-8000-000000000003';
  const S2 = '6f1c2a52-0000-4000-8000-000000000004';
  beforeAll(async () => {
    url = await emptyDatabase();
    await runMigrations(url, [Initial1763800000000]);
    // The first release's rows, in its columns (its API wrote exactly these).
    const hash = await hashPassword('first-release-1');
    await sql(url, `INSERT INTO organizations (id, name, plan_id, settings) VALUES ($1, 'Old Studio', 'professional', '{}')`, [ORG]);
    await sql(
      url,
      `INSERT INTO users (organization_id, email, password_hash, role, first_name, last_name) VALUES ($1, 'old@example.com', $2, 'admin', 'Olga', 'Old')`,
      [ORG, hash],
    );
    await sql(
      url,
      `INSERT INTO classes (id, organization_id, title, description, instructor, location, status, price_cents, discount_price_cents,
                            max_students, enrolled_students, start_date, duration, days, schedule)
       VALUES ($1, $2, 'Pottery 101', 'Clay', 'Ida', 'Studio A', 'Open', 10000, 8000, 10, 2, now() + interval '30 days', 90, 3, 'Weekly')`,
      [CLASS, ORG],
    );
    await sql(
      url,
      `INSERT INTO students (id, organization_id, first_name, last_name, email, phone) VALUES
         ($1, $3, 'Pat', 'InPerson', 'pat@example.com', '5595550101'),
         ($2, $3, 'Cam', 'Card', 'cam@example.com', '5595550102')`,
      [S1, S2, ORG],
    );
    await sql(
      url,
      `INSERT INTO enrollments (organization_id, student_id, class_id, payment_status, payment_method, amount_paid_cents) VALUES
         ($1, $2, $4, 'pending', 'in-person', 0),
         ($1, $3, $4, 'completed', 'card', 8000)`,
      [ORG, S1, S2, CLASS],
    );
    await sql(
      url,
      `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended) VALUES ($1, $2, $3, 0, now(), true)`,
      [ORG, CLASS, S1],
    );
    await sql(
      url,
      `INSERT INTO activity_events (organization_id, event_type, description, metadata) VALUES ($1, 'class_enrollment', 'Pat registered', '{}')`,
      [ORG],
    );
    await sql(url, `INSERT INTO contact_messages (organization_id, name, email, message) VALUES ($1, 'Q', 'q@example.com', 'Hello')`, [
      ORG,
    ]);

    // Today's migrations, as a start of today's release runs them.
    await runMigrations(url);
    t = await createTestApp({}, { databaseUrl: url });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('should record every migration of today as applied', async () => {
    const rows = await sql<{ name: string }>(url, 'SELECT name FROM migrations ORDER BY timestamp');
    expect(rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => new m().name ?? m.name));
    await t.http.get('/api/health/ready').expect(200);
  });

  it("should keep the first release's data, readable through today's API", async () => {
    const signin = await t.http.post('/api/auth/signin').send({ email: 'old@example.com', password: 'first-release-1' }).expect(200);
    const auth = { Authorization: `Bearer ${signin.body.data.token}` };
    const cls = (await t.http.get(`/api/classes/${CLASS}`).set(auth).expect(200)).body.data;
    expect(cls).toMatchObject({ title: 'Pottery 101', enrolledStudents: 2, maxStudents: 10, schedule: 'Weekly', days: 3 });
    const students = (await t.http.get('/api/students').set(auth).expect(200)).body.data;
    const emails = (Array.isArray(students) ? students : (students.items ?? students.data)).map((s: { email: string }) => s.email).sort();
    expect(emails).toEqual(['cam@example.com', 'pat@example.com']);
    const [paid] = await sql<{ amount_paid_cents: number; payment_status: string; paid_at: Date | null; status: string }>(
      url,
      `SELECT amount_paid_cents, payment_status, paid_at, status FROM enrollments WHERE student_id = $1`,
      [S2],
    );
    expect(paid).toMatchObject({ amount_paid_cents: 8000, payment_status: 'completed', status: 'active' });
    expect(paid.paid_at).not.toBeNull();
    const [{ n }] = await sql<{ n: number }>(url, 'SELECT count(*)::int AS n FROM attendance WHERE class_id = $1 AND attended', [CLASS]);
    expect(n).toBe(1);
  });

  it('should take new registrations on the upgraded database', async () => {
    await t.http.post('/api/students/register').send(registerBody(ORG, CLASS)).expect(201);
    const [{ enrolled_students: seats }] = await sql<{ enrolled_students: number }>(
      url,
      'SELECT enrolled_students FROM classes WHERE id = $1',
      [CLASS],
    );
    expect(seats).toBe(3);
  });

  it('should roll a failing migration back whole and say what to do', async () => {
    class Breaks1799999999999 implements MigrationInterface {
      name = 'Breaks1799999999999';
      async up(q: QueryRunner): Promise<void> {
        await q.query('CREATE TABLE half_done (id int)');
        await q.query('ALTER TABLE classes ADD COLUMN half_done int');
        await q.query('SELECT 1 / 0');
      }
      async down(): Promise<void> {}
    }
    await expect(runMigrations(url, [...MIGRATIONS, Breaks1799999999999])).rejects.toThrow(
      /^Migration Breaks1799999999999 failed and was rolled back: the database is as it was before it/,
    );
    const [{ table, column, recorded }] = await sql<{ table: string | null; column: number; recorded: number }>(
      url,
      `SELECT to_regclass('half_done')::text AS table,
              (SELECT count(*)::int FROM information_schema.columns WHERE table_name = 'classes' AND column_name = 'half_done') AS column,
              (SELECT count(*)::int FROM migrations WHERE name = 'Breaks1799999999999') AS recorded`,
    );
    expect({ table, column, recorded }).toEqual({ table: null, column: 0, recorded: 0 });
    await t.http.get('/api/health/ready').expect(200);
  });
});

describe('migrations started by several instances at once', () => {
  it('should migrate an empty database once when three instances start together', async () => {
    const url = await emptyDatabase();
    await Promise.all([runMigrations(url), runMigrations(url), runMigrations(url)]);
    const rows = await sql<{ name: string }>(url, 'SELECT name FROM migrations');
    expect(rows).toHaveLength(MIGRATIONS.length);
  });
});
