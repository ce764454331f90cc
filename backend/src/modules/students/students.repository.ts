import { preparedSelect } from '../../common/db/prepared';
import { returning } from '../../common/db/returning';
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { idFilter, referenceFilter, type ListParams } from '../../common/http/list-query';
import {
  EnrollmentEntity,
  StudentEntity,
  type EnrolledStudent,
  type EnrollmentRow,
  type EnrollmentStatus,
  type LockedEnrollment,
  type PaymentRow,
  type RefundRow,
} from './student.entity';

const PAYMENT_COLUMNS = `e.id, s.first_name || ' ' || s.last_name AS "studentName", c.title AS "className",
  e.amount_paid_cents AS "amountCents", e.platform_fee_cents AS "platformFeeCents",
  e.organization_amount_cents AS "organizationAmountCents", e.refunded_cents AS "refundedCents",
  e.payment_method AS "paymentMethod", e.payment_status AS "paymentStatus", e.status AS "enrollmentStatus",
  coalesce(e.paid_at, e.enrollment_date) AS "transactionDate", e.stripe_payment_intent_id AS "stripePaymentIntentId"`;

/** Money that moved through Stripe is never reset: a card payment, or any row tied to a PaymentIntent. */
const IN_PERSON = "payment_method = 'in-person' AND stripe_payment_intent_id IS NULL";

/** The enrollment columns RETURNING gives back, in the shape of EnrollmentEntity. */
const RETURNING = `RETURNING id, organization_id AS "organizationId", student_id AS "studentId", class_id AS "classId",
  enrollment_date AS "enrollmentDate", payment_status AS "paymentStatus", payment_method AS "paymentMethod",
  amount_paid_cents AS "amountPaidCents", paid_at AS "paidAt", status, hold_expires_at AS "holdExpiresAt",
  stripe_payment_intent_id AS "stripePaymentIntentId", platform_fee_cents AS "platformFeeCents",
  organization_amount_cents AS "organizationAmountCents", refunded_cents AS "refundedCents", cancelled_at AS "cancelledAt"`;

/** Enrollments that take a seat and count as registered: rosters, references and counts read only these. */
const ACTIVE = "e.status = 'active'";
/**
 * What an admin sees of a student's enrollments: everything but a lapsed hold that never took money (an
 * abandoned card payment is noise); held ones show as awaiting card payment, cancelled ones keep their money trail.
 */
const VISIBLE = "(e.status <> 'expired' OR e.amount_paid_cents > 0)";
/**
 * The refunds of an enrollment as a JSON array: a read of the payments module's refunds table (read only) so a
 * student page stays one round trip; payments imports students, so asking PaymentsService would be a cycle.
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
 * students and enrollments: the students module's tables (payments and attendance change or lock
 * enrollments through StudentsService). The lists join `classes` read-only for the class title, so a page
 * stays one round trip (issue 8 §4).
 */
@Injectable()
export class StudentsRepository {
  constructor(
    @InjectRepository(StudentEntity) private readonly students: Repository<StudentEntity>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  findInOrganization(id: string, organizationId: string, manager: EntityManager = this.db.manager) {
    return manager.getRepository(StudentEntity).findOne({ where: { id, organizationId } });
  }

  listContacts(
    organizationId: string,
  ): Promise<{ id: string; firstName: string; lastName: string; email: string; phone: string; communicationOptIn: boolean }[]> {
    return this.db.query(
      `SELECT id, first_name AS "firstName", last_name AS "lastName", email, phone, communication_opt_in AS "communicationOptIn"
       FROM students WHERE organization_id = $1 ORDER BY lower(first_name), lower(last_name), id`,
      [organizationId],
    );
  }

  async communicationOptIns(ids: string[], manager: EntityManager = this.db.manager): Promise<Map<string, boolean>> {
    if (!ids.length) return new Map();
    const rows: { id: string; optIn: boolean }[] = await manager.query(
      'SELECT id, communication_opt_in AS "optIn" FROM students WHERE id = ANY($1)',
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.optIn]));
  }

  async setCommunicationOptIn(organizationId: string, id: string, optIn: boolean): Promise<boolean> {
    const rows: [unknown[], number] = await this.db.query(
      'UPDATE students SET communication_opt_in = $3, updated_at = now() WHERE id = $1 AND organization_id = $2 RETURNING id',
      [id, organizationId, optIn],
    );
    return rows[0].length > 0;
  }

  /**
   * Whether the student counts toward the plan's maxStudents: it has no enrollment (added by an admin) or one that
   * is not `expired` (held, active, cancelled). Only card attempts that never completed leave a student uncounted.
   */
  async countsTowardLimit(manager: EntityManager, studentId: string): Promise<boolean> {
    const [row] = await manager.query(
      `SELECT EXISTS (SELECT 1 FROM enrollments WHERE student_id = $1 AND status <> 'expired')
           OR NOT EXISTS (SELECT 1 FROM enrollments WHERE student_id = $1) AS counted`,
      [studentId],
    );
    return row.counted as boolean;
  }

  findByEmail(organizationId: string, email: string, manager: EntityManager = this.db.manager) {
    return (
      manager
        .getRepository(StudentEntity)
        .createQueryBuilder('s')
        // Household attendees share their contact's email: the email names the contact (issue 14 §2).
        .where('s.organization_id = :organizationId AND lower(s.email) = lower(:email) AND s.household_contact_id IS NULL', {
          organizationId,
          email,
        })
        .getOne()
    );
  }

  /**
   * One page of students with their enrollments and the total, in one round trip: `count(*) OVER ()` for
   * the total and the enrollments as a JSON array per row. A second query only for a page past the end.
   */
  async list(
    organizationId: string,
    params: ListParams,
  ): Promise<{ rows: StudentEntity[]; enrollments: Map<string, EnrollmentRow[]>; total: number }> {
    const qb = this.students.createQueryBuilder('s').where('s.organization_id = :organizationId', { organizationId });
    const { q, status } = params.filter as { q?: unknown; status?: unknown };
    if (typeof q === 'string' && q.trim()) {
      qb.andWhere("(s.first_name || ' ' || s.last_name ILIKE :q OR s.email ILIKE :q OR s.phone ILIKE :q)", {
        q: `%${q.trim().replace(/[%_\\]/g, '\\$&')}%`,
      });
    }
    if (typeof status === 'string' && status) qb.andWhere('s.status = :status', { status });
    const ids = idFilter(params.filter);
    if (ids) qb.andWhere('s.id = ANY(:ids::uuid[])', { ids });
    // getManyReference from a class: the students enrolled in it.
    const classId = referenceFilter(params.filter, 'classId');
    if (classId !== undefined) {
      qb.andWhere(
        `s.id IN (SELECT e.student_id FROM enrollments e WHERE e.class_id = :classId::uuid AND e.organization_id = :organizationId AND ${ACTIVE})`,
        { classId: classId || null },
      );
    }
    qb.addSelect('count(*) OVER ()', 'total_count');
    qb.addSelect(
      `(SELECT coalesce(json_agg(to_jsonb(e) || jsonb_build_object('classTitle', c.title, 'refunds', ${REFUNDS_JSON}) ORDER BY e.enrollment_date), '[]')
          FROM enrollments e JOIN classes c ON c.id = e.class_id WHERE e.student_id = s.id AND ${VISIBLE})`,
      'enrollments_json',
    );
    qb.orderBy(SORT_COLUMNS[params.sortField], params.sortOrder).addOrderBy('s.id', 'ASC').offset(params.offset).limit(params.limit);
    const { entities, raw } = await preparedSelect<
      StudentEntity,
      { s_id: string; total_count: string; enrollments_json: Record<string, unknown>[] }
    >(this.db, qb);
    const enrollments = new Map(raw.map((r) => [r.s_id, r.enrollments_json.map(toEnrollmentRow)]));
    if (entities.length) return { rows: entities, enrollments, total: Number(raw[0].total_count) };
    return {
      rows: entities,
      enrollments,
      total: params.offset === 0 ? 0 : await qb.offset(undefined).limit(undefined).orderBy().getCount(),
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

  /** Where these enrollments of the organization stand now (a deleted one is simply absent). */
  async enrollmentStates(
    organizationId: string,
    ids: string[],
  ): Promise<Map<string, { status: EnrollmentStatus; cancelledAt: Date | null }>> {
    const rows: { id: string; status: EnrollmentStatus; cancelledAt: Date | null }[] = ids.length
      ? await this.db.query(
          'SELECT id, status, cancelled_at AS "cancelledAt" FROM enrollments WHERE organization_id = $1 AND id = ANY($2::uuid[])',
          [organizationId, ids],
        )
      : [];
    return new Map(rows.map((r) => [r.id, { status: r.status, cancelledAt: r.cancelledAt }]));
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
    const students = raw.length ? await this.students.findBy({ id: In(raw.map((r: { s_id: string }) => r.s_id)) }) : [];
    const byId = new Map(students.map((s) => [s.id, s]));
    return raw.map((r: Record<string, unknown>) => ({ student: byId.get(r.s_id as string)!, enrollment: toEnrollmentRow(r) }));
  }

  activeEnrollmentsOfClasses(classIds: string[]): Promise<
    {
      enrollmentId: string;
      classId: string;
      organizationId: string;
      studentId: string;
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      communicationOptIn: boolean;
      householdGroupId: string | null;
      contact: { studentId: string; firstName: string; lastName: string; email: string; phone: string; communicationOptIn: boolean };
    }[]
  > {
    if (!classIds.length) return Promise.resolve([]);
    // contact: whom a household attendee's messages go to (the household contact; the student themselves otherwise).
    return this.db.query(
      `SELECT e.id AS "enrollmentId", e.class_id AS "classId", e.organization_id AS "organizationId", s.id AS "studentId",
         s.first_name AS "firstName", s.last_name AS "lastName", s.email, s.phone, s.communication_opt_in AS "communicationOptIn",
         e.household_group_id AS "householdGroupId",
         json_build_object('studentId', hc.id, 'firstName', hc.first_name, 'lastName', hc.last_name, 'email', hc.email,
           'phone', hc.phone, 'communicationOptIn', hc.communication_opt_in) AS contact
       FROM enrollments e JOIN students s ON s.id = e.student_id JOIN students hc ON hc.id = coalesce(s.household_contact_id, s.id)
       WHERE e.class_id = ANY($1::uuid[]) AND e.status = 'active'
       ORDER BY e.enrollment_date, s.first_name, s.last_name, e.id`,
      [classIds],
    );
  }

  /** The student's registration (active) in the class, if any. */
  findEnrollment(studentId: string, classId: string, manager: EntityManager = this.db.manager) {
    return manager.getRepository(EnrollmentEntity).findOne({ where: { studentId, classId, status: 'active' } });
  }

  insertStudent(manager: EntityManager, data: Partial<StudentEntity>) {
    const repo = manager.getRepository(StudentEntity);
    return repo.save(repo.create(data));
  }

  saveStudent(manager: EntityManager, s: StudentEntity) {
    return manager.getRepository(StudentEntity).save(s);
  }

  async insertEnrollment(manager: EntityManager, data: Partial<EnrollmentEntity>) {
    const repo = manager.getRepository(EnrollmentEntity);
    return repo.save(repo.create(data));
  }

  async updateEnrollmentPayment(manager: EntityManager, id: string, patch: Partial<EnrollmentEntity>) {
    await manager.getRepository(EnrollmentEntity).update({ id }, patch);
  }

  /**
   * Deletes and returns the class ids of the seat-taking rows really deleted: the caller frees exactly those
   * seats (a cancelled or expired row gave its seat back already). With classIds, only seat-taking rows go.
   */
  async deleteEnrollments(manager: EntityManager, studentId: string, classIds?: string[]): Promise<string[]> {
    const rows: { class_id: string; status: string }[] = classIds
      ? await returning<{ class_id: string; status: string }>(
          manager,
          `DELETE FROM enrollments WHERE student_id = $1 AND class_id = ANY($2::uuid[]) AND status IN ('held', 'active')
           RETURNING class_id, status`,
          [studentId, classIds],
        )
      : await returning<{ class_id: string; status: string }>(
          manager,
          'DELETE FROM enrollments WHERE student_id = $1 RETURNING class_id, status',
          [studentId],
        );
    return rows.filter((r) => r.status === 'held' || r.status === 'active').map((r) => r.class_id);
  }

  /**
   * Class ids of the student's enrollments that carry a card payment (an open hold, or money taken by card):
   * those are cancelled (and refunded) through the payments routes, never deleted, so their trail is kept.
   */
  async cardEnrollmentClasses(manager: EntityManager, studentId: string, classIds?: string[]): Promise<string[]> {
    const rows: { class_id: string }[] = await manager.query(
      `SELECT class_id FROM enrollments WHERE student_id = $1 AND ($2::uuid[] IS NULL OR class_id = ANY($2::uuid[]))
          AND payment_method = 'card' AND (status = 'held' OR amount_paid_cents > 0 OR stripe_payment_intent_id IS NOT NULL)`,
      [studentId, classIds ?? null],
    );
    return rows.map((r) => r.class_id);
  }

  async deleteStudent(manager: EntityManager, id: string, organizationId: string): Promise<boolean> {
    const rows = await returning(manager, 'DELETE FROM students WHERE id = $1 AND organization_id = $2 RETURNING id', [id, organizationId]);
    return rows.length > 0;
  }

  /** Locks the enrollment row for the transaction, so two marks of one enrollment run one after the other. */
  async lockEnrollment(
    manager: EntityManager,
    organizationId: string,
    studentId: string,
    classId: string,
  ): Promise<LockedEnrollment | null> {
    const rows = await manager.query(
      `SELECT id, payment_status AS "paymentStatus", payment_method AS "paymentMethod", amount_paid_cents AS "amountPaidCents"
         FROM enrollments WHERE organization_id = $1 AND student_id = $2 AND class_id = $3 AND status = 'active' FOR UPDATE`,
      [organizationId, studentId, classId],
    );
    return rows[0] ?? null;
  }

  /**
   * pending -> completed, in person, for the amount due. The WHERE re-checks the status, so a second
   * click updates nothing and cannot record a second payment.
   */
  async markEnrollmentPaidInPerson(manager: EntityManager, enrollmentId: string, amountCents: number): Promise<EnrollmentEntity | null> {
    const rows = await returning<EnrollmentEntity>(
      manager,
      `UPDATE enrollments SET payment_status = 'completed', payment_method = 'in-person', amount_paid_cents = $2
        WHERE id = $1 AND payment_status = 'pending' AND status = 'active' ${RETURNING}`,
      [enrollmentId, amountCents],
    );
    return rows[0] ?? null;
  }

  /** completed (in person only) -> pending with nothing paid; a card payment is never undone here. */
  async markEnrollmentUnpaid(manager: EntityManager, enrollmentId: string): Promise<EnrollmentEntity | null> {
    const rows = await returning<EnrollmentEntity>(
      manager,
      `UPDATE enrollments SET payment_status = 'pending', amount_paid_cents = 0
        WHERE id = $1 AND payment_status = 'completed' AND payment_method = 'in-person' AND status = 'active' ${RETURNING}`,
      [enrollmentId],
    );
    return rows[0] ?? null;
  }

  /** The class's enrolled students, sorted by name. */
  rosterOfClass(classId: string, organizationId: string, manager: EntityManager = this.db.manager): Promise<EnrolledStudent[]> {
    return manager.query(
      `SELECT s.id, s.first_name AS "firstName", s.last_name AS "lastName"
         FROM enrollments e JOIN students s ON s.id = e.student_id
        WHERE e.class_id = $1 AND e.organization_id = $2 AND ${ACTIVE}
        ORDER BY lower(s.last_name), lower(s.first_name), s.id`,
      [classId, organizationId],
    );
  }

  /**
   * Which of these students are enrolled in the class, with their names. The enrollment rows are
   * share-locked so an enrollment cannot be cancelled between this check and the write.
   */
  lockEnrolledInClass(manager: EntityManager, classId: string, organizationId: string, studentIds: string[]): Promise<EnrolledStudent[]> {
    return manager.query(
      `SELECT s.id, s.first_name AS "firstName", s.last_name AS "lastName"
         FROM enrollments e JOIN students s ON s.id = e.student_id
        WHERE e.class_id = $1 AND e.organization_id = $2 AND e.student_id = ANY($3::uuid[]) AND ${ACTIVE}
        FOR SHARE OF e`,
      [classId, organizationId, studentIds],
    );
  }

  /** Students and registered (active) enrollments per organization, for the IT-admin overview. */
  async countsByOrganization(organizationIds: string[]): Promise<Map<string, { students: number; enrollments: number }>> {
    const rows: { id: string; students: number; enrollments: number }[] = await this.db.query(
      `SELECT o.id, coalesce(s.n, 0) AS students, coalesce(e.n, 0) AS enrollments
         FROM unnest($1::uuid[]) AS o(id)
         LEFT JOIN (SELECT organization_id, count(*)::int AS n FROM students WHERE organization_id = ANY($1::uuid[]) GROUP BY 1) s
           ON s.organization_id = o.id
         LEFT JOIN (SELECT organization_id, count(*)::int AS n FROM enrollments
                     WHERE organization_id = ANY($1::uuid[]) AND status = 'active' GROUP BY 1) e
           ON e.organization_id = o.id`,
      [organizationIds],
    );
    return new Map(rows.map((r) => [r.id, { students: r.students, enrollments: r.enrollments }]));
  }

  /**
   * An organization's payments (paid, or with money recorded), newest first, with the total; the student's and
   * class's names joined in (one round trip).
   */
  async paymentsOfOrganization(organizationId: string, offset: number, limit: number): Promise<[PaymentRow[], number]> {
    const rows: (PaymentRow & { total: number })[] = await this.db.query(
      `SELECT ${PAYMENT_COLUMNS}, count(*) OVER ()::int AS total
         FROM enrollments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id
        WHERE e.organization_id = $1 AND (e.payment_status = 'completed' OR e.amount_paid_cents > 0)
        ORDER BY "transactionDate" DESC, e.id
        OFFSET $2 LIMIT $3`,
      [organizationId, offset, limit],
    );
    return [rows.map(({ total: _t, ...r }) => r), rows[0]?.total ?? 0];
  }

  /**
   * Every in-person payment of the organization back to pending with nothing paid; card payments (money moved
   * through Stripe) are never touched and come back as skipped. The rows are locked first, so what is listed is
   * exactly what the UPDATE changed. Run inside the caller's transaction (a dry run rolls it back).
   */
  async resetInPersonPayments(manager: EntityManager, organizationId: string): Promise<{ reset: PaymentRow[]; skipped: PaymentRow[] }> {
    const candidates: PaymentRow[] = await manager.query(
      `SELECT ${PAYMENT_COLUMNS}
         FROM enrollments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id
        WHERE e.organization_id = $1 AND e.payment_status <> 'pending'
        ORDER BY "transactionDate" DESC, e.id
        FOR UPDATE OF e`,
      [organizationId],
    );
    const changed = await returning<{ id: string }>(
      manager,
      `UPDATE enrollments SET payment_status = 'pending', amount_paid_cents = 0
        WHERE organization_id = $1 AND payment_status <> 'pending' AND ${IN_PERSON}
        RETURNING id`,
      [organizationId],
    );
    const ids = new Set(changed.map((r) => r.id));
    return { reset: candidates.filter((r) => ids.has(r.id)), skipped: candidates.filter((r) => !ids.has(r.id)) };
  }

  /** Deletes every student of the organization with their enrollments; answers the class ids whose seats were taken. */
  async deleteAllOfOrganization(
    manager: EntityManager,
    organizationId: string,
  ): Promise<{ students: number; enrollments: number; seatClassIds: string[] }> {
    const enrollments = await returning<{ class_id: string; status: string }>(
      manager,
      'DELETE FROM enrollments WHERE organization_id = $1 RETURNING class_id, status',
      [organizationId],
    );
    const students = await returning<{ id: string }>(manager, 'DELETE FROM students WHERE organization_id = $1 RETURNING id', [
      organizationId,
    ]);
    return {
      students: students.length,
      enrollments: enrollments.length,
      seatClassIds: enrollments.filter((e) => e.status === 'held' || e.status === 'active').map((e) => e.class_id),
    };
  }

  /** Seat holds with an open card payment: their PaymentIntents are cancelled when the organization goes. */
  openCardHolds(organizationId: string, manager: EntityManager = this.db.manager): Promise<{ id: string; paymentIntentId: string }[]> {
    return manager.query(
      `SELECT id, stripe_payment_intent_id AS "paymentIntentId" FROM enrollments
        WHERE organization_id = $1 AND status = 'held' AND stripe_payment_intent_id IS NOT NULL`,
      [organizationId],
    );
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
  };
}
