import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions become records (issue 39 §1): one row per session of a class, owned by the classes module, and the
 * organization's closed dates (holidays) that a new schedule skips.
 *
 * `session_index` is the session's place in the class (0 = first); attendance rows are keyed by it, so a session
 * keeps its index when it is moved. `room_id` and `instructor_id` are null for "the class's own"; their foreign keys
 * (and the room exclusion constraint) come with the locations, rooms and instructors tables.
 *
 * The backfill gives every existing class the dates sessionDates() computes today (class_session_start: whole
 * 24-hour steps from the start), so no page shows another date after the migration.
 */
export class ClassSessions1770040000000 implements MigrationInterface {
  name = 'ClassSessions1770040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE class_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        class_id uuid NOT NULL REFERENCES classes(id) ON DELETE CASCADE,
        session_index integer NOT NULL CHECK (session_index >= 0),
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
        cancel_reason text,
        cancelled_at timestamptz,
        note text NOT NULL DEFAULT '',
        room_id uuid,
        instructor_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT class_sessions_index_key UNIQUE (class_id, session_index),
        CONSTRAINT class_sessions_end_after_start CHECK (ends_at > starts_at)
      )`);
    await q.query('CREATE INDEX class_sessions_org_starts_idx ON class_sessions (organization_id, starts_at)');
    await q.query(`
      INSERT INTO class_sessions (organization_id, class_id, session_index, starts_at, ends_at)
      SELECT c.organization_id, c.id, i,
             class_session_start(c.start_date, c.schedule, i),
             class_session_start(c.start_date, c.schedule, i) + make_interval(mins => greatest(c.duration, 1))
        FROM classes c, generate_series(0, greatest(c.days, 1) - 1) AS i`);
    await q.query(`
      CREATE TABLE closed_dates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        date date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT closed_dates_org_date_key UNIQUE (organization_id, date)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE closed_dates');
    await q.query('DROP TABLE class_sessions');
  }
}
