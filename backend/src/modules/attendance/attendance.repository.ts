import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

interface AttendanceMark {
  studentId: string;
  sessionIndex: number;
  attended: boolean;
}

export interface SavedMark extends AttendanceMark {
  sessionDate: Date;
}

/** attendance: the attendance module's table. Who is enrolled comes from StudentsService. */
@Injectable()
export class AttendanceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

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
        session.organizationId,
        session.classId,
        session.sessionIndex,
        session.sessionDate,
        session.markedBy,
        marks.map((m) => m.studentId),
        marks.map((m) => m.attended),
      ],
    );
  }
}
