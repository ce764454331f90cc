import { preparedSelectOnce } from '../../common/db/prepared';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { idFilter, referenceFilter, type ListParams } from '../../common/http/list-query';
import { StudentEntity } from '../students/student.entity';
import type { EnrollmentRow, RefundRow } from './enrollment.entity';

/** Enrollments that take a seat and count as registered: rosters, references and counts read only these. */
const ACTIVE = "e.status = 'active'";
/**
 * What an admin sees of a student's enrollments: everything but a lapsed hold that never took money (an
 * abandoned card payment is noise); held ones show as awaiting card payment, cancelled ones keep their money trail.
 */
const VISIBLE = "(e.status <> 'expired' OR e.amount_paid_cents > 0)";
/**
 * The refunds of an enrollment as a JSON array: a read of the payments module's refunds table (read only) so a
 * student page stays one round trip; the payments module imports this one, so asking it would be a cycle.
 */
const REFUNDS_JSON = `(SELECT coalesce(json_agg(json_build_object('id', r.id, 'amountCents', r.amount_cents, 'status', r.status,
    'source', r.source, 'reason', r.reason, 'createdAt', r.created_at) ORDER BY r.created_at, r.id), '[]')
    FROM refunds r WHERE r.enrollment_id = e.id)`;

const SORT_COLUMNS: Record<string, string> = {
  name: "lower(s.last_name || ' ' || s.first_name)",
  email: 'lower(s.email)',
  classes: `(SELECT count(*) FROM enrollments e WHERE e.student_id = s.id AND ${ACTIVE})`,
  date: 's.created_at',
  createdAt: 's.created_at',
  lastName: 'lower(s.last_name)',
  firstName: 'lower(s.first_name)',
  id: 's.id',
};
export const STUDENT_SORT_FIELDS = Object.keys(SORT_COLUMNS);

/**
 * The page of students (the builder's SQL) with each student's visible enrollments as a JSON array, in one
 * statement. The enrollments, class titles and refunds of the whole page are read and grouped once, set-wise,
 * instead of a subquery run per student (and a refunds subquery per enrollment): about half the PostgreSQL time
 * for a page of 10-25 students (docs/benchmarks/ceiling.md, "The students list's SQL").
 */
function withEnrollments(page: string): string {
  return `WITH page AS (${page}),
  enr AS MATERIALIZED (
    SELECT e.*, c.title AS class_title FROM enrollments e JOIN classes c ON c.id = e.class_id
     WHERE e.student_id IN (SELECT s_id FROM page) AND ${VISIBLE}
  ),
  ref AS (
    SELECT r.enrollment_id, json_agg(json_build_object('id', r.id, 'amountCents', r.amount_cents, 'status', r.status,
           'source', r.source, 'reason', r.reason, 'createdAt', r.created_at) ORDER BY r.created_at, r.id) AS refunds
      FROM refunds r WHERE r.enrollment_id IN (SELECT id FROM enr) GROUP BY r.enrollment_id
  ),
  agg AS (
    SELECT enr.student_id, json_agg(json_build_object(${ENROLLMENT_JSON_FIELDS}, 'classTitle', enr.class_title,
           'refunds', coalesce(ref.refunds, '[]'::json)) ORDER BY enr.enrollment_date, enr.id) AS enrollments_json
      FROM enr LEFT JOIN ref ON ref.enrollment_id = enr.id GROUP BY enr.student_id
  )
  SELECT page.*, coalesce(agg.enrollments_json, '[]'::json) AS enrollments_json
    FROM page LEFT JOIN agg ON agg.student_id = page.s_id ORDER BY page.page_order`;
}

/** The enrollment columns `toEnrollmentRow` reads, as `json_build_object` pairs of the `enr` rows. */
const ENROLLMENT_JSON_FIELDS = [
  'id',
  'organization_id',
  'student_id',
  'class_id',
  'enrollment_date',
  'payment_status',
  'payment_method',
  'amount_paid_cents',
  'paid_at',
  'status',
  'hold_expires_at',
  'platform_fee_cents',
  'organization_amount_cents',
  'refunded_cents',
  'stripe_payment_intent_id',
  'cancelled_at',
  'registered_first_name',
  'registered_last_name',
  'registered_phone',
  'registered_communication_opt_in',
  'price_breakdown',
  'amount_due_cents',
  'class_session_id',
  'past_due_since',
]
  .map((c) => `'${c}', enr.${c}`)
  .join(', ');

/**
 * The admin's student records: a read model of `students` (the students module's) with their enrollments (this
 * module's), the class titles (read only from `classes`) and refunds (read only from the payments module's `refunds`),
 * so a page of students stays one round trip.
 */
@Injectable()
export class StudentRecordsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One page of students with their enrollments and the total, in one round trip: `count(*) OVER ()` for
   * the total and the enrollments as a JSON array per row. A second query only for a page past the end.
   */
  async list(
    organizationId: string,
    params: ListParams,
  ): Promise<{ rows: StudentEntity[]; enrollments: Map<string, EnrollmentRow[]>; total: number }> {
    // The filters' values, and which of them are present: the statement's text depends only on the latter (and the
    // page), so TypeORM builds it once per shape (preparedSelectOnce).
    const { q, status } = params.filter as { q?: unknown; status?: unknown };
    const classId = referenceFilter(params.filter, 'classId');
    const values = {
      organizationId,
      q: typeof q === 'string' && q.trim() ? `%${q.trim().replace(/[%_\\]/g, '\\$&')}%` : undefined,
      status: typeof status === 'string' && status ? status : undefined,
      ids: idFilter(params.filter),
      classId: classId === undefined ? undefined : classId || null,
    };
    const build = (v: typeof values) => {
      const qb = this.db
        .getRepository(StudentEntity)
        .createQueryBuilder('s')
        .where('s.organization_id = :organizationId', { organizationId: v.organizationId });
      if (values.q !== undefined) {
        qb.andWhere("(s.first_name || ' ' || s.last_name ILIKE :q OR s.email ILIKE :q OR s.phone ILIKE :q)", { q: v.q });
      }
      if (values.status !== undefined) qb.andWhere('s.status = :status', { status: v.status });
      if (values.ids) qb.andWhere('s.id = ANY(:ids::uuid[])', { ids: v.ids });
      // getManyReference from a class: the students enrolled in it.
      if (values.classId !== undefined) {
        qb.andWhere(
          `s.id IN (SELECT e.student_id FROM enrollments e WHERE e.class_id = :classId::uuid AND e.organization_id = :organizationId AND ${ACTIVE})`,
          { classId: v.classId },
        );
      }
      return qb;
    };
    const order = `${SORT_COLUMNS[params.sortField]} ${params.sortOrder}, s.id ASC`;
    const shape = [
      'students.admin',
      values.q !== undefined,
      values.status !== undefined,
      !!values.ids,
      values.classId !== undefined,
      params.sortField,
      params.sortOrder,
      params.offset,
      params.limit,
    ].join('|');
    const { entities, raw } = await preparedSelectOnce<
      StudentEntity,
      typeof values,
      { s_id: string; total_count: string; enrollments_json: Record<string, unknown>[] }
    >(
      this.db,
      shape,
      (v) =>
        build(v)
          .addSelect('count(*) OVER ()', 'total_count')
          // The page's own order, kept as a number: the enrollments are joined to the page afterwards.
          .addSelect(`row_number() OVER (ORDER BY ${order})`, 'page_order')
          .orderBy(SORT_COLUMNS[params.sortField], params.sortOrder)
          .addOrderBy('s.id', 'ASC')
          .offset(params.offset)
          .limit(params.limit),
      values,
      withEnrollments,
    );
    const enrollments = new Map(raw.map((r) => [r.s_id, r.enrollments_json.map(toEnrollmentRow)]));
    if (entities.length) return { rows: entities, enrollments, total: Number(raw[0].total_count) };
    return {
      rows: entities,
      enrollments,
      total: params.offset === 0 ? 0 : await build(values).getCount(),
    };
  }

  /**
   * Enrollments of many students with the class title and refunds, in one query: the ones an admin sees, or
   * (`seatTaking`) only those that hold a seat (held and active), which the admin form edits.
   */
  async enrollmentsOf(
    studentIds: string[],
    manager: EntityManager = this.db.manager,
    seatTaking = false,
  ): Promise<Map<string, EnrollmentRow[]>> {
    const map = new Map<string, EnrollmentRow[]>();
    if (!studentIds.length) return map;
    const raw = await manager.query(
      `SELECT e.*, c.title AS "classTitle", ${REFUNDS_JSON} AS refunds FROM enrollments e JOIN classes c ON c.id = e.class_id
        WHERE e.student_id = ANY($1::uuid[]) AND ${seatTaking ? "e.status IN ('held', 'active')" : VISIBLE} ORDER BY e.enrollment_date`,
      [studentIds],
    );
    const rows = raw.map(toEnrollmentRow);
    for (const r of rows) map.set(r.studentId, [...(map.get(r.studentId) ?? []), r]);
    return map;
  }

  /** Students enrolled in one class with that enrollment, sorted by name. */
  async studentsOfClass(classId: string, organizationId: string): Promise<{ student: StudentEntity; enrollment: EnrollmentRow }[]> {
    const raw = await this.db.query(
      `SELECT s.id AS s_id, e.*, c.title AS "classTitle", ${REFUNDS_JSON} AS refunds
         FROM enrollments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id
        WHERE e.class_id = $1 AND e.organization_id = $2 AND ${ACTIVE}
        ORDER BY lower(s.last_name), lower(s.first_name)`,
      [classId, organizationId],
    );
    const ids = raw.map((r: { s_id: string }) => r.s_id);
    const students = ids.length ? await this.db.getRepository(StudentEntity).findBy({ id: In(ids) }) : [];
    const byId = new Map(students.map((s) => [s.id, s]));
    return raw.map((r: Record<string, unknown>) => ({ student: byId.get(r.s_id as string)!, enrollment: toEnrollmentRow(r) }));
  }
}

function toEnrollmentRow(r: Record<string, unknown>): EnrollmentRow {
  return {
    id: r.id as string,
    organizationId: r.organization_id as string,
    studentId: r.student_id as string,
    classId: r.class_id as string,
    enrollmentDate: new Date(r.enrollment_date as string),
    paymentStatus: r.payment_status as EnrollmentRow['paymentStatus'],
    paymentMethod: r.payment_method as EnrollmentRow['paymentMethod'],
    amountPaidCents: Number(r.amount_paid_cents),
    paidAt: r.paid_at ? new Date(r.paid_at as string) : null,
    status: (r.status as EnrollmentRow['status']) ?? 'active',
    holdExpiresAt: r.hold_expires_at ? new Date(r.hold_expires_at as string) : null,
    platformFeeCents: Number(r.platform_fee_cents ?? 0),
    organizationAmountCents: Number(r.organization_amount_cents ?? 0),
    refundedCents: Number(r.refunded_cents ?? 0),
    stripePaymentIntentId: (r.stripe_payment_intent_id as string | null) ?? null,
    cancelledAt: r.cancelled_at ? new Date(r.cancelled_at as string) : null,
    refunds: ((r.refunds as RefundRow[] | undefined) ?? []).map((x) => ({ ...x, createdAt: new Date(x.createdAt) })),
    classTitle: r.classTitle as string,
    registeredFirstName: (r.registered_first_name as string | null) ?? null,
    registeredLastName: (r.registered_last_name as string | null) ?? null,
    registeredPhone: (r.registered_phone as string | null) ?? null,
    registeredCommunicationOptIn: (r.registered_communication_opt_in as boolean | null) ?? null,
    priceBreakdown: (r.price_breakdown as EnrollmentRow['priceBreakdown']) ?? null,
    amountDueCents: r.amount_due_cents === null || r.amount_due_cents === undefined ? null : Number(r.amount_due_cents),
    classSessionId: (r.class_session_id as string | null) ?? null,
    pastDueSince: r.past_due_since ? new Date(r.past_due_since as string) : null,
  };
}
