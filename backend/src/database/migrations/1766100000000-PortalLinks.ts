import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The student portal's sign-in links (decision 18). Only a SHA-256 of the link's secret is stored, so a copy of the
 * database opens no portal. A link is usable once (used_at) for 15 minutes (expires_at); the portal token it is
 * exchanged for names the link's id, so signing out (signed_out_at) ends that session on every instance. No email
 * is stored: a link exists only for a known student, and the per-email budget counts that student's links.
 */
export class PortalLinks1766100000000 implements MigrationInterface {
  name = 'PortalLinks1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE portal_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        student_id uuid NOT NULL REFERENCES students(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        signed_out_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX portal_links_student_created_idx ON portal_links (student_id, created_at);
      CREATE INDEX portal_links_organization_idx ON portal_links (organization_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE portal_links');
  }
}
