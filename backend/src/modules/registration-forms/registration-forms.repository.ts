import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { QuestionType } from './answer-rules';

export interface QuestionFields {
  label: string;
  hint: string | null;
  type: QuestionType;
  options: string[];
  required: boolean;
  classIds: string[] | null;
  perAttendee: boolean;
  showToTeacher: boolean;
  position: number;
  active: boolean;
}

export interface QuestionRow extends QuestionFields {
  id: string;
  archived: boolean;
  answerCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A question as a registration form asks it (no admin bookkeeping such as its answer count). */
export type FormQuestion = Pick<QuestionRow, 'id' | 'label' | 'hint' | 'type' | 'options' | 'required' | 'classIds' | 'perAttendee'>;

export interface AnswerRow {
  enrollmentId: string;
  studentId: string;
  questionId: string;
  label: string;
  type: QuestionType;
  showToTeacher: boolean;
  position: number;
  value: unknown;
}

const QUESTION = `q.id, q.label, q.hint, q.type, q.options, q.required, q.class_ids AS "classIds", q.per_attendee AS "perAttendee",
  q.show_to_teacher AS "showToTeacher", q.position, q.active, q.archived_at IS NOT NULL AS archived,
  (SELECT count(*)::int FROM registration_answers a WHERE a.question_id = q.id) AS "answerCount",
  q.created_at AS "createdAt", q.updated_at AS "updatedAt"`;

const ANSWER = `a.enrollment_id AS "enrollmentId", a.student_id AS "studentId", a.question_id AS "questionId", q.label, q.type,
  q.show_to_teacher AS "showToTeacher", q.position, a.value`;

/** registration_questions and registration_answers: the registration-forms module's tables. */
/** A question's columns from label to active, in the order the insert and the update number them. */
function questionParams(f: QuestionFields): unknown[] {
  return [f.label, f.hint, f.type, JSON.stringify(f.options), f.required, f.classIds, f.perAttendee, f.showToTeacher, f.position, f.active];
}

@Injectable()
export class RegistrationFormsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The organization's questions, archived ones left out unless asked for, in form order. */
  listQuestions(organizationId: string, withArchived = false): Promise<QuestionRow[]> {
    return this.db.query(
      `SELECT ${QUESTION} FROM registration_questions q
        WHERE q.organization_id = $1 AND ($2 OR q.archived_at IS NULL)
        ORDER BY q.position, q.created_at, q.id`,
      [organizationId, withArchived],
    );
  }

  async findQuestion(organizationId: string, id: string): Promise<QuestionRow | null> {
    const [row] = await this.db.query(
      `SELECT ${QUESTION} FROM registration_questions q WHERE q.organization_id = $1 AND q.id = $2 AND q.archived_at IS NULL`,
      [organizationId, id],
    );
    return row ?? null;
  }

  /** The organization's chosen time zone (null: none chosen), for counting an attendee's age on the class's first day. */
  async timeZoneOf(organizationId: string): Promise<string | null> {
    const [row] = await this.db.query(`SELECT settings->>'timeZone' AS zone FROM organizations WHERE id = $1`, [organizationId]);
    return (row as { zone: string | null } | undefined)?.zone ?? null;
  }

  /**
   * The organization's questions a registration form asks (active, not archived), for every class, with the classes
   * each is for (null: all), in the form's order: the public pages and the registration check pick each class's from
   * these in memory.
   */
  activeQuestionsOfOrganization(organizationId: string): Promise<FormQuestion[]> {
    return this.db.query(
      `SELECT q.id, q.label, q.hint, q.type, q.options, q.required, q.class_ids AS "classIds", q.per_attendee AS "perAttendee"
         FROM registration_questions q
        WHERE q.organization_id = $1 AND q.active AND q.archived_at IS NULL
        ORDER BY q.position, q.created_at, q.id`,
      [organizationId],
    );
  }

  async insertQuestion(organizationId: string, f: QuestionFields): Promise<string> {
    const [row] = await this.db.query(
      `INSERT INTO registration_questions (organization_id, label, hint, type, options, required, class_ids, per_attendee, show_to_teacher, position, active)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [organizationId, ...questionParams(f)],
    );
    return row.id;
  }

  async updateQuestion(organizationId: string, id: string, f: QuestionFields): Promise<void> {
    await this.db.query(
      `UPDATE registration_questions SET label = $3, hint = $4, type = $5, options = $6::jsonb, required = $7, class_ids = $8,
              per_attendee = $9, show_to_teacher = $10, position = $11, active = $12, updated_at = now()
        WHERE organization_id = $1 AND id = $2 AND archived_at IS NULL`,
      [organizationId, id, ...questionParams(f)],
    );
  }

  /** Deletes a question without answers; one with answers is archived (hidden, its answers still readable). */
  async deleteOrArchive(organizationId: string, id: string): Promise<{ archived: boolean } | null> {
    return this.db.transaction(async (m) => {
      const [q] = await m.query(
        `SELECT id FROM registration_questions WHERE organization_id = $1 AND id = $2 AND archived_at IS NULL FOR UPDATE`,
        [organizationId, id],
      );
      if (!q) return null;
      const [{ n }] = await m.query(`SELECT count(*)::int AS n FROM registration_answers WHERE question_id = $1`, [id]);
      if (n > 0) {
        await m.query(`UPDATE registration_questions SET archived_at = now(), active = false, updated_at = now() WHERE id = $1`, [id]);
        return { archived: true };
      }
      await m.query(`DELETE FROM registration_questions WHERE id = $1`, [id]);
      return { archived: false };
    });
  }

  /**
   * The answers of one enrollment, replacing any it had (a card registration asked again while its hold is open
   * gives its answers again).
   */
  async replaceAnswers(
    m: EntityManager,
    organizationId: string,
    enrollmentId: string,
    studentId: string,
    answers: { questionId: string; value: unknown }[],
    /** The enrollment was created in this transaction: it has no answers to replace. */
    fresh = false,
  ): Promise<void> {
    if (!fresh)
      await m.query(`DELETE FROM registration_answers WHERE organization_id = $1 AND enrollment_id = $2`, [organizationId, enrollmentId]);
    if (!answers.length) return;
    await m.query(
      `INSERT INTO registration_answers (organization_id, enrollment_id, student_id, question_id, value)
       SELECT $1, $2, $3, x.question_id, x.value
         FROM jsonb_to_recordset($4::jsonb) AS x(question_id uuid, value jsonb)`,
      [organizationId, enrollmentId, studentId, JSON.stringify(answers.map((a) => ({ question_id: a.questionId, value: a.value })))],
    );
  }

  /** Answers of these enrollments (archived questions included: old answers stay readable), in form order. */
  answersOfEnrollments(organizationId: string, enrollmentIds: string[], teacherOnly = false): Promise<AnswerRow[]> {
    if (!enrollmentIds.length) return Promise.resolve([]);
    return this.db.query(
      `SELECT ${ANSWER} FROM registration_answers a JOIN registration_questions q ON q.id = a.question_id
        WHERE a.organization_id = $1 AND a.enrollment_id = ANY ($2::uuid[]) AND (NOT $3 OR q.show_to_teacher)
        ORDER BY a.enrollment_id, q.position, q.created_at, q.id`,
      [organizationId, enrollmentIds, teacherOnly],
    );
  }

  answersOfStudent(organizationId: string, studentId: string): Promise<AnswerRow[]> {
    return this.db.query(
      `SELECT ${ANSWER} FROM registration_answers a JOIN registration_questions q ON q.id = a.question_id
        WHERE a.organization_id = $1 AND a.student_id = $2
        ORDER BY a.created_at, q.position, q.id`,
      [organizationId, studentId],
    );
  }

  answersOfOrganization(organizationId: string): Promise<AnswerRow[]> {
    return this.db.query(
      `SELECT ${ANSWER} FROM registration_answers a JOIN registration_questions q ON q.id = a.question_id
        WHERE a.organization_id = $1 ORDER BY a.created_at, q.position, q.id`,
      [organizationId],
    );
  }

  async eraseStudent(m: EntityManager, organizationId: string, studentId: string): Promise<void> {
    await m.query(`DELETE FROM registration_answers WHERE organization_id = $1 AND student_id = $2`, [organizationId, studentId]);
  }
}
