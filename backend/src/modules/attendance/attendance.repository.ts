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

export interface SessionNote {
  notes: string;
  updatedAt: Date;
}

/** attendance and session_notes: the attendance module's tables. Who is enrolled comes from StudentsService. */
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

  /** The sessions of a class with at least one mark (a schedule change must not delete them). */
  async markedSessionIndexes(manager: EntityManager, organizationId: string, classId: string): Promise<number[]> {
    const rows: { i: number }[] = await manager.query(
      'SELECT DISTINCT session_index AS i FROM attendance WHERE class_id = $1 AND organization_id = $2 ORDER BY 1',
      [classId, organizationId],
    );
    return rows.map((r) => r.i);
  }

  /** One session's marks only (the session screen): the unique key (class, student, session) does not lead with the session. */
  marksOfSession(classId: string, organizationId: string, sessionIndex: number): Promise<AttendanceMark[]> {
    return this.db.query(
      `SELECT student_id AS "studentId", session_index AS "sessionIndex", attended
         FROM attendance WHERE class_id = $1 AND organization_id = $2 AND session_index = $3`,
      [classId, organizationId, sessionIndex],
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

  notesOf(classId: string, organizationId: string, sessionIndex: number): Promise<SessionNote | null> {
    return this.db
      .query(
        `SELECT notes, updated_at AS "updatedAt" FROM session_notes
          WHERE class_id = $1 AND organization_id = $2 AND session_index = $3`,
        [classId, organizationId, sessionIndex],
      )
      .then((rows: SessionNote[]) => rows[0] ?? null);
  }

  /** One row per session: saving again replaces the text (a retried save changes nothing more). */
  async saveNotes(session: { organizationId: string; classId: string; sessionIndex: number; userId: string }, notes: string) {
    const [row] = await this.db.query(
      `INSERT INTO session_notes (organization_id, class_id, session_index, notes, updated_by)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (class_id, session_index) DO UPDATE
         SET notes = EXCLUDED.notes, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING notes, updated_at AS "updatedAt"`,
      [session.organizationId, session.classId, session.sessionIndex, notes, session.userId],
    );
    return row as SessionNote;
  }
}
