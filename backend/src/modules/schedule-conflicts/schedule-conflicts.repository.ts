import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { ConflictScope } from '../classes/session-conflicts.port';

/** One session that clashes with another: what they share (a room or an instructor) and the other session. */
export interface Clash {
  kind: 'room' | 'instructor';
  /** The room's or the instructor's id and name. */
  resourceId: string;
  resourceName: string;
  sessionId: string;
  otherSessionId: string;
  otherClassId: string;
  otherClassTitle: string;
  otherStartsAt: Date;
  otherEndsAt: Date;
}

/** Two sessions of the organization that clash (the Conflicts screen), each with its class. */
export interface ConflictPair {
  kind: 'room' | 'instructor';
  resourceId: string;
  resourceName: string;
  sessions: { sessionId: string; classId: string; classTitle: string; startsAt: Date; endsAt: Date }[];
}

/**
 * What a write just booked, against the organization's other sessions, in the write's own transaction (it sees its
 * own rows). Rooms are compared by `booked_room_id` (the exclusive room a session books, kept by the database's
 * triggers; the exclusion constraint's index answers); instructors by the session's own or its class's. Cancelled
 * sessions and the sessions of cancelled classes book nothing. One statement for the whole class, however many
 * sessions it has.
 */
export const CLASHES = `
  WITH mine AS (
    SELECT s.id, s.starts_at, s.ends_at, s.booked_room_id, coalesce(s.instructor_id, c.instructor_id) AS instructor_id
      FROM class_sessions s JOIN classes c ON c.id = s.class_id
     WHERE s.organization_id = $1 AND s.status = 'scheduled' AND c.status <> 'Cancelled'
       AND (s.class_id = $2::uuid OR s.id = $3::uuid)),
  span AS (SELECT min(starts_at) AS from_at, max(ends_at) AS to_at FROM mine),
  people AS (SELECT DISTINCT instructor_id FROM mine WHERE instructor_id IS NOT NULL),
  -- The instructors' other sessions within the span: through their classes (index on classes' instructor) when the
  -- session has none of its own, or by the session's own instructor.
  theirs AS (
    SELECT o.id, o.class_id, oc.title, o.starts_at, o.ends_at, oc.instructor_id
      FROM people p JOIN classes oc ON oc.organization_id = $1 AND oc.instructor_id = p.instructor_id AND oc.status <> 'Cancelled'
      JOIN class_sessions o ON o.class_id = oc.id AND o.instructor_id IS NULL AND o.status = 'scheduled', span
     WHERE o.starts_at < span.to_at AND o.ends_at > span.from_at
    UNION ALL
    SELECT o.id, o.class_id, oc.title, o.starts_at, o.ends_at, o.instructor_id
      FROM people p JOIN class_sessions o ON o.organization_id = $1 AND o.instructor_id = p.instructor_id AND o.status = 'scheduled'
      JOIN classes oc ON oc.id = o.class_id AND oc.status <> 'Cancelled', span
     WHERE o.starts_at < span.to_at AND o.ends_at > span.from_at)
  SELECT 'room' AS kind, r.id AS "resourceId", r.name AS "resourceName", m.id AS "sessionId", o.id AS "otherSessionId",
         oc.id AS "otherClassId", oc.title AS "otherClassTitle", o.starts_at AS "otherStartsAt", o.ends_at AS "otherEndsAt"
    FROM mine m
    JOIN class_sessions o ON o.booked_room_id = m.booked_room_id AND o.id <> m.id AND o.status = 'scheduled'
     AND tstzrange(o.starts_at, o.ends_at) && tstzrange(m.starts_at, m.ends_at)
    JOIN classes oc ON oc.id = o.class_id
    JOIN rooms r ON r.id = m.booked_room_id
  UNION ALL
  SELECT 'instructor', i.id, i.name, m.id, o.id, o.class_id, o.title, o.starts_at, o.ends_at
    FROM mine m
    JOIN theirs o ON o.instructor_id = m.instructor_id AND o.id <> m.id AND o.starts_at < m.ends_at AND o.ends_at > m.starts_at
    JOIN instructors i ON i.organization_id = $1 AND i.id = m.instructor_id
   ORDER BY 1 DESC, 8
   LIMIT 20`;

/**
 * The organization's sessions still to end that clash, each pair once. Rooms by the session's room (its own or its
 * class's), not by what it books: sessions that overlapped before the database refused it are listed too.
 */
const CURRENT = `
  WITH live AS (
    SELECT s.id, s.class_id, c.title, s.starts_at, s.ends_at,
           coalesce(s.room_id, c.room_id) AS room_id, coalesce(s.instructor_id, c.instructor_id) AS instructor_id
      FROM class_sessions s JOIN classes c ON c.id = s.class_id
     WHERE s.organization_id = $1 AND s.status = 'scheduled' AND c.status <> 'Cancelled' AND s.ends_at > $2)
  SELECT * FROM (
  SELECT 'room' AS kind, r.id AS "resourceId", r.name AS "resourceName",
         a.id AS "aId", a.class_id AS "aClassId", a.title AS "aTitle", a.starts_at AS "aStartsAt", a.ends_at AS "aEndsAt",
         b.id AS "bId", b.class_id AS "bClassId", b.title AS "bTitle", b.starts_at AS "bStartsAt", b.ends_at AS "bEndsAt"
    FROM live a
    JOIN live b ON b.room_id = a.room_id AND a.id < b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
    JOIN rooms r ON r.organization_id = $1 AND r.id = a.room_id AND r.exclusive
  UNION ALL
  SELECT 'instructor', i.id, i.name, a.id, a.class_id, a.title, a.starts_at, a.ends_at, b.id, b.class_id, b.title, b.starts_at, b.ends_at
    FROM live a
    JOIN live b ON b.instructor_id = a.instructor_id AND a.id < b.id AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at
    JOIN instructors i ON i.organization_id = $1 AND i.id = a.instructor_id
  ) pairs
   ORDER BY least("aStartsAt", "bStartsAt"), kind DESC
   LIMIT $3`;

interface PairRow {
  kind: 'room' | 'instructor';
  resourceId: string;
  resourceName: string;
  aId: string;
  aClassId: string;
  aTitle: string;
  aStartsAt: Date;
  aEndsAt: Date;
  bId: string;
  bClassId: string;
  bTitle: string;
  bStartsAt: Date;
  bEndsAt: Date;
}

/** Read model over class_sessions, classes, rooms and instructors (declared in docs/architecture.md). */
@Injectable()
export class ScheduleConflictsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  clashes(manager: EntityManager, organizationId: string, scope: ConflictScope): Promise<Clash[]> {
    const classId = 'classId' in scope ? scope.classId : null;
    const sessionId = 'sessionId' in scope ? scope.sessionId : null;
    return manager.query(CLASHES, [organizationId, classId, sessionId]);
  }

  async current(organizationId: string, from: Date, limit: number): Promise<ConflictPair[]> {
    const rows: PairRow[] = await this.db.query(CURRENT, [organizationId, from.toISOString(), limit]);
    return rows.map((r) => {
      const a = { sessionId: r.aId, classId: r.aClassId, classTitle: r.aTitle, startsAt: r.aStartsAt, endsAt: r.aEndsAt };
      const b = { sessionId: r.bId, classId: r.bClassId, classTitle: r.bTitle, startsAt: r.bStartsAt, endsAt: r.bEndsAt };
      const earlierFirst = a.startsAt <= b.startsAt ? [a, b] : [b, a];
      return { kind: r.kind, resourceId: r.resourceId, resourceName: r.resourceName, sessions: earlierFirst };
    });
  }
}
