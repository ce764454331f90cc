import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The IT-admin portal's audit trail: one row per platform-staff action (sign-in and its failures,
 * reads of an organization, resets, dry runs, deletes) with who, when, what, the request and the outcome.
 *
 * Append-only, enforced here rather than trusted to the application: a trigger refuses every UPDATE and DELETE
 * (row by row) and TRUNCATE. No foreign keys on purpose: an entry outlives the organization it names (the delete
 * of an organization is itself audited) and the staff account that acted.
 */
export class PlatformAuditLog1764800000000 implements MigrationInterface {
  name = 'PlatformAuditLog1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE platform_audit_log (
        id bigserial PRIMARY KEY,
        created_at timestamptz NOT NULL DEFAULT now(),
        staff_id uuid,
        staff_username text NOT NULL,
        action text NOT NULL,
        target_organization_id uuid,
        request jsonb NOT NULL DEFAULT '{}',
        outcome text NOT NULL CHECK (outcome IN ('success', 'refused', 'failed')),
        detail jsonb NOT NULL DEFAULT '{}',
        ip text
      );
      CREATE INDEX platform_audit_log_created_idx ON platform_audit_log (created_at DESC, id DESC);
      CREATE INDEX platform_audit_log_target_idx ON platform_audit_log (target_organization_id, created_at DESC);

      CREATE FUNCTION platform_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'platform_audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$;
      CREATE TRIGGER platform_audit_log_no_change BEFORE UPDATE OR DELETE ON platform_audit_log
        FOR EACH ROW EXECUTE FUNCTION platform_audit_log_append_only();
      CREATE TRIGGER platform_audit_log_no_truncate BEFORE TRUNCATE ON platform_audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION platform_audit_log_append_only();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE platform_audit_log;
      DROP FUNCTION platform_audit_log_append_only();
    `);
  }
}
