import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organization's own registration questions with the answers given on each enrollment, and waivers with their
 * versions and signed acceptances (owned by the registration-forms module). A waiver version and an acceptance are a
 * record that must stand later (who agreed to which text): the database itself refuses to change a
 * version, and an acceptance keeps the version's SHA-256 beside it.
 */
export class RegistrationForms1766200000000 implements MigrationInterface {
  name = 'RegistrationForms1766200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE registration_questions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        label varchar(200) NOT NULL,
        hint varchar(300),
        type varchar(20) NOT NULL CHECK (type IN ('short_text','long_text','single_choice','multi_choice','checkbox','date','number','phone')),
        options jsonb NOT NULL DEFAULT '[]',
        required boolean NOT NULL DEFAULT false,
        class_ids uuid[],
        per_attendee boolean NOT NULL DEFAULT false,
        show_to_teacher boolean NOT NULL DEFAULT false,
        position integer NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        archived_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX registration_questions_organization_idx ON registration_questions (organization_id, position);

      CREATE TABLE registration_answers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        enrollment_id uuid NOT NULL REFERENCES enrollments(id) ON DELETE CASCADE,
        student_id uuid NOT NULL,
        question_id uuid NOT NULL REFERENCES registration_questions(id) ON DELETE CASCADE,
        value jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (enrollment_id, question_id)
      );
      CREATE INDEX registration_answers_student_idx ON registration_answers (organization_id, student_id);
      CREATE INDEX registration_answers_question_idx ON registration_answers (question_id);

      CREATE TABLE waivers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        title varchar(200) NOT NULL,
        class_ids uuid[],
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX waivers_organization_idx ON waivers (organization_id);

      CREATE TABLE waiver_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        waiver_id uuid NOT NULL REFERENCES waivers(id) ON DELETE CASCADE,
        version integer NOT NULL CHECK (version >= 1),
        body text NOT NULL,
        sha256 char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (waiver_id, version)
      );

      -- A version is what people signed: its text and hash never change (the API has no route that deletes one).
      CREATE FUNCTION waiver_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a waiver version is immutable' USING ERRCODE = 'restrict_violation';
      END $$;
      CREATE TRIGGER waiver_versions_immutable BEFORE UPDATE ON waiver_versions
        FOR EACH ROW EXECUTE FUNCTION waiver_versions_immutable();

      CREATE TABLE waiver_acceptances (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        enrollment_id uuid NOT NULL REFERENCES enrollments(id) ON DELETE CASCADE,
        student_id uuid NOT NULL,
        waiver_id uuid NOT NULL REFERENCES waivers(id) ON DELETE CASCADE,
        waiver_version_id uuid NOT NULL REFERENCES waiver_versions(id) ON DELETE CASCADE,
        version integer NOT NULL,
        sha256 char(64) NOT NULL,
        signed_name varchar(200) NOT NULL,
        signed_as varchar(20) NOT NULL CHECK (signed_as IN ('self','guardian','contact')),
        accepted_at timestamptz NOT NULL DEFAULT now(),
        client_ip varchar(64),
        user_agent varchar(500)
      );
      CREATE INDEX waiver_acceptances_enrollment_idx ON waiver_acceptances (enrollment_id);
      CREATE INDEX waiver_acceptances_student_idx ON waiver_acceptances (organization_id, student_id);
      CREATE INDEX waiver_acceptances_version_idx ON waiver_acceptances (waiver_version_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE waiver_acceptances;
      DROP TABLE waiver_versions;
      DROP FUNCTION waiver_versions_immutable();
      DROP TABLE waivers;
      DROP TABLE registration_answers;
      DROP TABLE registration_questions;
    `);
  }
}
