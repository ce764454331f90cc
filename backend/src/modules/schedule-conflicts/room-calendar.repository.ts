import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface CalendarRoom {
  id: string;
  name: string;
  capacity: number | null;
  exclusive: boolean;
  locationId: string;
  locationName: string;
}

export interface CalendarSession {
  sessionId: string;
  classId: string;
  classTitle: string;
  /** Null only in the by-instructor view (a session with no room). */
  roomId: string | null;
  /** The session's instructor record, else its class's; null when neither has one. */
  instructorId: string | null;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  enrolled: number;
  capacity: number;
  instructor: string;
}

/** A month of a large organization holds about 2,000; the cap keeps a runaway import from answering megabytes. */
const SESSION_LIMIT = 5000;

const ROOMS = `
  SELECT r.id, r.name, r.capacity, r.exclusive, l.id AS "locationId", l.name AS "locationName"
    FROM rooms r JOIN locations l ON l.organization_id = r.organization_id AND l.id = r.location_id
   WHERE r.organization_id = $1 AND ($2::uuid IS NULL OR r.location_id = $2)
   ORDER BY lower(l.name), lower(r.name), r.id`;

/**
 * The sessions that start in [from, to) in the organization's rooms, each in its own room or its class's (a session
 * past midnight belongs to the day it starts, as on every other screen); by instructor ($5), the sessions without a
 * room too (unless one location is asked for). A cancelled
 * session (or one of a cancelled class) stays on the calendar, marked, so the admin sees the free slot and why;
 * archived classes are gone from every screen. Enrolled counts the class's full-term seats and the session's drop-ins.
 */
const SESSIONS = `
  SELECT s.id AS "sessionId", c.id AS "classId", c.title AS "classTitle", r.id AS "roomId",
         coalesce(si.id, ci.id) AS "instructorId", s.starts_at AS "startsAt", s.ends_at AS "endsAt",
         CASE WHEN s.status = 'cancelled' OR c.status = 'Cancelled' THEN 'cancelled' ELSE 'scheduled' END AS status,
         (c.enrolled_students + s.drop_ins_taken)::int AS enrolled, c.max_students AS capacity,
         coalesce(si.name, ci.name, c.instructor, '') AS instructor
    FROM class_sessions s
    JOIN classes c ON c.id = s.class_id AND c.organization_id = s.organization_id
    LEFT JOIN rooms r ON r.organization_id = s.organization_id AND r.id = coalesce(s.room_id, c.room_id)
    LEFT JOIN instructors si ON si.organization_id = s.organization_id AND si.id = s.instructor_id
    LEFT JOIN instructors ci ON ci.organization_id = s.organization_id AND ci.id = c.instructor_id
   WHERE s.organization_id = $1 AND s.starts_at >= $3 AND s.starts_at < $4 AND c.status <> 'Archived'
     AND ($2::uuid IS NULL OR r.location_id = $2) AND (r.id IS NOT NULL OR $5::boolean)
   ORDER BY s.starts_at, lower(c.title), s.id
   LIMIT ${SESSION_LIMIT}`;

/** Read model over rooms, locations, class_sessions, classes and instructors (declared in docs/architecture.md). */
@Injectable()
export class RoomCalendarRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** True when the location is the organization's. */
  async hasLocation(organizationId: string, locationId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM locations WHERE organization_id = $1 AND id = $2', [
      organizationId,
      locationId,
    ]);
    return rows.length > 0;
  }

  rooms(organizationId: string, locationId: string | null): Promise<CalendarRoom[]> {
    return this.db.query(ROOMS, [organizationId, locationId]);
  }

  /** The sessions in [from, to); `withoutRoom`: those with no room too (the by-instructor view). */
  sessions(organizationId: string, locationId: string | null, from: Date, to: Date, withoutRoom = false): Promise<CalendarSession[]> {
    return this.db.query(SESSIONS, [organizationId, locationId, from.toISOString(), to.toISOString(), withoutRoom]);
  }

  /** The organization's instructors, by name (the by-instructor view's rows). */
  instructors(organizationId: string): Promise<{ id: string; name: string }[]> {
    return this.db.query('SELECT id, name FROM instructors WHERE organization_id = $1 ORDER BY lower(name), id', [organizationId]);
  }

  /** The instant local midnight of `date` is in `timeZone` (the database's zone rules, as the sessions were laid out). */
  async midnight(date: string, timeZone: string): Promise<Date> {
    const [row]: { at: Date }[] = await this.db.query('SELECT ($1::date)::timestamp AT TIME ZONE $2 AS at', [date, timeZone]);
    return new Date(row.at);
  }
}
