import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every table that carries organization_id gets an index leading with it. With thousands of organizations in one
 * database, a tenant's query (an export, a report, an erasure, a list) must reach its own rows through an index
 * instead of reading everyone's; these nine were reached by class, code or endpoint only. Each index also names the
 * column its tenant queries filter or sort by next, so one index serves them. The catalog test
 * `tenant-indexes.e2e-spec.ts` fails on a future table without one.
 */
const INDEXES: [name: string, definition: string][] = [
  ['attendance_org_class_idx', 'attendance (organization_id, class_id, session_index)'],
  ['attendance_org_student_idx', 'attendance (organization_id, student_id)'],
  ['attendance_tallies_org_idx', 'attendance_tallies (organization_id, class_id)'],
  ['class_milestones_org_idx', 'class_milestones (organization_id)'],
  ['contact_messages_org_idx', 'contact_messages (organization_id, created_at DESC)'],
  ['enrollment_top_ups_org_idx', 'enrollment_top_ups (organization_id, created_at)'],
  ['promo_redemptions_org_idx', 'promo_redemptions (organization_id, promo_code_id)'],
  ['waiver_resign_runs_org_idx', 'waiver_resign_runs (organization_id)'],
  ['waiver_versions_org_idx', 'waiver_versions (organization_id, waiver_id, version DESC)'],
  ['webhook_deliveries_org_idx', 'webhook_deliveries (organization_id, created_at DESC)'],
];

export class TenantIndexes1770000000000 implements MigrationInterface {
  name = 'TenantIndexes1770000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const [name, definition] of INDEXES) await q.query(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [name] of INDEXES) await q.query(`DROP INDEX IF EXISTS ${name}`);
  }
}
