import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `organizations.config_version`: a counter bumped in the same transaction as any write to what a registration reads
 * from an organization's configuration but rarely changes (its registration questions, waivers and their versions,
 * message templates, webhook endpoints, whether its payment account can take charges). A registration reads the organization row anyway; comparing this number with
 * the one an in-process copy was read under tells every instance, on its very next registration, that the copy is
 * stale. Triggers rather than application code do the bump, so no writer (an admin screen, a seed, a job, a future
 * route) can forget it, and the bump commits or rolls back with the write itself.
 */
export class OrganizationConfigVersion1768800000000 implements MigrationInterface {
  name = 'OrganizationConfigVersion1768800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE organizations ADD COLUMN config_version bigint NOT NULL DEFAULT 1;

      CREATE FUNCTION organization_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE organizations SET config_version = config_version + 1
         WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.organization_id ELSE NEW.organization_id END);
        IF TG_OP = 'UPDATE' AND NEW.organization_id IS DISTINCT FROM OLD.organization_id THEN
          UPDATE organizations SET config_version = config_version + 1 WHERE id = OLD.organization_id;
        END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER registration_questions_config_version AFTER INSERT OR UPDATE OR DELETE ON registration_questions
        FOR EACH ROW EXECUTE FUNCTION organization_config_changed();
      CREATE TRIGGER waivers_config_version AFTER INSERT OR UPDATE OR DELETE ON waivers
        FOR EACH ROW EXECUTE FUNCTION organization_config_changed();
      CREATE TRIGGER waiver_versions_config_version AFTER INSERT OR UPDATE OR DELETE ON waiver_versions
        FOR EACH ROW EXECUTE FUNCTION organization_config_changed();
      CREATE TRIGGER communication_templates_config_version AFTER INSERT OR UPDATE OR DELETE ON communication_templates
        FOR EACH ROW EXECUTE FUNCTION organization_config_changed();
      -- Delivery bookkeeping (failing_since) changes nothing a registration reads: only what decides who is sent what.
      CREATE TRIGGER webhook_endpoints_config_version AFTER INSERT OR DELETE OR UPDATE OF active, events, organization_id ON webhook_endpoints
        FOR EACH ROW EXECUTE FUNCTION organization_config_changed();
      -- Whether the organization can take card payments (a card hold asks on every seat); not the refresh bookkeeping.
      CREATE TRIGGER connect_accounts_config_version AFTER INSERT OR DELETE OR UPDATE OF stripe_account_id, charges_enabled, organization_id ON connect_accounts
        FOR EACH ROW EXECUTE FUNCTION organization_config_changed();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER connect_accounts_config_version ON connect_accounts;
      DROP TRIGGER webhook_endpoints_config_version ON webhook_endpoints;
      DROP TRIGGER communication_templates_config_version ON communication_templates;
      DROP TRIGGER waiver_versions_config_version ON waiver_versions;
      DROP TRIGGER waivers_config_version ON waivers;
      DROP TRIGGER registration_questions_config_version ON registration_questions;
      DROP FUNCTION organization_config_changed();
      ALTER TABLE organizations DROP COLUMN config_version;
    `);
  }
}
