import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A class whose first session has begun or whose last one has ended, with its registered students' count. */
export interface DueClass {
  id: string;
  organizationId: string;
  title: string;
  instructor: string;
  studentsCount: number;
}

/** A registered student of a class, as the rating request addresses them. */
export interface ClassStudent {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
}

/**
 * The start of a class's first held session and the end of its last, from its session records (a session moved or
 * cancelled counts as it is now); a class with no scheduled record falls back to its schedule (class_session_start).
 */
const FIRST_START = `coalesce((SELECT min(s.starts_at) FROM class_sessions s WHERE s.class_id = c.id AND s.status = 'scheduled'), c.start_date)`;
const LAST_END = `coalesce((SELECT max(s.ends_at) FROM class_sessions s WHERE s.class_id = c.id AND s.status = 'scheduled'),
  class_session_start(c.start_date, c.schedule, LEAST(c.days, 366) - 1) + make_interval(mins => c.duration))`;

/**
 * `class_milestones` (this module's): when each class's start and completion were recorded. The due classes are a
 * read of `classes` with their registered count from `enrollments`, and the rating request reads the students of a
 * class (a read model, declared in docs/architecture.md): the job answers in one query per batch.
 */
@Injectable()
export class ClassMilestonesRepository {
  /**
   * Classes whose milestone is due and not yet recorded, claimed for the caller's transaction with FOR UPDATE SKIP
   * LOCKED (two instances never take the same class). Cancelled and archived classes are skipped.
   */
  claimDue(manager: EntityManager, kind: 'started' | 'completed', now: Date, batch: number): Promise<DueClass[]> {
    const due = kind === 'started' ? `${FIRST_START} <= $1` : `${LAST_END} <= $1`;
    const column = kind === 'started' ? 'started_at' : 'completed_at';
    return manager.query(
      `SELECT c.id, c.organization_id AS "organizationId", c.title, c.instructor,
              (SELECT count(*)::int FROM enrollments e WHERE e.class_id = c.id AND e.status = 'active') AS "studentsCount"
         FROM classes c LEFT JOIN class_milestones m ON m.class_id = c.id
        WHERE ${due} AND c.status NOT IN ('Cancelled', 'Archived') AND m.${column} IS NULL
        ORDER BY c.start_date, c.id
        LIMIT $2
        FOR UPDATE OF c SKIP LOCKED`,
      [now, batch],
    );
  }

  /** Records the milestone once; false when it was recorded already (another run got there first). */
  async mark(manager: EntityManager, c: DueClass, kind: 'started' | 'completed', now: Date): Promise<boolean> {
    const column = kind === 'started' ? 'started_at' : 'completed_at';
    const [marked] = await manager.query(
      `INSERT INTO class_milestones (class_id, organization_id, ${column}) VALUES ($1, $2, $3)
       ON CONFLICT (class_id) DO UPDATE SET ${column} = EXCLUDED.${column} WHERE class_milestones.${column} IS NULL
       RETURNING class_id`,
      [c.id, c.organizationId, now],
    );
    return Boolean(marked);
  }

  /** The class's registered (active) students, by id. */
  activeStudents(manager: EntityManager, classId: string): Promise<ClassStudent[]> {
    return manager.query(
      `SELECT s.id, s.email, s.first_name AS "firstName", s.last_name AS "lastName", s.phone
         FROM enrollments e JOIN students s ON s.id = e.student_id
        WHERE e.class_id = $1 AND e.status = 'active' ORDER BY s.id`,
      [classId],
    );
  }
}
