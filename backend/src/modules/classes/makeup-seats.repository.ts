import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

/**
 * A make-up's seat in one session (issue 41 §3). It is counted with the session's drop-ins (`drop_ins_taken`), so
 * every path that frees a drop-in seat (cancel, deletion) frees it too, but it is not limited by the class's drop-in
 * capacity: it takes a free seat of the session, or one of the `extra` make-up seats the policy allows beyond the
 * class maximum. The class's `drop_in_peak` is raised no higher than the class's free seats, so a session holding
 * make-ups beyond the maximum blocks new whole-class seats without breaking `enrolled_students + drop_in_peak <=
 * max_students` (the release path clamps the same way). A class closed because it filled up still takes make-ups.
 */
@Injectable()
export class MakeUpSeatsRepository {
  /** The session's counter +1 while it is scheduled, not started, and has a free or make-up seat: the new count, or null. */
  async takeInSession(m: EntityManager, organizationId: string, classId: string, sessionId: string, extra: number): Promise<number | null> {
    const rows = await returning<{ taken: number }>(
      m,
      `UPDATE class_sessions s SET drop_ins_taken = s.drop_ins_taken + 1, updated_at = now()
         FROM classes c
        WHERE s.id = $1 AND s.organization_id = $2 AND s.class_id = $3 AND c.id = s.class_id
          AND s.status = 'scheduled' AND s.starts_at > now() AND (c.status IN ('Open', 'Scheduled') OR (c.status = 'Closed' AND c.closed_when_full))
          AND c.enrolled_students + s.drop_ins_taken < c.max_students + $4
        RETURNING s.drop_ins_taken AS taken`,
      [sessionId, organizationId, classId, extra],
    );
    return rows[0]?.taken ?? null;
  }

  /** The class's peak raised toward `taken` (never above its free seats) while the session fits maximum + extra. */
  async raisePeak(m: EntityManager, organizationId: string, classId: string, taken: number, extra: number): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      m,
      `UPDATE classes SET drop_in_peak = greatest(drop_in_peak, least($3, max_students - enrolled_students)), updated_at = now()
        WHERE id = $1 AND organization_id = $2 AND (status IN ('Open', 'Scheduled') OR (status = 'Closed' AND closed_when_full)) AND enrolled_students + $3 <= max_students + $4
        RETURNING id`,
      [classId, organizationId, taken, extra],
    );
    return rows.length > 0;
  }
}
