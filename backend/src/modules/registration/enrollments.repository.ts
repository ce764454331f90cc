import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { returning } from '../../common/db/returning';
import { run, together, type Statement } from '../../common/db/together';
import { seatKeyOf, type SeatRow } from './seat-keys';
import { EnrollmentEntity, type EnrollmentStatus, type LockedEnrollment, type PaymentRow } from './enrollment.entity';

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
  organization_amount_cents AS "organizationAmountCents", refunded_cents AS "refundedCents", cancelled_at AS "cancelledAt",
  price_breakdown AS "priceBreakdown", amount_due_cents AS "amountDueCents", class_session_id AS "classSessionId"`;

/** Enrollments that take a seat and count as registered: rosters, references and counts read only these. */

/** A registered (active) enrollment with whom its messages go to: the reminders job's read. */
export interface EnrolledRecipient {
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
}

/**
 * `enrollments`, the registration module's table: every seat a person takes, holds or gave back, with its money
 * columns. Reads join `students` and `classes` read only for names, contacts and titles (a roster or a payments page
 * stays one round trip); changes to a person go through the students module.
 */
@Injectable()
export class EnrollmentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

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

  activeEnrollmentsOfClasses(classIds: string[]): Promise<EnrolledRecipient[]> {
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

  /**
   * The people (one per email) with a registration that held in a class of one of these terms: who is invited to a
   * later term's early access. A card hold never paid does not count. The invitation goes to whoever the
   * registration's messages go to, the household contact for an attendee, and only while that person's opt-in
   * holds: an unsubscribe is recorded on the contact, and an attendee's own copy of the consent says nothing about
   * the address the email would go to.
   */
  peopleEnrolledInTerms(
    manager: EntityManager,
    organizationId: string,
    termIds: string[],
  ): Promise<{ studentId: string; firstName: string; lastName: string; email: string; phone: string | null }[]> {
    if (!termIds.length) return Promise.resolve([]);
    return manager.query(
      `SELECT DISTINCT ON (lower(hc.email)) hc.id AS "studentId", hc.first_name AS "firstName", hc.last_name AS "lastName",
              hc.email, hc.phone
         FROM enrollments e JOIN classes c ON c.id = e.class_id JOIN students s ON s.id = e.student_id
         JOIN students hc ON hc.id = coalesce(s.household_contact_id, s.id)
        WHERE e.organization_id = $1 AND c.organization_id = $1 AND c.term_id = ANY($2::uuid[])
          AND e.status IN ('active', 'cancelled') AND hc.email <> '' AND hc.communication_opt_in
        ORDER BY lower(hc.email), e.enrollment_date`,
      [organizationId, termIds],
    );
  }

  /** The student's registration (active) in the class, if any. */
  /** The student's active registration for the whole class, or (classSessionId) their drop-in in that session. */
  findEnrollment(studentId: string, classId: string, classSessionId: string | null = null) {
    return this.db.manager
      .getRepository(EnrollmentEntity)
      .findOne({ where: { studentId, classId, status: 'active', classSessionId: classSessionId ?? IsNull() } });
  }

  /**
   * A new registration's enrollment: one plain INSERT ... RETURNING in the caller's transaction (on the registration
   * path of an opening rush; TypeORM's save would build and hydrate an entity for it). Columns not given take their
   * defaults (status 'active', no fee, nothing refunded).
   */
  async insertEnrollment(
    manager: EntityManager,
    data: Pick<
      EnrollmentEntity,
      'organizationId' | 'studentId' | 'classId' | 'paymentMethod' | 'paymentStatus' | 'amountPaidCents' | 'enrollmentDate'
    > &
      Partial<
        Pick<
          EnrollmentEntity,
          | 'cancellationPolicy'
          | 'registeredFirstName'
          | 'registeredLastName'
          | 'registeredPhone'
          | 'registeredCommunicationOptIn'
          | 'amountDueCents'
          | 'priceBreakdown'
          | 'classSessionId'
        >
      > & {
        /** Chosen by the caller when a statement sent with this one names the enrollment (the confirmation's dedupe key). */
        id?: string;
      },
    /** Other modules' writes of this registration, sent in the same round trip (`together`). */
    alongside: readonly (Statement | null)[] = [],
  ): Promise<EnrollmentEntity> {
    const insert: Statement = {
      text: `INSERT INTO enrollments (id, organization_id, student_id, class_id, enrollment_date, payment_status, payment_method,
          amount_paid_cents, cancellation_policy, registered_first_name, registered_last_name, registered_phone,
          registered_communication_opt_in, amount_due_cents, price_breakdown, class_session_id)
       VALUES ($15, $1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10, $11, $12, $13, $14::jsonb, $16) ${RETURNING}`,
      params: [
        data.organizationId,
        data.studentId,
        data.classId,
        data.enrollmentDate,
        data.paymentStatus,
        data.paymentMethod,
        data.amountPaidCents,
        data.cancellationPolicy == null ? null : JSON.stringify(data.cancellationPolicy),
        data.registeredFirstName ?? null,
        data.registeredLastName ?? null,
        data.registeredPhone ?? null,
        data.registeredCommunicationOptIn ?? null,
        data.amountDueCents ?? null,
        data.priceBreakdown == null ? null : JSON.stringify(data.priceBreakdown),
        data.id ?? randomUUID(),
        data.classSessionId ?? null,
      ],
    };
    const [row] = await run<EnrollmentEntity>(manager, together(insert, alongside));
    return row;
  }

  /** Other modules' writes of one registration in one round trip, when it has no enrollment row to insert with them. */
  async writeTogether(manager: EntityManager, statements: readonly (Statement | null)[]): Promise<void> {
    if (statements.some((s) => s)) await run(manager, together(null, statements));
  }

  async updateEnrollmentPayment(manager: EntityManager, id: string, patch: Partial<EnrollmentEntity>) {
    await manager.getRepository(EnrollmentEntity).update({ id }, patch);
  }

  /**
   * Deletes and returns the class ids of the seat-taking rows really deleted: the caller frees exactly those
   * seats (a cancelled or expired row gave its seat back already). With classIds, only seat-taking rows go.
   */
  async deleteEnrollments(manager: EntityManager, studentId: string, classIds?: string[]): Promise<string[]> {
    const rows: (SeatRow & { status: string })[] = classIds
      ? await returning<SeatRow & { status: string }>(
          manager,
          `DELETE FROM enrollments WHERE student_id = $1 AND class_id = ANY($2::uuid[]) AND status IN ('held', 'active')
           RETURNING class_id, class_session_id, status`,
          [studentId, classIds],
        )
      : await returning<SeatRow & { status: string }>(
          manager,
          'DELETE FROM enrollments WHERE student_id = $1 RETURNING class_id, class_session_id, status',
          [studentId],
        );
    return rows.filter((r) => r.status === 'held' || r.status === 'active').map(seatKeyOf);
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

  /** The student's seat-taking enrollment in the class, and whether it carries a card payment (see above). */
  async openEnrollment(manager: EntityManager, organizationId: string, studentId: string, classId: string) {
    const rows: { id: string; card: boolean }[] = await manager.query(
      `SELECT id, (payment_method = 'card' AND (status = 'held' OR amount_paid_cents > 0 OR stripe_payment_intent_id IS NOT NULL)) AS card
         FROM enrollments WHERE organization_id = $1 AND student_id = $2 AND class_id = $3 AND status IN ('held', 'active')`,
      [organizationId, studentId, classId],
    );
    return rows[0] ?? null;
  }

  /** Locks the enrollment row for the transaction, so two marks of one enrollment run one after the other. */
  async lockEnrollment(
    manager: EntityManager,
    organizationId: string,
    studentId: string,
    classId: string,
  ): Promise<LockedEnrollment | null> {
    const rows = await manager.query(
      `SELECT id, payment_status AS "paymentStatus", payment_method AS "paymentMethod", amount_paid_cents AS "amountPaidCents",
          amount_due_cents AS "amountDueCents", refunded_cents AS "refundedCents"
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

  /**
   * A paid registration's balance (a switch to a dearer class left the difference due in person) paid at class: what
   * was paid grows by exactly the balance. Null when the balance is no longer that amount.
   */
  async payBalanceInPerson(manager: EntityManager, enrollmentId: string, cents: number): Promise<EnrollmentEntity | null> {
    const rows = await returning<EnrollmentEntity>(
      manager,
      `UPDATE enrollments SET amount_paid_cents = amount_paid_cents + $2::int
        WHERE id = $1 AND payment_status = 'completed' AND status = 'active'
          AND amount_due_cents - (amount_paid_cents - refunded_cents) = $2::int ${RETURNING}`,
      [enrollmentId, cents],
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

  /** Registered (active) enrollments per organization, for the IT-admin overview. */
  async countByOrganization(organizationIds: string[]): Promise<Map<string, number>> {
    const rows: { id: string; n: number }[] = await this.db.query(
      `SELECT organization_id AS id, count(*)::int AS n FROM enrollments
        WHERE organization_id = ANY($1::uuid[]) AND status = 'active' GROUP BY 1`,
      [organizationIds],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
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

  /** Deletes every enrollment of the organization; answers how many and the class ids whose seats were taken. */
  async deleteAllOfOrganization(manager: EntityManager, organizationId: string): Promise<{ enrollments: number; seatClassIds: string[] }> {
    const enrollments = await returning<SeatRow & { status: string }>(
      manager,
      'DELETE FROM enrollments WHERE organization_id = $1 RETURNING class_id, class_session_id, status',
      [organizationId],
    );
    return {
      enrollments: enrollments.length,
      seatClassIds: enrollments.filter((e) => e.status === 'held' || e.status === 'active').map(seatKeyOf),
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

  /** Erasure: the details the person typed at registration go; amounts, dates and payment ids stay. */
  async anonymiseStudent(manager: EntityManager, organizationId: string, studentId: string): Promise<void> {
    await manager.query(
      `UPDATE enrollments SET registered_first_name = NULL, registered_last_name = NULL, registered_phone = NULL
        WHERE student_id = $1 AND organization_id = $2`,
      [studentId, organizationId],
    );
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

  /** Marks a new enrollment as a make-up (issue 41 §3), in the transaction that wrote it: the roll shows it so. */
  async markMakeUp(manager: EntityManager, organizationId: string, id: string): Promise<void> {
    await manager.query('UPDATE enrollments SET makeup = true WHERE id = $1 AND organization_id = $2', [id, organizationId]);
  }
}
