import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The teacher's notes for one class session, owned by the attendance module. One row per session
 * (class, session index): saving again replaces the text, so a retried save never doubles.
 */
export class SessionNotes1765300000000 implements MigrationInterface {
  name = 'SessionNotes1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE session_notes (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        session_index integer NOT NULL CHECK (session_index >= 0),
        notes text NOT NULL,
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (class_id, session_index)
      );
      CREATE INDEX session_notes_organization_idx ON session_notes (organization_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE session_notes');
  }
}
