import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

/** A session as a drop-in registration reads it: its class's drop-in terms and the seats left. */
export interface DropInSession {
  id: string;
  classId: string;
  organizationId: string;
  sessionIndex: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  dropInsTaken: number;
  dropInPriceCents: number | null;
  dropInCapacity: number;
  dropInCutoffHours: number;
  enrolledStudents: number;
  maxStudents: number;
}

const SESSION = `SELECT s.id, s.class_id AS "classId", s.organization_id AS "organizationId", s.session_index AS "sessionIndex",
    s.starts_at AS "startsAt", s.ends_at AS "endsAt", s.status, s.drop_ins_taken AS "dropInsTaken",
    c.drop_in_price_cents AS "dropInPriceCents", c.drop_in_capacity AS "dropInCapacity",
    c.drop_in_cutoff_hours AS "dropInCutoffHours", c.enrolled_students AS "enrolledStudents", c.max_students AS "maxStudents"
  FROM class_sessions s JOIN classes c ON c.id = s.class_id AND c.organization_id = s.organization_id`;

/**
 * The seats drop-ins take, per session (issue 39 §3; the migration DropIns1771006000000 says the rule). A drop-in
 * takes its seat with two conditional updates in the registration's transaction: the session's counter (never above
 * the class's drop-in capacity; the session row's lock orders two drop-ins of one session) and then the class row's
 * `drop_in_peak` (only while the class's full-term seats and this session's drop-ins fit the class maximum; the
 * class row's lock orders it against a full-term seat, whose update re-checks `enrolled_students + drop_in_peak`).
 */
@Injectable()
export class DropInSeatsRepository {
  async session(manager: EntityManager, organizationId: string, classId: string, sessionId: string): Promise<DropInSession | null> {
    const rows: DropInSession[] = await manager.query(`${SESSION} WHERE s.id = $1 AND s.organization_id = $2 AND s.class_id = $3`, [
      sessionId,
      organizationId,
      classId,
    ]);
    return rows[0] ?? null;
  }

  /** The class's sessions that still sell drop-ins (scheduled, before the cut-off), soonest first. */
  bookable(manager: EntityManager, organizationId: string, classId: string): Promise<DropInSession[]> {
    return manager.query(
      `${SESSION} WHERE s.organization_id = $1 AND s.class_id = $2 AND s.status = 'scheduled' AND c.status IN ('Open', 'Scheduled')
          AND c.drop_in_price_cents IS NOT NULL AND c.drop_in_capacity > 0
          AND s.starts_at > now() + make_interval(hours => c.drop_in_cutoff_hours)
        ORDER BY s.starts_at LIMIT 200`,
      [organizationId, classId],
    );
  }

  /** The session's counter, +1 while it sells drop-ins and has one left: the new count, or null. */
  async takeInSession(manager: EntityManager, organizationId: string, classId: string, sessionId: string): Promise<number | null> {
    const rows = await returning<{ taken: number }>(
      manager,
      `UPDATE class_sessions s SET drop_ins_taken = s.drop_ins_taken + 1, updated_at = now()
         FROM classes c
        WHERE s.id = $1 AND s.organization_id = $2 AND s.class_id = $3 AND c.id = s.class_id
          AND s.status = 'scheduled' AND c.drop_in_price_cents IS NOT NULL
          AND s.starts_at > now() + make_interval(hours => c.drop_in_cutoff_hours)
          AND s.drop_ins_taken < c.drop_in_capacity
        RETURNING s.drop_ins_taken AS taken`,
      [sessionId, organizationId, classId],
    );
    return rows[0]?.taken ?? null;
  }

  /** The class's peak raised to `taken` while the session still fits the class maximum; false: it does not. */
  async raisePeak(manager: EntityManager, organizationId: string, classId: string, taken: number): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      manager,
      `UPDATE classes SET drop_in_peak = greatest(drop_in_peak, $3), updated_at = now()
        WHERE id = $1 AND organization_id = $2 AND status IN ('Open', 'Scheduled') AND enrolled_students + $3 <= max_students
        RETURNING id`,
      [classId, organizationId, taken],
    );
    return rows.length > 0;
  }

  /**
   * Gives back one drop-in seat per session id given, then sets each class's peak to its fullest scheduled session;
   * answers the classes whose peak went down (a full-term seat came free in each).
   * The class rows are locked first, in a statement of their own: the peak is then read in a later statement, which
   * sees every drop-in that committed its class update; one still on its way raises the peak itself afterwards.
   */
  async release(manager: EntityManager, organizationId: string, sessionIds: string[]): Promise<string[]> {
    const rows = await returning<{ class_id: string }>(
      manager,
      `UPDATE class_sessions s SET drop_ins_taken = s.drop_ins_taken - x.n, updated_at = now()
         FROM (SELECT id, count(*)::int AS n FROM unnest($1::uuid[]) AS id GROUP BY id) x
        WHERE s.id = x.id AND s.organization_id = $2
        RETURNING s.class_id`,
      [sessionIds, organizationId],
    );
    const classIds = [...new Set(rows.map((r) => r.class_id))].sort();
    if (!classIds.length) return [];
    const before: { id: string; peak: number }[] = await manager.query(
      'SELECT id, drop_in_peak AS peak FROM classes WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE',
      [classIds],
    );
    const after = await returning<{ id: string; peak: number }>(
      manager,
      // Clamped to the class's free seats: a session holding make-ups beyond the maximum (makeup-seats.repository.ts)
      // blocks whole-class seats without breaking the classes_drop_in_seats check.
      `UPDATE classes c SET drop_in_peak = least(coalesce(
          (SELECT max(s.drop_ins_taken) FROM class_sessions s WHERE s.class_id = c.id AND s.status = 'scheduled'), 0),
          c.max_students - c.enrolled_students),
          updated_at = now()
        WHERE c.id = ANY($1::uuid[]) AND c.organization_id = $2
        RETURNING c.id, c.drop_in_peak AS peak`,
      [classIds, organizationId],
    );
    const was = new Map(before.map((r) => [r.id, r.peak]));
    return after.filter((r) => r.peak < (was.get(r.id) ?? 0)).map((r) => r.id);
  }
}
