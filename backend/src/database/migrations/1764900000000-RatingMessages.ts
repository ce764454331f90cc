import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rating requests go through the communications outbox: message kind `rating` on messages and
 * templates. The data export reads an organization's log by id: an index for that walk.
 * `rating_requests` stays (rows written before this change); nothing writes it any more.
 */
export class RatingMessages1764900000000 implements MigrationInterface {
  name = 'RatingMessages1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE communications DROP CONSTRAINT communications_kind_check;
      ALTER TABLE communications ADD CONSTRAINT communications_kind_check
        CHECK (kind IN ('manual', 'reminder', 'confirmation', 'receipt', 'refund', 'rating', 'system'));
      ALTER TABLE communication_templates DROP CONSTRAINT communication_templates_kind_check;
      ALTER TABLE communication_templates ADD CONSTRAINT communication_templates_kind_check
        CHECK (kind IN ('manual', 'reminder', 'confirmation', 'receipt', 'refund', 'rating'));
      CREATE INDEX communications_org_id_idx ON communications (organization_id, id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX communications_org_id_idx;
      DELETE FROM communications WHERE kind = 'rating';
      DELETE FROM communication_templates WHERE kind = 'rating';
      ALTER TABLE communications DROP CONSTRAINT communications_kind_check;
      ALTER TABLE communications ADD CONSTRAINT communications_kind_check
        CHECK (kind IN ('manual', 'reminder', 'confirmation', 'receipt', 'refund', 'system'));
      ALTER TABLE communication_templates DROP CONSTRAINT communication_templates_kind_check;
      ALTER TABLE communication_templates ADD CONSTRAINT communication_templates_kind_check
        CHECK (kind IN ('manual', 'reminder', 'confirmation', 'receipt', 'refund'));
    `);
  }
}
