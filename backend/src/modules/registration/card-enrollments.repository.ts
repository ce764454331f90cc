import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { fairClaimSql } from '../../common/db/fair-share';
import { prepared } from '../../common/db/prepared';
import { returning } from '../../common/db/returning';
import { run, together, type Statement } from '../../common/db/together';
import { ClassEntity } from '../classes/class.entity';
import { seatKeyOf, type SeatRow } from './seat-keys';
import type { CancellationPolicy, PriceLine, EnrollmentStatus, PaymentMethod, PaymentStatus } from './enrollment.entity';

/** An enrollment as the card payment flow and the cancel/refund routes read it (with its money trail). */
export interface CardEnrollment {
  id: string;
  organizationId: string;
  studentId: string;
  classId: string;
  status: EnrollmentStatus;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  enrollmentDate: Date;
  holdExpiresAt: Date | null;
  amountDueCents: number | null;
  amountPaidCents: number;
  platformFeeCents: number;
  organizationAmountCents: number;
  refundedCents: number;
  stripePaymentIntentId: string | null;
  stripeChargeId: string | null;
  cancellationPolicy: CancellationPolicy[] | null;
  cancelledAt: Date | null;
  paidAt: Date | null;
  studentEmail: string;
  studentName: string;
  /** The details typed at registration where they differ from the stored student (decision 15): messages use them. */
  firstName: string;
  lastName: string;
  phone: string | null;
  classTitle: string;
  /** When the registration starts: the class's start, or a drop-in's session's (what the frozen policy counts from). */
  classStartDate: Date;
  /** A drop-in's session (null: the whole class). */
  classSessionId: string | null;
  /** The price quote's lines kept when the seat was taken (null before price quotes). */
  priceBreakdown: PriceLine[] | null;
  /** The person's date of birth (YYYY-MM-DD) and household group: what a transfer's price keeps of the original. */
  dateOfBirth: string | null;
  householdGroupId: string | null;
}

/** The hold-expiry job's claim: lapsed card holds, shared round robin between organizations. */
const EXPIRED_HOLDS = fairClaimSql(
  'enrollments',
  (e) => `${e}.status = 'held' AND ${e}.hold_expires_at <= now()`,
  'hold_expires_at',
  (e) => `${e}.id, ${e}.organization_id AS "organizationId", ${e}.stripe_payment_intent_id AS "paymentIntentId"`,
);

const SELECT = `SELECT e.id, e.organization_id AS "organizationId", e.student_id AS "studentId", e.class_id AS "classId",
    e.status, e.payment_status AS "paymentStatus", e.payment_method AS "paymentMethod", e.enrollment_date AS "enrollmentDate",
    e.hold_expires_at AS "holdExpiresAt", e.amount_due_cents AS "amountDueCents", e.amount_paid_cents AS "amountPaidCents",
    e.platform_fee_cents AS "platformFeeCents", e.organization_amount_cents AS "organizationAmountCents",
    e.refunded_cents AS "refundedCents", e.stripe_payment_intent_id AS "stripePaymentIntentId",
    e.stripe_charge_id AS "stripeChargeId", e.cancellation_policy AS "cancellationPolicy", e.cancelled_at AS "cancelledAt",
    e.paid_at AS "paidAt", s.email AS "studentEmail", s.first_name || ' ' || s.last_name AS "studentName",
    coalesce(e.registered_first_name, s.first_name) AS "firstName", coalesce(e.registered_last_name, s.last_name) AS "lastName",
    coalesce(e.registered_phone, s.phone) AS "phone",
    c.title AS "classTitle", coalesce(cs.starts_at, c.start_date) AS "classStartDate", e.class_session_id AS "classSessionId",
    e.price_breakdown AS "priceBreakdown",
    s.date_of_birth::text AS "dateOfBirth", e.household_group_id AS "householdGroupId"
  FROM enrollments e JOIN students s ON s.id = e.student_id JOIN classes c ON c.id = e.class_id
  LEFT JOIN class_sessions cs ON cs.id = e.class_session_id`;

export interface CardPaymentRecord {
  amountCents: number;
  platformFeeCents: number;
  chargeId: string | null;
  /** Null: nothing was charged (a payment plan with no deposit, completed by its SetupIntent). */
  paymentIntentId: string | null;
}

/**
 * The card side of `enrollments` (the students module's table): held seats, completion, expiry, cancellation
 * and refund totals. Every state change is one conditional UPDATE that re-checks the state it starts from, so a
 * second caller (webhook, job, browser, another instance) changes nothing and a seat is freed exactly once.
 * Reads join students and classes read only for the names and the class start.
 */
/** A held seat that became an in-person registration, as holdToInPerson answers it. */
type InPersonSeat = {
  id: string;
  enrollmentDate: Date;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  amountPaidCents: number;
  priceBreakdown: PriceLine[] | null;
};

@Injectable()
export class CardEnrollmentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The class a public registration or card hold is for, and whether it is full for this email, in one prepared
   * statement: in an opening rush most requests end here with 'class full', so that answer costs one round trip and
   * no TypeORM entity. `emailHoldsSeat`: the same email has a seat in the class (held for a card payment, or
   * registered). For a full class that lets the request go on to the locked path, which decides a switch, a reused
   * hold or 'already enrolled'; when it is false, the registration skips that locked look (a seat the same email
   * takes meanwhile is caught by the unique index: 'already enrolled').
   */
  async classForRegistration(
    classId: string,
    organizationId: string,
    email: string | null,
  ): Promise<{ cls: ClassEntity; emailHoldsSeat: boolean } | null> {
    this.classSql ??= `SELECT ${this.db
      .getMetadata(ClassEntity)
      .columns.map((c) => `c.${c.databaseName} AS "${c.propertyName}"`)
      .join(', ')},
        ($3::text IS NOT NULL AND EXISTS (
          SELECT 1 FROM enrollments e JOIN students s ON s.id = e.student_id
           WHERE e.class_id = c.id AND e.organization_id = c.organization_id AND lower(s.email) = lower($3::text)
             AND s.household_contact_id IS NULL AND e.status IN ('held', 'active'))) AS "emailHoldsSeat"
      FROM classes c WHERE c.id = $1 AND c.organization_id = $2`;
    const [row] = await prepared<ClassEntity & { emailHoldsSeat: boolean }>(this.db, 'registration.class', this.classSql, [
      classId,
      organizationId,
      email,
    ]);
    if (!row) return null;
    const { emailHoldsSeat, ...cls } = row;
    return { cls: Object.assign(new ClassEntity(), cls), emailHoldsSeat };
  }
  private classSql?: string;

  async find(manager: EntityManager | undefined, where: string, params: unknown[], lock = false): Promise<CardEnrollment | null> {
    const rows = await (manager ?? this.db).query(`${SELECT} WHERE ${where}${lock ? ' FOR UPDATE OF e' : ''}`, params);
    return rows[0] ?? null;
  }

  list(manager: EntityManager | undefined, where: string, params: unknown[], limit = 10_000): Promise<CardEnrollment[]> {
    return (manager ?? this.db).query(`${SELECT} WHERE ${where} ORDER BY e.enrollment_date, e.id LIMIT ${Math.trunc(limit)}`, params);
  }

  findAll(manager: EntityManager | undefined, where: string, params: unknown[], lock = false): Promise<CardEnrollment[]> {
    return (manager ?? this.db).query(`${SELECT} WHERE ${where}${lock ? ' FOR UPDATE OF e' : ''}`, params);
  }

  insertHeld(
    manager: EntityManager,
    data: {
      organizationId: string;
      studentId: string;
      classId: string;
      classSessionId?: string | null;
      amountDueCents: number;
      priceBreakdown: PriceLine[];
      holdMinutes: number;
      policy: CancellationPolicy[];
      registered: { firstName: string; lastName: string; phone: string; communicationOptIn: boolean };
    },
    /** Other modules' writes of this hold (its activity event), sent in the same round trip (`together`). */
    alongside: readonly (Statement | null)[] = [],
  ): Promise<{ id: string; holdExpiresAt: Date }[]> {
    const insert: Statement = {
      text: `INSERT INTO enrollments (organization_id, student_id, class_id, payment_status, payment_method, amount_paid_cents,
          enrollment_date, status, hold_expires_at, amount_due_cents, cancellation_policy, registered_first_name,
          registered_last_name, registered_phone, registered_communication_opt_in, price_breakdown, class_session_id)
       VALUES ($1, $2, $3, 'pending', 'card', 0, now(), 'held', now() + make_interval(secs => $4::float8 * 60), $5, $6::jsonb, $7, $8, $9, $10,
          $11::jsonb, $12)
       RETURNING id, hold_expires_at AS "holdExpiresAt"`,
      params: [
        data.organizationId,
        data.studentId,
        data.classId,
        data.holdMinutes,
        data.amountDueCents,
        JSON.stringify(data.policy),
        data.registered.firstName,
        data.registered.lastName,
        data.registered.phone,
        data.registered.communicationOptIn,
        JSON.stringify(data.priceBreakdown),
        data.classSessionId ?? null,
      ],
    };
    return run<{ id: string; holdExpiresAt: Date }>(manager, together(insert, alongside));
  }

  async setPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
    await this.db.query(`UPDATE enrollments SET stripe_payment_intent_id = $2 WHERE id = $1 AND stripe_payment_intent_id IS NULL`, [
      id,
      paymentIntentId,
    ]);
  }

  /** held or lapsed (expired, cancelled) -> paid. Null when already paid. `active` true: the seat is (again) the student's. */
  async recordPayment(manager: EntityManager, id: string, p: CardPaymentRecord, active: boolean): Promise<{ id: string } | null> {
    const rows = await returning<{ id: string }>(
      manager,
      `UPDATE enrollments SET payment_status = 'completed', payment_method = 'card', amount_paid_cents = $2::int, platform_fee_cents = $3::int,
          organization_amount_cents = $2::int - $3::int, stripe_charge_id = $4,
          stripe_payment_intent_id = COALESCE(stripe_payment_intent_id, $6),
          status = CASE WHEN $5::boolean THEN 'active' ELSE status END,
          hold_expires_at = CASE WHEN $5::boolean THEN NULL ELSE hold_expires_at END
        WHERE id = $1 AND payment_status <> 'completed' RETURNING id`,
      [id, p.amountCents, p.platformFeeCents, p.chargeId, active, p.paymentIntentId],
    );
    return rows[0] ?? null;
  }

  /** held card payment -> active, to pay in person (the student chose 'Pay in Person at Class' after all). */
  async holdToInPerson(manager: EntityManager, id: string): Promise<InPersonSeat | null> {
    const rows = await returning<InPersonSeat>(
      manager,
      `UPDATE enrollments SET status = 'active', hold_expires_at = NULL, payment_method = 'in-person'
        WHERE id = $1 AND status = 'held' AND payment_status <> 'completed'
        RETURNING id, enrollment_date AS "enrollmentDate", payment_status AS "paymentStatus", payment_method AS "paymentMethod",
          amount_paid_cents AS "amountPaidCents", price_breakdown AS "priceBreakdown"`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** held -> expired (lapsed or failed): the seat key (seat-keys.ts) of the seat the caller frees, or null when it was not held. */
  async expireHold(manager: EntityManager, id: string, paymentFailed: boolean): Promise<string | null> {
    const rows = await returning<SeatRow>(
      manager,
      `UPDATE enrollments SET status = 'expired', hold_expires_at = NULL,
          payment_status = CASE WHEN $2::boolean THEN 'failed' ELSE payment_status END
        WHERE id = $1 AND status = 'held' RETURNING class_id, class_session_id`,
      [id, paymentFailed],
    );
    return rows[0] ? seatKeyOf(rows[0]) : null;
  }

  /**
   * Expired holds, claimed for this transaction: another instance skips them (SKIP LOCKED). The batch is shared
   * between the organizations with lapsed holds (common/db/fair-share.ts): one organization's burst of abandoned
   * payments does not keep another's seat held.
   */
  claimExpiredHolds(
    manager: EntityManager,
    limit: number,
  ): Promise<{ id: string; organizationId: string; paymentIntentId: string | null }[]> {
    return manager.query(EXPIRED_HOLDS, [limit]);
  }

  /** held or active -> cancelled: the seat key (seat-keys.ts) of the seat the caller frees, or null when it held none. */
  async cancel(manager: EntityManager, id: string): Promise<string | null> {
    const rows = await returning<SeatRow>(
      manager,
      `UPDATE enrollments SET status = 'cancelled', cancelled_at = now(), hold_expires_at = NULL
        WHERE id = $1 AND status IN ('held', 'active') RETURNING class_id, class_session_id`,
      [id],
    );
    return rows[0] ? seatKeyOf(rows[0]) : null;
  }

  /** An active enrollment moved to another class (the caller took the new seat); false when it is no longer active or is a drop-in (a seat in one session is cancelled, never switched). */
  async moveToClass(
    manager: EntityManager,
    id: string,
    toClassId: string,
    price?: { amountDueCents: number; priceBreakdown: PriceLine[] },
  ): Promise<boolean> {
    const rows = await returning(
      manager,
      `UPDATE enrollments SET class_id = $2, amount_due_cents = coalesce($3::int, amount_due_cents),
          price_breakdown = coalesce($4::jsonb, price_breakdown)
        WHERE id = $1 AND status = 'active' AND class_session_id IS NULL RETURNING id`,
      [id, toClassId, price?.amountDueCents ?? null, price ? JSON.stringify(price.priceBreakdown) : null],
    );
    return rows.length > 0;
  }

  /**
   * An active enrollment still in `fromClassId` moved to the class its paid top-up held a seat in (the caller keeps
   * that seat and frees the old one): what was paid grows by the second payment, the price becomes the new class's.
   * False when it is no longer active in that class.
   */
  async applyTopUp(
    manager: EntityManager,
    id: string,
    fromClassId: string,
    t: { toClassId: string; amountCents: number; platformFeeCents: number; amountDueCents: number; priceBreakdown: PriceLine[] },
  ): Promise<boolean> {
    const rows = await returning(
      manager,
      `UPDATE enrollments SET class_id = $3, amount_paid_cents = amount_paid_cents + $4::int,
          platform_fee_cents = platform_fee_cents + $5::int, organization_amount_cents = organization_amount_cents + $4::int - $5::int,
          amount_due_cents = $6::int, price_breakdown = $7::jsonb
        WHERE id = $1 AND class_id = $2 AND status = 'active' AND payment_status = 'completed' AND class_session_id IS NULL RETURNING id`,
      [id, fromClassId, t.toClassId, t.amountCents, t.platformFeeCents, t.amountDueCents, JSON.stringify(t.priceBreakdown)],
    );
    return rows.length > 0;
  }

  /** Adds a refund to the total; false (nothing changed) when it would exceed what was paid. */
  async addRefunded(manager: EntityManager, id: string, cents: number): Promise<boolean> {
    const rows = await returning(
      manager,
      `UPDATE enrollments SET refunded_cents = refunded_cents + $2::int WHERE id = $1 AND refunded_cents + $2::int <= amount_paid_cents RETURNING id`,
      [id, cents],
    );
    return rows.length > 0;
  }

  /** A refund that failed at Stripe: the money stayed with the organization, so it no longer counts as refunded. */
  async subtractRefunded(manager: EntityManager, id: string, cents: number): Promise<boolean> {
    const rows = await returning(
      manager,
      'UPDATE enrollments SET refunded_cents = refunded_cents - $2::int WHERE id = $1 AND refunded_cents >= $2::int RETURNING id',
      [id, cents],
    );
    return rows.length > 0;
  }

  /** held seats paid by this intent: their hold runs at least until `until`. */
  async keepHoldsUntil(manager: EntityManager, paymentIntentId: string, organizationId: string, until: Date): Promise<number> {
    const rows = await returning<{ id: string }>(
      manager,
      `UPDATE enrollments SET hold_expires_at = GREATEST(hold_expires_at, $3)
        WHERE stripe_payment_intent_id = $1 AND organization_id = $2 AND status = 'held' RETURNING id`,
      [paymentIntentId, organizationId, until],
    );
    return rows.length;
  }
}
