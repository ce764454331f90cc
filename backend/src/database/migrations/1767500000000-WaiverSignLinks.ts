import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signing a new waiver version after registering (owned by the registration-forms module). Publishing a version
 * queues one run; the job that takes the run emails each person enrolled in an upcoming class who signed an older
 * version a link to sign the new one. The link's token is stored only as its SHA-256, one link per person and version.
 */
export class WaiverSignLinks1767500000000 implements MigrationInterface {
  name = 'WaiverSignLinks1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE waiver_resign_runs (
        waiver_version_id uuid PRIMARY KEY REFERENCES waiver_versions(id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz
      );
      CREATE INDEX waiver_resign_runs_due_idx ON waiver_resign_runs (created_at) WHERE done_at IS NULL;

      CREATE TABLE waiver_sign_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        waiver_id uuid NOT NULL REFERENCES waivers(id) ON DELETE CASCADE,
        waiver_version_id uuid NOT NULL REFERENCES waiver_versions(id) ON DELETE CASCADE,
        -- The person emailed: a household's contact signs for the members they registered.
        student_id uuid NOT NULL,
        token_hash char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        signed_at timestamptz,
        UNIQUE (waiver_version_id, student_id)
      );
      CREATE INDEX waiver_sign_links_student_idx ON waiver_sign_links (organization_id, student_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE waiver_sign_links; DROP TABLE waiver_resign_runs;`);
  }
}
