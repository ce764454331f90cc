import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The scheduled jobs look across every organization at once; at ten thousand organizations a claim that reads its
 * table whole costs every instance, every interval, whatever is due (issue 44; job-claim-plans.e2e-spec.ts explains
 * each job's statements on a database of many organizations). Each index below is partial on what is due, so it
 * holds the due rows only and its size follows the work, not the number of organizations:
 * - class_sessions by start, scheduled ones only: the class reminders' window (withSessionsBetween) read every class
 *   with an EXISTS on its sessions; it now starts from the sessions in the window.
 * - classes the go/no-go cancelled: the sweep that releases their registrations read every class.
 * - card holds by organization then expiry: the hold-expiry claim shares its batch between the organizations with
 *   lapsed holds (one organization's 50,000 lapsed holds cannot hold back another's seat), which walks this index
 *   one organization at a time (common/db/fair-share.ts); the class switches' seat holds (top-ups) likewise.
 */
export class JobClaimIndexes1773007000000 implements MigrationInterface {
  name = 'JobClaimIndexes1773007000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX class_sessions_scheduled_starts_idx ON class_sessions (starts_at) INCLUDE (class_id) WHERE status = 'scheduled';
      CREATE INDEX classes_go_no_go_cancelled_idx ON classes (organization_id, id) WHERE go_no_go = 'cancelled' AND status = 'Cancelled';
      CREATE INDEX enrollments_org_hold_expiry_idx ON enrollments (organization_id, hold_expires_at) WHERE status = 'held';
      CREATE INDEX enrollment_top_ups_org_expiry_idx ON enrollment_top_ups (organization_id, hold_expires_at) WHERE status = 'held';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX enrollment_top_ups_org_expiry_idx;
      DROP INDEX enrollments_org_hold_expiry_idx;
      DROP INDEX classes_go_no_go_cancelled_idx;
      DROP INDEX class_sessions_scheduled_starts_idx;
    `);
  }
}
