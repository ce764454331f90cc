import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Make-ups by policy (issue 41 §3), owned by the makeups module.
 *
 * - `makeup_policies`: the organization's rules (the row without a class) and a class's own rules that replace them
 *   (a row naming the class): which absences earn a token (announced in the portal at least N hours before the session;
 *   null: none), caps per calendar month / term / year of the missed session, the token's expiry (days after the
 *   absence, or the end of the class's term), the booking window (how many days ahead, until how many hours before),
 *   which sessions a token books (the same class, a class of the same term, any class of a list, any class), the make-up seats a session holds beyond
 *   the class maximum (0: only free seats), and whether a session the organization cancels gives a token.
 * - `makeup_absences`: an absence reported for one upcoming session (one per student and session), with the token it
 *   earned (`entitlement_id`, a make-up token of the credits ledger, granted in the same transaction) or why it earned
 *   none (`no_token_reason`).
 * - `enrollments.makeup`: a seat booked with a make-up token (a one-session seat counted as the session's drop-ins
 *   are), so the session's roll shows it as a make-up.
 */
export class Makeups1772005000000 implements MigrationInterface {
  name = 'Makeups1772005000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE makeup_policies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        class_id uuid REFERENCES classes(id) ON DELETE CASCADE,
        announce_hours_before integer CHECK (announce_hours_before BETWEEN 0 AND 8760),
        teacher_marked_absences boolean NOT NULL DEFAULT false,
        cap_per_month integer CHECK (cap_per_month BETWEEN 0 AND 1000),
        cap_per_term integer CHECK (cap_per_term BETWEEN 0 AND 1000),
        cap_per_year integer CHECK (cap_per_year BETWEEN 0 AND 1000),
        expiry_days integer CHECK (expiry_days BETWEEN 1 AND 3650),
        expiry_end_of_term boolean NOT NULL DEFAULT false,
        book_ahead_days integer NOT NULL DEFAULT 60 CHECK (book_ahead_days BETWEEN 1 AND 730),
        book_until_hours_before integer NOT NULL DEFAULT 0 CHECK (book_until_hours_before BETWEEN 0 AND 8760),
        eligible text NOT NULL DEFAULT 'same_class' CHECK (eligible IN ('same_class', 'same_term', 'classes', 'any')),
        eligible_class_ids uuid[] NOT NULL DEFAULT '{}',
        extra_seats integer NOT NULL DEFAULT 0 CHECK (extra_seats BETWEEN 0 AND 100),
        cancelled_session_token boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT makeup_policies_org_id_key UNIQUE (organization_id, id),
        CONSTRAINT makeup_policies_eligible_classes CHECK (eligible <> 'classes' OR cardinality(eligible_class_ids) > 0)
      );
      CREATE UNIQUE INDEX makeup_policies_org_default_key ON makeup_policies (organization_id) WHERE class_id IS NULL;
      CREATE UNIQUE INDEX makeup_policies_org_class_key ON makeup_policies (organization_id, class_id) WHERE class_id IS NOT NULL;

      CREATE TABLE makeup_absences (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        class_session_id uuid NOT NULL REFERENCES class_sessions(id) ON DELETE CASCADE,
        enrollment_id uuid,
        source text NOT NULL CHECK (source IN ('portal', 'teacher', 'cancelled_session')),
        session_starts_at timestamptz NOT NULL,
        reported_at timestamptz NOT NULL DEFAULT now(),
        entitlement_id uuid,
        no_token_reason text CHECK (no_token_reason IN ('policy', 'too_late', 'cap_month', 'cap_term', 'cap_year')),
        CONSTRAINT makeup_absences_org_id_key UNIQUE (organization_id, id),
        FOREIGN KEY (organization_id, entitlement_id) REFERENCES entitlements (organization_id, id) ON DELETE CASCADE,
        CONSTRAINT makeup_absences_token_or_reason CHECK ((entitlement_id IS NULL) OR (no_token_reason IS NULL))
      );
      CREATE UNIQUE INDEX makeup_absences_student_session_key ON makeup_absences (organization_id, student_id, class_session_id);
      CREATE INDEX makeup_absences_org_session_idx ON makeup_absences (organization_id, class_session_id);

      ALTER TABLE enrollments ADD COLUMN makeup boolean NOT NULL DEFAULT false;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enrollments DROP COLUMN makeup;
      DROP TABLE makeup_absences;
      DROP TABLE makeup_policies;
    `);
  }
}
