import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drop-ins (issue 39 §3): a class may sell single sessions.
 *
 * - `classes.drop_in_price_cents` (null: the class sells no drop-ins), `drop_in_capacity` (how many of a session's
 *   seats drop-ins may take) and `drop_in_cutoff_hours` (sold until that many hours before the session).
 * - `class_sessions.drop_ins_taken`: the drop-in seats held in that session, written only by one conditional update
 *   (never above the class's drop-in capacity).
 * - `classes.drop_in_peak`: the most drop-ins any one session holds. A full-term seat is a seat in every session, so
 *   the class takes one only while `enrolled_students + drop_in_peak < max_students`; a drop-in takes one only while
 *   `enrolled_students + (its session's drop-ins) <= max_students`. Both conditions read the class row, which both
 *   writers update: the row lock orders them and PostgreSQL re-checks each condition on the row as the other left
 *   it, so a session never holds more people than the class maximum.
 * - `enrollments.class_session_id`: the session a drop-in registration is for (null: the whole class). One seat-taking
 *   registration per person per class stays the rule for the whole class; a drop-in is one per person per session.
 *   A schedule change never deletes a session holding drop-ins (409); a session deleted with only cancelled drop-ins
 *   leaves those history rows without their session (SET NULL) rather than blocking the change.
 */
export class DropIns1771006000000 implements MigrationInterface {
  name = 'DropIns1771006000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE classes
        ADD COLUMN drop_in_price_cents integer CHECK (drop_in_price_cents >= 0),
        ADD COLUMN drop_in_capacity integer NOT NULL DEFAULT 0 CHECK (drop_in_capacity >= 0),
        ADD COLUMN drop_in_cutoff_hours integer NOT NULL DEFAULT 0 CHECK (drop_in_cutoff_hours >= 0),
        ADD COLUMN drop_in_peak integer NOT NULL DEFAULT 0 CHECK (drop_in_peak >= 0),
        ADD CONSTRAINT classes_drop_in_seats CHECK (enrolled_students + drop_in_peak <= max_students);
      ALTER TABLE class_sessions
        ADD COLUMN drop_ins_taken integer NOT NULL DEFAULT 0 CHECK (drop_ins_taken >= 0);
      ALTER TABLE enrollments
        ADD COLUMN class_session_id uuid REFERENCES class_sessions(id) ON DELETE SET NULL;
      DROP INDEX enrollments_student_class_key;
      CREATE UNIQUE INDEX enrollments_student_class_key ON enrollments (student_id, class_id)
        WHERE status IN ('held', 'active') AND class_session_id IS NULL;
      CREATE UNIQUE INDEX enrollments_student_session_key ON enrollments (student_id, class_session_id)
        WHERE status IN ('held', 'active') AND class_session_id IS NOT NULL;
      CREATE INDEX enrollments_class_session_idx ON enrollments (class_session_id) WHERE class_session_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX enrollments_class_session_idx;
      DROP INDEX enrollments_student_session_key;
      DROP INDEX enrollments_student_class_key;
      DELETE FROM enrollments WHERE class_session_id IS NOT NULL;
      CREATE UNIQUE INDEX enrollments_student_class_key ON enrollments (student_id, class_id) WHERE status IN ('held', 'active');
      ALTER TABLE enrollments DROP COLUMN class_session_id;
      ALTER TABLE class_sessions DROP COLUMN drop_ins_taken;
      ALTER TABLE classes DROP CONSTRAINT classes_drop_in_seats, DROP COLUMN drop_in_peak, DROP COLUMN drop_in_cutoff_hours,
        DROP COLUMN drop_in_capacity, DROP COLUMN drop_in_price_cents;
    `);
  }
}
