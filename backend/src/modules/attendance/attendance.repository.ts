import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface EnrolledStudent {
  id: string;
  firstName: string;
  lastName: string;
}

interface AttendanceMark {
  studentId: string;
  sessionIndex: number;
  attended: boolean;
}

export interface SavedMark extends AttendanceMark {
  sessionDate: Date;
}

@Injectable()
export class AttendanceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The class's enrolled students, sorted by name. */
  enrolledStudents(classId: string, organizationId: string, manager: EntityManager = this.db.manager): Promise<EnrolledStudent[]> {
    return manager.query(
      `SELECT s.id, s.first_name AS "firstName", s.last_name AS "lastName"
         FROM enrollments e JOIN students s ON s.id = e.student_id
        WHERE e.class_id = $1 AND e.organization_id = $2
        ORDER BY lower(s.last_name), lower(s.first_name), s.id`,
      [classId, organizationId],
    );
  }

  /**
   * Which of these students are enrolled in the class, with their names. The enrollment rows are
   * share-locked so an enrollment cannot be cancelled between this check and the write.
   */
  lockEnrolled(manager: EntityManager, classId: string, organizationId: string, studentIds: string[]): Promise<EnrolledStudent[]> {
    return manager.query(
      `SELECT s.id, s.first_name AS "firstName", s.last_name AS "lastName"
         FROM enrollments e JOIN students s ON s.id = e.student_id
        WHERE e.class_id = $1 AND e.organization_id = $2 AND e.student_id = ANY($3::uuid[])
        FOR SHARE OF e`,
      [classId, organizationId, studentIds],
    );
  }

  marksOfClass(classId: string, organizationId: string): Promise<AttendanceMark[]> {
    return this.db.query(
      `SELECT student_id AS "studentId", session_index AS "sessionIndex", attended
         FROM attendance WHERE class_id = $1 AND organization_id = $2`,
      [classId, organizationId],
    );
  }

  /** Upserts one session's marks in one statement (the unique key is class, student, session). */
  upsertMarks(
    manager: EntityManager,
    session: { organizationId: string; classId: string; sessionIndex: number; sessionDate: Date; markedBy: string },
    marks: { studentId: string; attended: boolean }[],
  ): Promise<SavedMark[]> {
    return manager.query(
      `INSERT INTO attendance (organization_id, class_id, student_id, session_index, session_date, attended, marked_by, updated_at)
       SELECT $1, $2, m.student_id, $3, $4, m.attended, $5, now()
         FROM unnest($6::uuid[], $7::boolean[]) AS m(student_id, attended)
       ON CONFLICT (class_id, student_id, session_index) DO UPDATE
         SET attended = EXCLUDED.attended, session_date = EXCLUDED.session_date, marked_by = EXCLUDED.marked_by, updated_at = now()
       RETURNING student_id AS "studentId", session_index AS "sessionIndex", session_date AS "sessionDate", attended`,
      [
        session.organizationId, session.classId, session.sessionIndex, session.sessionDate, session.markedBy,
        marks.map((m) => m.studentId), marks.map((m) => m.attended),
      ],
    );
  }
}
