import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dispatcher claims due messages round robin by organization (communications/outbox-claim.ts): it walks the
 * organizations with pending rows one index probe at a time and takes each one's oldest due rows. This index is what
 * those probes read; without it each would scan every pending row.
 */
export class FairOutboxIndex1770000000001 implements MigrationInterface {
  name = 'FairOutboxIndex1770000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS communications_org_due_idx ON communications (organization_id, next_attempt_at, id) WHERE status = 'pending'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS communications_org_due_idx');
  }
}
