import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The message and webhook dispatchers claim due rows round robin by organization (communications/outbox-claim.repository.ts,
 * webhooks.repository.ts claimDue): they walk the organizations with waiting rows one index probe at a time and take
 * each one's oldest due rows. These indexes are what those probes read; without them each would scan every waiting row.
 */
export class FairOutboxIndex1770000000001 implements MigrationInterface {
  name = 'FairOutboxIndex1770000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS communications_org_due_idx ON communications (organization_id, next_attempt_at, id) WHERE status = 'pending'`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS webhook_deliveries_org_due_idx ON webhook_deliveries (organization_id, next_attempt_at) WHERE status IN ('pending', 'sending')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS webhook_deliveries_org_due_idx');
    await q.query('DROP INDEX IF EXISTS communications_org_due_idx');
  }
}
