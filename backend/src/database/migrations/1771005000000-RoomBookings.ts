import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An exclusive room holds one session at a time (issue 39 §2), kept by the database itself so that no path that
 * writes sessions (class create, update, clone, session move, a future drop-in or make-up) can double-book a room,
 * even two requests racing each other (docs/decisions/room-exclusion-constraint.md).
 *
 * A session's room is its own `room_id`, or its class's when null, and only an `exclusive` room of a class that is not
 * cancelled is booked. An exclusion constraint can only compare columns of one row, so that answer is kept in the
 * session's `booked_room_id` by triggers: on the session (its room), on its class (the class's room, a class
 * cancelled or restored) and on the room (exclusive switched). The constraint is checked at commit (DEFERRABLE
 * INITIALLY DEFERRED): a schedule change moves every session in one statement and the class's room in another, and
 * the sessions' rows only fit together once all of them are written.
 *
 * Sessions that already overlap in an exclusive room (written before this check) are left unbooked, the later one of
 * each pair, so the constraint can be added; the Conflicts screen lists them for the admin to move. A session room
 * or instructor id that names no record of the session's organization (the move route did not check them) is cleared
 * to "the class's" before the tenant-scoped foreign keys are added.
 */
export class RoomBookings1771005000000 implements MigrationInterface {
  name = 'RoomBookings1771005000000';

  async up(q: QueryRunner): Promise<void> {
    // Trusted since PostgreSQL 13: an owner of the database may create it without being a superuser.
    await q.query('CREATE EXTENSION IF NOT EXISTS btree_gist');
    await q.query(`
      UPDATE class_sessions s SET room_id = NULL
       WHERE room_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM rooms r WHERE r.organization_id = s.organization_id AND r.id = s.room_id);
      UPDATE class_sessions s SET instructor_id = NULL
       WHERE instructor_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM instructors i WHERE i.organization_id = s.organization_id AND i.id = s.instructor_id);
      ALTER TABLE class_sessions
        ADD COLUMN booked_room_id uuid,
        ADD CONSTRAINT class_sessions_room_fk FOREIGN KEY (organization_id, room_id) REFERENCES rooms (organization_id, id),
        ADD CONSTRAINT class_sessions_instructor_fk FOREIGN KEY (organization_id, instructor_id)
          REFERENCES instructors (organization_id, id);
      CREATE INDEX class_sessions_room_idx ON class_sessions (organization_id, room_id) WHERE room_id IS NOT NULL;
      CREATE INDEX class_sessions_instructor_idx ON class_sessions (organization_id, instructor_id) WHERE instructor_id IS NOT NULL;
    `);
    await q.query(`
      UPDATE class_sessions s SET booked_room_id = r.id
        FROM classes c, rooms r
       WHERE c.id = s.class_id AND c.status <> 'Cancelled' AND r.organization_id = s.organization_id
         AND r.id = coalesce(s.room_id, c.room_id) AND r.exclusive;
      UPDATE class_sessions s SET booked_room_id = NULL
       WHERE s.booked_room_id IS NOT NULL AND s.status = 'scheduled' AND EXISTS (
         SELECT 1 FROM class_sessions o
          WHERE o.booked_room_id = s.booked_room_id AND o.status = 'scheduled' AND (o.created_at, o.id) < (s.created_at, s.id)
            AND tstzrange(o.starts_at, o.ends_at) && tstzrange(s.starts_at, s.ends_at));
    `);
    await q.query(`
      CREATE FUNCTION class_session_booked_room() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- No row (no room, a shared room, a cancelled class) leaves it null: nothing is booked.
        SELECT r.id INTO NEW.booked_room_id
          FROM classes c JOIN rooms r ON r.organization_id = c.organization_id AND r.id = coalesce(NEW.room_id, c.room_id)
         WHERE c.id = NEW.class_id AND c.status <> 'Cancelled' AND r.exclusive;
        RETURN NEW;
      END $$;
      CREATE TRIGGER class_sessions_booked_room BEFORE INSERT OR UPDATE OF room_id, class_id, booked_room_id ON class_sessions
        FOR EACH ROW EXECUTE FUNCTION class_session_booked_room();

      -- Writing booked_room_id (any value) makes the session's trigger work it out again.
      CREATE FUNCTION class_rebook_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE class_sessions SET booked_room_id = NULL WHERE class_id = NEW.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER classes_rebook_sessions AFTER UPDATE OF room_id, status ON classes
        FOR EACH ROW WHEN (OLD.room_id IS DISTINCT FROM NEW.room_id OR (OLD.status = 'Cancelled') <> (NEW.status = 'Cancelled'))
        EXECUTE FUNCTION class_rebook_sessions();

      CREATE FUNCTION room_rebook_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE class_sessions s SET booked_room_id = NULL
          FROM classes c
         WHERE c.id = s.class_id AND s.organization_id = NEW.organization_id AND coalesce(s.room_id, c.room_id) = NEW.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER rooms_rebook_sessions AFTER UPDATE OF exclusive ON rooms
        FOR EACH ROW WHEN (OLD.exclusive IS DISTINCT FROM NEW.exclusive) EXECUTE FUNCTION room_rebook_sessions();

      ALTER TABLE class_sessions ADD CONSTRAINT class_sessions_room_no_overlap
        EXCLUDE USING gist (booked_room_id WITH =, tstzrange(starts_at, ends_at) WITH &&)
        WHERE (booked_room_id IS NOT NULL AND status = 'scheduled')
        DEFERRABLE INITIALLY DEFERRED;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE class_sessions DROP CONSTRAINT class_sessions_room_no_overlap;
      DROP TRIGGER rooms_rebook_sessions ON rooms;
      DROP FUNCTION room_rebook_sessions();
      DROP TRIGGER classes_rebook_sessions ON classes;
      DROP FUNCTION class_rebook_sessions();
      DROP TRIGGER class_sessions_booked_room ON class_sessions;
      DROP FUNCTION class_session_booked_room();
      ALTER TABLE class_sessions DROP COLUMN booked_room_id,
        DROP CONSTRAINT class_sessions_room_fk, DROP CONSTRAINT class_sessions_instructor_fk;
      DROP INDEX class_sessions_room_idx;
      DROP INDEX class_sessions_instructor_idx;
    `);
  }
}
