import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passes, memberships and credits on one ledger (issue 41 §1), owned by the credits module.
 *
 * - `entitlements`: what a person holds. The holder is a student, or a household contact for the whole household
 *   (`household`); its kind (a pack, a membership period's allowance, a make-up token, account credit in cents), what
 *   it can buy (`scope`: every class, listed classes, one term's classes, drop-ins only), how much was granted
 *   (`granted_amount`, uses or cents), valid from / until as local dates in the organization's zone (usable through the
 *   whole last day; no until: no expiry) and where it came from (`source`, `source_ref`). `remaining` is the sum of its
 *   movements, kept in the statement that appends each movement so one conditional update decides a race
 *   (`remaining >= 0` is a CHECK: a second taker of the last use fails instead of going below zero); a test recomputes it.
 * - `entitlement_movements`: append-only (a trigger refuses UPDATE): grant, use, release, expire, revoke, transfer in
 *   and out, validity changes, each signed (`amount`), with who (`actor_user_id`, null for the system or a student) and
 *   why (`reason`). A use names its enrollment (no foreign key: enrollments are the registration module's, and the use
 *   is written in the transaction that writes the seat); one use per enrollment and one release per use (unique indexes).
 */
export class Credits1772003000000 implements MigrationInterface {
  name = 'Credits1772003000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE entitlements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        holder_student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        household boolean NOT NULL DEFAULT false,
        kind text NOT NULL CHECK (kind IN ('pack', 'membership_allowance', 'makeup_token', 'account_credit')),
        scope text NOT NULL DEFAULT 'all' CHECK (scope IN ('all', 'classes', 'term', 'drop_ins')),
        scope_class_ids uuid[] NOT NULL DEFAULT '{}',
        scope_term_id uuid,
        granted_amount integer NOT NULL CHECK (granted_amount > 0 AND granted_amount <= 100000000),
        remaining integer NOT NULL CHECK (remaining >= 0),
        valid_from date NOT NULL,
        valid_until date,
        source text NOT NULL CHECK (source IN ('sale', 'membership_period', 'absence', 'cancelled_session', 'refund_credit', 'admin_grant', 'transfer')),
        source_ref text,
        label text,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT entitlements_org_id_key UNIQUE (organization_id, id),
        CONSTRAINT entitlements_validity CHECK (valid_until IS NULL OR valid_until >= valid_from),
        CONSTRAINT entitlements_scope_classes CHECK (scope <> 'classes' OR cardinality(scope_class_ids) > 0),
        CONSTRAINT entitlements_scope_term CHECK ((scope = 'term') = (scope_term_id IS NOT NULL))
      );
      CREATE INDEX entitlements_org_holder_idx ON entitlements (organization_id, holder_student_id);
      -- What the expiry sweep reads: entitlements with something left whose last day has passed.
      CREATE INDEX entitlements_expiry_idx ON entitlements (valid_until) WHERE remaining > 0 AND revoked_at IS NULL;

      CREATE TABLE entitlement_movements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL,
        entitlement_id uuid NOT NULL,
        kind text NOT NULL CHECK (kind IN ('grant', 'use', 'release', 'expire', 'revoke', 'transfer_out', 'transfer_in', 'validity')),
        amount integer NOT NULL CHECK (amount BETWEEN -100000000 AND 100000000),
        enrollment_id uuid,
        releases_movement_id uuid,
        counterpart_entitlement_id uuid,
        actor_user_id uuid,
        reason text,
        detail jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        FOREIGN KEY (organization_id, entitlement_id) REFERENCES entitlements (organization_id, id) ON DELETE CASCADE,
        CONSTRAINT entitlement_movements_sign CHECK (
          (kind IN ('grant', 'release', 'transfer_in') AND amount > 0) OR
          (kind IN ('use', 'expire', 'transfer_out') AND amount < 0) OR (kind = 'revoke' AND amount <= 0) OR kind = 'validity'),
        CONSTRAINT entitlement_movements_use_enrollment CHECK (kind <> 'use' OR enrollment_id IS NOT NULL),
        CONSTRAINT entitlement_movements_release_use CHECK (kind <> 'release' OR releases_movement_id IS NOT NULL)
      );
      CREATE INDEX entitlement_movements_org_idx ON entitlement_movements (organization_id, entitlement_id, created_at);
      CREATE UNIQUE INDEX entitlement_movements_use_key ON entitlement_movements (enrollment_id) WHERE kind = 'use';
      CREATE UNIQUE INDEX entitlement_movements_release_key ON entitlement_movements (releases_movement_id) WHERE kind = 'release';

      CREATE FUNCTION entitlement_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'entitlement_movements is append-only';
      END $$;
      CREATE TRIGGER entitlement_movements_no_update BEFORE UPDATE ON entitlement_movements
        FOR EACH ROW EXECUTE FUNCTION entitlement_movements_append_only();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE entitlement_movements;
      DROP FUNCTION entitlement_movements_append_only();
      DROP TABLE entitlements;
    `);
  }
}
