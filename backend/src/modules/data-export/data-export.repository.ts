import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** One file of the export: its name and the query of its rows ($1 the organization, $2 the last key read). */
export interface SqlExportTable {
  file: string;
  /**
   * Selects `key` and the columns, ordered by the key, after `$2`. Tables keyed by a uuid page on their primary
   * key (`id > $2::uuid ORDER BY id`, an index range scan per page); `first` is the key before every row.
   */
  sql: string;
  first?: string;
}

/** A file whose rows the owning module's service pages out (its table is not read here). */
export interface OwnedExportTable {
  file: string;
  owner: 'communications';
}

export type ExportTable = SqlExportTable | OwnedExportTable;

const NO_UUID = '00000000-0000-0000-0000-000000000000';

const PAGE = 1000;

/**
 * The organization's whole data, one file per table. A read model over tables other modules own
 * (read only, like the reports), except the communications log, which its module's service pages out. Rows are read in pages of 1,000 by key, so an export of any size streams in bounded memory.
 */
export const EXPORT_TABLES: ExportTable[] = [
  {
    file: 'classes.csv',
    sql: `SELECT id::text AS key, id, title, description, instructor, location, status, (price_cents / 100.0)::numeric(12,2) AS price,
                 (discount_price_cents / 100.0)::numeric(12,2) AS discount_price, max_students, enrolled_students, start_date, duration, days,
                 schedule, information, materials::text AS materials, created_at, updated_at,
                 min_enrollment, decision_hours_before, auto_cancel_below_minimum, go_no_go, decided_at
            FROM classes WHERE organization_id = $1 AND id > $2::uuid ORDER BY id`,
  },
  {
    file: 'sessions.csv',
    sql: `SELECT c.id::text || ':' || lpad(s.idx::text, 4, '0') AS key, c.id AS class_id, c.title AS class_title, s.idx + 1 AS session,
                 class_session_start(c.start_date, c.schedule, s.idx) AS starts_at,
                 c.duration AS duration_minutes
            FROM classes c CROSS JOIN LATERAL generate_series(0, LEAST(c.days, 366) - 1) AS s(idx)
           WHERE c.organization_id = $1 AND c.id::text || ':' || lpad(s.idx::text, 4, '0') > $2 ORDER BY 1`,
    first: '',
  },
  {
    file: 'students.csv',
    sql: `SELECT id::text AS key, id, first_name, last_name, email, phone, status, communication_opt_in, stripe_customer_id,
                 registration_date, created_at, updated_at, household_contact_id, date_of_birth
            FROM students WHERE organization_id = $1 AND id > $2::uuid ORDER BY id`,
  },
  {
    file: 'enrollments.csv',
    sql: `SELECT id::text AS key, id, student_id, class_id, status, enrollment_date, payment_method, payment_status,
                 registered_first_name, registered_last_name, registered_phone, registered_communication_opt_in, cancelled_at,
                 household_group_id
            FROM enrollments WHERE organization_id = $1 AND id > $2::uuid ORDER BY id`,
  },
  {
    file: 'payments.csv',
    sql: `SELECT id::text AS key, id AS enrollment_id, student_id, class_id, payment_method, payment_status,
                 (amount_paid_cents / 100.0)::numeric(12,2) AS amount_paid, (platform_fee_cents / 100.0)::numeric(12,2) AS platform_fee,
                 (organization_amount_cents / 100.0)::numeric(12,2) AS organization_amount, (refunded_cents / 100.0)::numeric(12,2) AS refunded, paid_at,
                 stripe_payment_intent_id, stripe_charge_id
            FROM enrollments WHERE organization_id = $1 AND (amount_paid_cents > 0 OR paid_at IS NOT NULL) AND id > $2::uuid ORDER BY id`,
  },
  {
    file: 'refunds.csv',
    sql: `SELECT id::text AS key, id, enrollment_id, (amount_cents / 100.0)::numeric(12,2) AS amount, status, reason, source, stripe_refund_id,
                 created_by, created_at
            FROM refunds WHERE organization_id = $1 AND id > $2::uuid ORDER BY id`,
  },
  {
    file: 'attendance.csv',
    sql: `SELECT id::text AS key, id, class_id, student_id, session_index + 1 AS session, session_date, attended, marked_by, updated_at
            FROM attendance WHERE organization_id = $1 AND id > $2::uuid ORDER BY id`,
  },
  {
    file: 'session-notes.csv',
    sql: `SELECT class_id::text || ':' || lpad(session_index::text, 4, '0') AS key, class_id, session_index + 1 AS session, notes, updated_by, updated_at
            FROM session_notes WHERE organization_id = $1 AND class_id::text || ':' || lpad(session_index::text, 4, '0') > $2 ORDER BY 1`,
    first: '',
  },
  {
    file: 'waitlist.csv',
    sql: `SELECT id::text AS key, id, class_id, first_name, last_name, email, phone, communication_opt_in, status, offer_count, offered_at,
                 offer_expires_at, accepted_enrollment_id, created_at AS joined_at, updated_at
            FROM waitlist_entries WHERE organization_id = $1 AND id > $2::uuid ORDER BY id`,
  },
  // The communications log (rating requests included), from CommunicationsService.exportLog.
  { file: 'communications.csv', owner: 'communications' },
  {
    file: 'ratings.csv',
    sql: `SELECT id::text AS key, id, class_id, student_id, rating, created_at, updated_at
            FROM satisfaction_ratings WHERE organization_id = $1 AND id > $2::uuid ORDER BY id`,
  },
  {
    file: 'registration-answers.csv',
    sql: `SELECT a.id::text AS key, a.id, a.enrollment_id, a.student_id, a.question_id, q.label AS question, q.type,
                 a.value::text AS value, a.created_at
            FROM registration_answers a JOIN registration_questions q ON q.id = a.question_id
           WHERE a.organization_id = $1 AND a.id > $2::uuid ORDER BY a.id`,
  },
  {
    file: 'waiver-acceptances.csv',
    sql: `SELECT a.id::text AS key, a.id, a.enrollment_id, a.student_id, a.waiver_id, w.title AS waiver, a.version, a.sha256,
                 a.signed_name, a.signed_as, a.accepted_at, a.client_ip, a.user_agent
            FROM waiver_acceptances a JOIN waivers w ON w.id = a.waiver_id
           WHERE a.organization_id = $1 AND a.id > $2::uuid ORDER BY a.id`,
  },
  {
    file: 'activity.csv',
    sql: `SELECT id::text AS key, id, event_type, event_date, description, metadata::text AS metadata, client_reported
            FROM activity_events WHERE organization_id = $1 AND id > $2::uuid ORDER BY id`,
  },
];

@Injectable()
export class DataExportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The rows of one table, page by page (each page one query); the `key` column is dropped. */
  async *rows(table: SqlExportTable, organizationId: string): AsyncGenerator<Record<string, unknown>> {
    let last = table.first ?? NO_UUID;
    for (;;) {
      const page: Record<string, unknown>[] = await this.db.query(`${table.sql} LIMIT ${PAGE}`, [organizationId, last]);
      for (const { key, ...row } of page) {
        last = key as string;
        yield row;
      }
      if (page.length < PAGE) return;
    }
  }

  async organization(organizationId: string) {
    const [row] = await this.db.query(
      `SELECT id, name, domain, contact_info AS "contactInfo", branding, settings, plan_id AS "planId",
              subscription_status AS "subscriptionStatus", created_at AS "createdAt", updated_at AS "updatedAt"
         FROM organizations WHERE id = $1`,
      [organizationId],
    );
    return row ?? null;
  }

  /**
   * Everything stored about one student of the organization in the tables read here; null when not found there.
   * Their messages come from CommunicationsService (the service adds them).
   */
  async student(organizationId: string, studentId: string) {
    const [student] = await this.db.query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone, status, communication_opt_in AS "communicationOptIn",
              registration_date AS "registrationDate", created_at AS "createdAt", updated_at AS "updatedAt"
         FROM students WHERE id = $1 AND organization_id = $2`,
      [studentId, organizationId],
    );
    if (!student) return null;
    const q = (sql: string) => this.db.query(sql, [studentId, organizationId]);
    const [enrollments, refunds, attendance, ratings, activity] = await Promise.all([
      q(`SELECT e.id, e.class_id AS "classId", c.title AS "className", e.status, e.enrollment_date AS "enrollmentDate",
                e.payment_method AS "paymentMethod", e.payment_status AS "paymentStatus", (e.amount_paid_cents / 100.0)::numeric(12,2) AS "amountPaid",
                (e.refunded_cents / 100.0)::numeric(12,2) AS refunded, e.paid_at AS "paidAt", e.cancelled_at AS "cancelledAt",
                e.registered_first_name AS "registeredFirstName", e.registered_last_name AS "registeredLastName",
                e.registered_phone AS "registeredPhone", e.registered_communication_opt_in AS "registeredCommunicationOptIn"
           FROM enrollments e JOIN classes c ON c.id = e.class_id WHERE e.student_id = $1 AND e.organization_id = $2 ORDER BY e.enrollment_date`),
      q(`SELECT r.id, r.enrollment_id AS "enrollmentId", (r.amount_cents / 100.0)::numeric(12,2) AS amount, r.status, r.reason, r.created_at AS "createdAt"
           FROM refunds r JOIN enrollments e ON e.id = r.enrollment_id WHERE e.student_id = $1 AND r.organization_id = $2 ORDER BY r.created_at`),
      q(`SELECT class_id AS "classId", session_index + 1 AS session, session_date AS "sessionDate", attended
           FROM attendance WHERE student_id = $1 AND organization_id = $2 ORDER BY class_id, session_index`),
      q(
        `SELECT class_id AS "classId", rating, created_at AS "createdAt" FROM satisfaction_ratings WHERE student_id = $1 AND organization_id = $2`,
      ),
      q(`SELECT id, event_type AS "eventType", event_date AS "eventDate", description, metadata
           FROM activity_events WHERE metadata->>'studentId' = $1::text AND organization_id = $2 AND NOT client_reported ORDER BY event_date`),
    ]);
    return { student, enrollments, refunds, attendance, ratings, activity };
  }
}

/** A person on a class roster or in the students list, for the spreadsheet downloads. */
export interface SheetPerson {
  id: string;
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  contact: string | null;
  dateOfBirth: string | null;
  status: string;
  paymentMethod?: string;
  paymentStatus?: string;
  amountPaid?: string;
  date: Date;
}

export interface SheetQuestion {
  id: string;
  label: string;
}

/** The spreadsheet downloads (class roster, students): people, the form's questions, and the answers they gave. */
@Injectable()
export class SheetsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async classTitle(organizationId: string, classId: string): Promise<string | null> {
    const [row] = await this.db.query(`SELECT title FROM classes WHERE organization_id = $1 AND id = $2`, [organizationId, classId]);
    return row?.title ?? null;
  }

  /** The class's roster: one row per person enrolled (a household's attendees each on their own row). */
  roster(organizationId: string, classId: string): Promise<SheetPerson[]> {
    return this.db.query(
      `SELECT e.id, s.id AS "studentId", s.first_name AS "firstName", s.last_name AS "lastName", s.email, s.phone,
              nullif(concat_ws(' ', h.first_name, h.last_name), '') AS contact, to_char(s.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
              e.status, e.payment_method AS "paymentMethod", e.payment_status AS "paymentStatus",
              (e.amount_paid_cents / 100.0)::numeric(12,2)::text AS "amountPaid", e.enrollment_date AS date
         FROM enrollments e JOIN students s ON s.id = e.student_id LEFT JOIN students h ON h.id = s.household_contact_id
        WHERE e.organization_id = $1 AND e.class_id = $2 AND e.status IN ('active', 'held')
        ORDER BY lower(s.last_name), lower(s.first_name), e.id`,
      [organizationId, classId],
    );
  }

  /** Every student of the organization. */
  students(organizationId: string): Promise<SheetPerson[]> {
    return this.db.query(
      `SELECT s.id, s.id AS "studentId", s.first_name AS "firstName", s.last_name AS "lastName", s.email, s.phone,
              nullif(concat_ws(' ', h.first_name, h.last_name), '') AS contact, to_char(s.date_of_birth, 'YYYY-MM-DD') AS "dateOfBirth",
              s.status, s.registration_date AS date
         FROM students s LEFT JOIN students h ON h.id = s.household_contact_id
        WHERE s.organization_id = $1
        ORDER BY lower(s.last_name), lower(s.first_name), s.id`,
      [organizationId],
    );
  }

  /**
   * The columns: the questions asked now (for this class, when given) and any other question answered by these
   * people (an archived or since narrowed question keeps its answers readable), in form order.
   */
  questions(organizationId: string, classId: string | null, answered: string[]): Promise<SheetQuestion[]> {
    return this.db.query(
      `SELECT q.id, q.label FROM registration_questions q
        WHERE q.organization_id = $1
          AND ((q.archived_at IS NULL AND q.active AND ($2::uuid IS NULL OR q.class_ids IS NULL OR $2 = ANY (q.class_ids)))
               OR q.id = ANY ($3::uuid[]))
        ORDER BY q.position, q.created_at, q.id`,
      [organizationId, classId, answered],
    );
  }

  /** Answers by enrollment (the roster). */
  answersOfEnrollments(organizationId: string, enrollmentIds: string[]): Promise<{ rowId: string; questionId: string; value: unknown }[]> {
    return this.db.query(
      `SELECT enrollment_id AS "rowId", question_id AS "questionId", value FROM registration_answers
        WHERE organization_id = $1 AND enrollment_id = ANY ($2::uuid[])`,
      [organizationId, enrollmentIds],
    );
  }

  /** Answers by student: the newest answer each student gave to each question (the students list). */
  answersOfStudents(organizationId: string): Promise<{ rowId: string; questionId: string; value: unknown }[]> {
    return this.db.query(
      `SELECT DISTINCT ON (student_id, question_id) student_id AS "rowId", question_id AS "questionId", value
         FROM registration_answers WHERE organization_id = $1
        ORDER BY student_id, question_id, created_at DESC, id`,
      [organizationId],
    );
  }
}
