import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EnrolledStudent } from './enrollment.entity';

const ACTIVE = "e.status = 'active'";

/**
 * A class's roll: who is enrolled, read for attendance. A whole-class student is on every session's roll; a drop-in
 * (issue 39 §3) only on its own session's.
 */
@Injectable()
export class ClassRollsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The class's enrolled students, sorted by name. */
  rosterOfClass(classId: string, organizationId: string, manager: EntityManager = this.db.manager): Promise<EnrolledStudent[]> {
    // One row per student: `dropInSessions` lists the sessions a student holds only as drop-ins (null: the whole class).
    return manager.query(
      `SELECT s.id, s.first_name AS "firstName", s.last_name AS "lastName",
              CASE WHEN bool_or(e.class_session_id IS NULL) THEN NULL
                   ELSE array_agg(cs.session_index ORDER BY cs.session_index) END AS "dropInSessions",
              bool_or(e.past_due_since IS NOT NULL) AS "pastDue",
              array_agg(cs.session_index ORDER BY cs.session_index) FILTER (WHERE e.makeup) AS "makeUpSessions"
         FROM enrollments e JOIN students s ON s.id = e.student_id
         LEFT JOIN class_sessions cs ON cs.id = e.class_session_id
        WHERE e.class_id = $1 AND e.organization_id = $2 AND ${ACTIVE}
        GROUP BY s.id
        ORDER BY lower(s.last_name), lower(s.first_name), s.id`,
      [classId, organizationId],
    );
  }

  /**
   * Which of these students are enrolled in the class, with their names. The enrollment rows are
   * share-locked so an enrollment cannot be cancelled between this check and the write.
   */
  lockEnrolledInClass(
    manager: EntityManager,
    classId: string,
    organizationId: string,
    studentIds: string[],
    /** The session marked: a drop-in counts in its own session only. */
    sessionIndex: number | null = null,
  ): Promise<EnrolledStudent[]> {
    return manager.query(
      `SELECT s.id, s.first_name AS "firstName", s.last_name AS "lastName"
         FROM enrollments e JOIN students s ON s.id = e.student_id
         LEFT JOIN class_sessions cs ON cs.id = e.class_session_id
        WHERE e.class_id = $1 AND e.organization_id = $2 AND e.student_id = ANY($3::uuid[]) AND ${ACTIVE}
          AND (e.class_session_id IS NULL OR $4::int IS NULL OR cs.session_index = $4::int)
        FOR SHARE OF e`,
      [classId, organizationId, studentIds, sessionIndex],
    );
  }
}
