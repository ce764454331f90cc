import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The message kinds this change adds: two to students, one to the organization's admins. */
const KINDS = ['class_confirmed', 'class_cancelled', 'class_below_minimum'];

/**
 * The kinds a `kind IN (...)` check allows, read from the database: other branches add kinds in their own
 * migrations, so this one adds its kinds to whatever the check holds instead of restating the whole list.
 */
async function setKinds(q: QueryRunner, table: string, change: (kinds: string[]) => string[]) {
  const [row] = await q.query(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = $1 AND conrelid = $2::regclass`, [
    `${table}_kind_check`,
    table,
  ]);
  const current = [...String(row.def).matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
  const next = change(current);
  await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_kind_check`);
  await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_kind_check CHECK (kind IN (${next.map((k) => `'${k}'`).join(', ')}))`);
}

/**
 * Minimum enrolment go/no-go. `go_no_go` is the job's decision: pending until the decision time
 * (start − decision_hours_before), then confirmed (enough students) or cancelled (too few and
 * auto_cancel_below_minimum). A class below its minimum without auto-cancel stays pending with `decided_at` set:
 * the admin was told and decides. `min_enrollment` 0 means no minimum (never decided).
 */
export class GoNoGo1765200000000 implements MigrationInterface {
  name = 'GoNoGo1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE classes
        ADD COLUMN min_enrollment integer NOT NULL DEFAULT 0 CHECK (min_enrollment >= 0),
        ADD COLUMN decision_hours_before integer NOT NULL DEFAULT 48 CHECK (decision_hours_before BETWEEN 1 AND 720),
        ADD COLUMN auto_cancel_below_minimum boolean NOT NULL DEFAULT false,
        ADD COLUMN go_no_go text NOT NULL DEFAULT 'pending' CHECK (go_no_go IN ('pending', 'confirmed', 'cancelled')),
        ADD COLUMN decided_at timestamptz;
      -- The job's scan: undecided classes with a minimum starting within 720 hours (the longest decision lead).
      CREATE INDEX classes_go_no_go_due_idx ON classes (start_date) WHERE min_enrollment > 0 AND decided_at IS NULL;
    `);
    await setKinds(q, 'communications', (k) => [...k, ...KINDS.filter((x) => !k.includes(x))]);
    await setKinds(q, 'communication_templates', (k) => [...k, ...KINDS.filter((x) => !k.includes(x))]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM communications WHERE kind = ANY($1)`, [KINDS]);
    await q.query(`DELETE FROM communication_templates WHERE kind = ANY($1)`, [KINDS]);
    await setKinds(q, 'communications', (k) => k.filter((x) => !KINDS.includes(x)));
    await setKinds(q, 'communication_templates', (k) => k.filter((x) => !KINDS.includes(x)));
    await q.query(`
      DROP INDEX classes_go_no_go_due_idx;
      ALTER TABLE classes DROP COLUMN decided_at, DROP COLUMN go_no_go, DROP COLUMN auto_cancel_below_minimum,
        DROP COLUMN decision_hours_before, DROP COLUMN min_enrollment;
    `);
  }
}
