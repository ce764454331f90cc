import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The attendance report over a year read every mark of the organization (423,000 in the bench) and joined each
 * with the active enrollments (issue 12 §7: 561 ms p95 against 300 ms). `attendance_tallies` keeps, per class and
 * session, the present and absent marks of students whose enrollment in the class is active now: exactly what
 * the report counted, so the report reads one row per session.
 *
 * Kept by triggers, in the writing transaction, so that every writer (marks, cancellations, holds lapsing,
 * removals, erasure, deletes cascading from a class or a student, the IT-admin resets) keeps it right without
 * knowing about it:
 * - a mark added, changed or removed moves its session's row when the student's enrollment is active (locked
 *   FOR SHARE, as AttendanceService already does before writing, so a cancellation racing the mark waits or
 *   is waited for and never leaves a stray count);
 * - an enrollment becoming active, or ceasing to be (update or delete), adds or removes all of that student's
 *   marks in the class, session by session in index order (two such changes in one class lock the rows in the
 *   same order). A removal only updates rows; rows are created by additions only (a class being deleted never
 *   gets a new row through its cascading deletes).
 */
export class AttendanceTallies1765500000000 implements MigrationInterface {
  name = 'AttendanceTallies1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE attendance_tallies (
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        session_index integer NOT NULL CHECK (session_index >= 0),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        present integer NOT NULL DEFAULT 0,
        absent integer NOT NULL DEFAULT 0,
        PRIMARY KEY (class_id, session_index)
      );

      CREATE FUNCTION attendance_tally_add(p_class uuid, p_session integer, p_org uuid, p_present integer, p_absent integer)
        RETURNS void LANGUAGE sql AS $$
          INSERT INTO attendance_tallies (class_id, session_index, organization_id, present, absent)
          VALUES (p_class, p_session, p_org, p_present, p_absent)
          ON CONFLICT (class_id, session_index) DO UPDATE
            SET present = attendance_tallies.present + EXCLUDED.present, absent = attendance_tallies.absent + EXCLUDED.absent
        $$;

      CREATE FUNCTION attendance_tally_on_mark() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (
          SELECT 1 FROM enrollments WHERE class_id = OLD.class_id AND student_id = OLD.student_id AND status = 'active' FOR SHARE
        ) THEN
          UPDATE attendance_tallies
             SET present = present - OLD.attended::int, absent = absent - (NOT OLD.attended)::int
           WHERE class_id = OLD.class_id AND session_index = OLD.session_index;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND EXISTS (
          SELECT 1 FROM enrollments WHERE class_id = NEW.class_id AND student_id = NEW.student_id AND status = 'active' FOR SHARE
        ) THEN
          PERFORM attendance_tally_add(NEW.class_id, NEW.session_index, NEW.organization_id, NEW.attended::int, (NOT NEW.attended)::int);
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION attendance_tally_on_enrollment() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE m record;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'active' THEN
          FOR m IN
            SELECT session_index, count(*) FILTER (WHERE attended)::int AS present, count(*) FILTER (WHERE NOT attended)::int AS absent
              FROM attendance WHERE class_id = OLD.class_id AND student_id = OLD.student_id
             GROUP BY session_index ORDER BY session_index
          LOOP
            UPDATE attendance_tallies SET present = present - m.present, absent = absent - m.absent
             WHERE class_id = OLD.class_id AND session_index = m.session_index;
          END LOOP;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'active' THEN
          FOR m IN
            SELECT session_index, count(*) FILTER (WHERE attended)::int AS present, count(*) FILTER (WHERE NOT attended)::int AS absent
              FROM attendance WHERE class_id = NEW.class_id AND student_id = NEW.student_id
             GROUP BY session_index ORDER BY session_index
          LOOP
            PERFORM attendance_tally_add(NEW.class_id, m.session_index, NEW.organization_id, m.present, m.absent);
          END LOOP;
        END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER attendance_tally_mark_insert AFTER INSERT ON attendance
        FOR EACH ROW EXECUTE FUNCTION attendance_tally_on_mark();
      CREATE TRIGGER attendance_tally_mark_update AFTER UPDATE OF attended, class_id, student_id, session_index ON attendance
        FOR EACH ROW WHEN (OLD.attended IS DISTINCT FROM NEW.attended OR OLD.class_id IS DISTINCT FROM NEW.class_id
                           OR OLD.student_id IS DISTINCT FROM NEW.student_id OR OLD.session_index IS DISTINCT FROM NEW.session_index)
        EXECUTE FUNCTION attendance_tally_on_mark();
      CREATE TRIGGER attendance_tally_mark_delete AFTER DELETE ON attendance
        FOR EACH ROW EXECUTE FUNCTION attendance_tally_on_mark();

      CREATE TRIGGER attendance_tally_enrollment_insert AFTER INSERT ON enrollments
        FOR EACH ROW WHEN (NEW.status = 'active') EXECUTE FUNCTION attendance_tally_on_enrollment();
      CREATE TRIGGER attendance_tally_enrollment_update AFTER UPDATE OF status, class_id, student_id ON enrollments
        FOR EACH ROW WHEN ((OLD.status = 'active' OR NEW.status = 'active') AND (OLD.status IS DISTINCT FROM NEW.status
                           OR OLD.class_id IS DISTINCT FROM NEW.class_id OR OLD.student_id IS DISTINCT FROM NEW.student_id))
        EXECUTE FUNCTION attendance_tally_on_enrollment();
      CREATE TRIGGER attendance_tally_enrollment_delete AFTER DELETE ON enrollments
        FOR EACH ROW WHEN (OLD.status = 'active') EXECUTE FUNCTION attendance_tally_on_enrollment();

      INSERT INTO attendance_tallies (class_id, session_index, organization_id, present, absent)
      SELECT a.class_id, a.session_index, min(a.organization_id::text)::uuid,
             count(*) FILTER (WHERE a.attended), count(*) FILTER (WHERE NOT a.attended)
        FROM attendance a
       WHERE EXISTS (SELECT 1 FROM enrollments e WHERE e.class_id = a.class_id AND e.student_id = a.student_id AND e.status = 'active')
       GROUP BY a.class_id, a.session_index;

      -- The report's roster (active enrollments per class) as an index-only count.
      CREATE INDEX enrollments_active_class_idx ON enrollments (class_id) WHERE status = 'active';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX enrollments_active_class_idx;
      DROP TRIGGER attendance_tally_enrollment_delete ON enrollments;
      DROP TRIGGER attendance_tally_enrollment_update ON enrollments;
      DROP TRIGGER attendance_tally_enrollment_insert ON enrollments;
      DROP TRIGGER attendance_tally_mark_delete ON attendance;
      DROP TRIGGER attendance_tally_mark_update ON attendance;
      DROP TRIGGER attendance_tally_mark_insert ON attendance;
      DROP FUNCTION attendance_tally_on_enrollment();
      DROP FUNCTION attendance_tally_on_mark();
      DROP FUNCTION attendance_tally_add(uuid, integer, uuid, integer, integer);
      DROP TABLE attendance_tallies;
    `);
  }
}
