import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface TaughtSession {
  sessionId: string;
  classId: string;
  classTitle: string;
  sessionIndex: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  location: string;
  roomName: string | null;
  enrolled: number;
  dropIns: number;
  capacity: number;
}

/** A teacher's fortnight holds far fewer; the cap keeps one reply small whatever an import did. */
const LIMIT = 500;

/**
 * The sessions an instructor teaches in [from, to): a session's own instructor, or its class's when it has none.
 * Cancelled sessions (or of a cancelled class) stay, marked, so a teacher knows not to come; archived classes are gone.
 */
const TAUGHT = `
  SELECT s.id AS "sessionId", c.id AS "classId", c.title AS "classTitle", s.session_index AS "sessionIndex",
         s.starts_at AS "startsAt", s.ends_at AS "endsAt",
         CASE WHEN s.status = 'cancelled' OR c.status = 'Cancelled' THEN 'cancelled' ELSE 'scheduled' END AS status,
         c.location, r.name AS "roomName",
         (c.enrolled_students + s.drop_ins_taken)::int AS enrolled, s.drop_ins_taken AS "dropIns", c.max_students AS capacity
    FROM class_sessions s
    JOIN classes c ON c.id = s.class_id AND c.organization_id = s.organization_id
    LEFT JOIN rooms r ON r.organization_id = s.organization_id AND r.id = coalesce(s.room_id, c.room_id)
   WHERE s.organization_id = $1 AND coalesce(s.instructor_id, c.instructor_id) = ANY($2::uuid[])
     AND s.starts_at >= $3 AND s.starts_at < $4 AND c.status <> 'Archived'
   ORDER BY s.starts_at, lower(c.title), s.id
   LIMIT ${LIMIT}`;

/** Read model over instructors, class_sessions, classes and rooms (declared in docs/architecture.md). */
@Injectable()
export class TeacherScheduleRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The organization's instructor records linked to this user (usually one). */
  instructorsOf(organizationId: string, userId: string): Promise<{ id: string; name: string }[]> {
    return this.db.query('SELECT id, name FROM instructors WHERE organization_id = $1 AND user_id = $2 ORDER BY lower(name), id', [
      organizationId,
      userId,
    ]);
  }

  taught(organizationId: string, instructorIds: string[], from: Date, to: Date): Promise<TaughtSession[]> {
    return this.db.query(TAUGHT, [organizationId, instructorIds, from.toISOString(), to.toISOString()]);
  }

  /** The instant local midnight of `date` is in `timeZone`. */
  async midnight(date: string, timeZone: string): Promise<Date> {
    const [row]: { at: Date }[] = await this.db.query('SELECT ($1::date)::timestamp AT TIME ZONE $2 AS at', [date, timeZone]);
    return new Date(row.at);
  }
}
