import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A difference left due in person stops being owed when the registration switches again (the new difference is
 * counted from what was paid, so it replaces the old one) or is cancelled: such a row becomes 'cancelled', so the
 * receipt and a later mark-paid never count a difference nobody owes any more.
 */
export class TopUpDueCancelled1768500000000 implements MigrationInterface {
  name = 'TopUpDueCancelled1768500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enrollment_top_ups DROP CONSTRAINT enrollment_top_ups_status_check;
      ALTER TABLE enrollment_top_ups ADD CONSTRAINT enrollment_top_ups_status_check
        CHECK (status IN ('held', 'due', 'completed', 'expired', 'failed', 'refunded', 'cancelled'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE enrollment_top_ups SET status = 'expired' WHERE status = 'cancelled';
      ALTER TABLE enrollment_top_ups DROP CONSTRAINT enrollment_top_ups_status_check;
      ALTER TABLE enrollment_top_ups ADD CONSTRAINT enrollment_top_ups_status_check
        CHECK (status IN ('held', 'due', 'completed', 'expired', 'failed', 'refunded'));
    `);
  }
}
