import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A term's write bumps its organization's `config_version` too (the trigger function of
 * 1768800000000-OrganizationConfigVersion): every registration checks its class's opening against the term, and with
 * the number the registration already reads, an instance can keep the term in memory and know on the very next
 * registration when it changed on another instance. Terms are written a few times a season; the early-access job's
 * bookkeeping (`early_access_sent_at`) is a write too, once per term.
 */
export class TermsConfigVersion1769400000000 implements MigrationInterface {
  name = 'TermsConfigVersion1769400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TRIGGER terms_config_version AFTER INSERT OR UPDATE OR DELETE ON terms
        FOR EACH ROW EXECUTE FUNCTION organization_config_changed();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER terms_config_version ON terms;`);
  }
}
