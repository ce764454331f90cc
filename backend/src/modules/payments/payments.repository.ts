import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

/** self_service: the student cancelled or switched to a cheaper class in their portal. */
export type RefundSource = 'admin' | 'stripe_dashboard' | 'late_payment' | 'class_cancelled' | 'self_service' | 'session_cancelled';

export interface RefundRecord {
  id: string;
  enrollmentId: string;
  amountCents: number;
  stripeRefundId: string | null;
  status: 'pending' | 'succeeded' | 'failed';
  reason: string;
  source: RefundSource;
  createdAt: Date;
}

const COLUMNS = `id, enrollment_id AS "enrollmentId", amount_cents AS "amountCents", stripe_refund_id AS "stripeRefundId", status,
  reason, source, created_at AS "createdAt"`;

/** The sources a refund made through Classlane names in its Stripe metadata (anything else came from the dashboard). */
export const APP_REFUND_SOURCES: readonly RefundSource[] = [
  'admin',
  'late_payment',
  'class_cancelled',
  'self_service',
  'session_cancelled',
];

/**
 * `refunds` (the payments module's table): every refund of a card enrollment, once per Stripe refund id and
 * enrollment (a household's refund is spread over its people); and `refund_checks`, the payments whose refunds are
 * not final yet.
 */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Inserts a refund; null when its Stripe id (or the admin's idempotency key) is already recorded. */
  async insert(
    manager: EntityManager,
    r: {
      organizationId: string;
      enrollmentId: string;
      amountCents: number;
      stripeRefundId: string;
      status: string;
      reason: string;
      source: RefundSource;
      createdBy?: string | null;
      idempotencyKey?: string | null;
      /** The card payment refunded (a registration that switched to a dearer class has two). */
      paymentIntentId?: string | null;
    },
  ): Promise<RefundRecord | null> {
    const rows = await returning<RefundRecord>(
      manager,
      `INSERT INTO refunds (organization_id, enrollment_id, amount_cents, stripe_refund_id, status, reason, source, created_by, idempotency_key,
          payment_intent_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
      [
        r.organizationId,
        r.enrollmentId,
        r.amountCents,
        r.stripeRefundId,
        r.status,
        r.reason,
        r.source,
        r.createdBy ?? null,
        r.idempotencyKey ?? null,
        r.paymentIntentId ?? null,
      ],
    );
    return rows[0] ?? null;
  }

  async byStripeId(manager: EntityManager, stripeRefundId: string): Promise<RefundRecord | null> {
    const rows = await manager.query(`SELECT ${COLUMNS} FROM refunds WHERE stripe_refund_id = $1`, [stripeRefundId]);
    return rows[0] ?? null;
  }

  /** Every row of one Stripe refund (one per enrollment it was spread over). */
  allByStripeId(manager: EntityManager, stripeRefundId: string): Promise<RefundRecord[]> {
    return manager.query(`SELECT ${COLUMNS} FROM refunds WHERE stripe_refund_id = $1 ORDER BY enrollment_id`, [stripeRefundId]);
  }

  /** pending -> succeeded for a refund's rows; the amounts were counted when they were recorded. */
  async markSucceeded(manager: EntityManager, stripeRefundId: string): Promise<number> {
    const rows = await returning(
      manager,
      "UPDATE refunds SET status = 'succeeded' WHERE stripe_refund_id = $1 AND status = 'pending' RETURNING id",
      [stripeRefundId],
    );
    return rows.length;
  }

  /** A refund's rows that were not failed yet -> failed: what each took off its enrollment, for the caller to give back. */
  markFailed(manager: EntityManager, stripeRefundId: string): Promise<{ enrollmentId: string; amountCents: number }[]> {
    return returning(
      manager,
      `UPDATE refunds SET status = 'failed' WHERE stripe_refund_id = $1 AND status <> 'failed'
       RETURNING enrollment_id AS "enrollmentId", amount_cents AS "amountCents"`,
      [stripeRefundId],
    );
  }

  /** Looks at the payment's refunds again at `checkAfter` (kept if it was already due sooner). */
  async watch(manager: EntityManager, paymentIntentId: string, organizationId: string, checkAfter: Date): Promise<void> {
    await manager.query(
      `INSERT INTO refund_checks (payment_intent_id, organization_id, check_after) VALUES ($1, $2, $3)
       ON CONFLICT (payment_intent_id) DO UPDATE SET check_after = LEAST(refund_checks.check_after, EXCLUDED.check_after)`,
      [paymentIntentId, organizationId, checkAfter],
    );
  }

  async unwatch(manager: EntityManager | undefined, paymentIntentId: string): Promise<void> {
    await (manager ?? this.db.manager).query('DELETE FROM refund_checks WHERE payment_intent_id = $1', [paymentIntentId]);
  }

  /**
   * Claims one due check by moving it to `leaseUntil` (one statement, SKIP LOCKED): another instance does not take it
   * meanwhile, and a run that dies leaves it to be taken again after the lease. Counts the attempt.
   */
  async claimDueCheck(now: Date, leaseUntil: Date): Promise<{ paymentIntentId: string; attempts: number; createdAt: Date } | null> {
    const rows = await returning<{ paymentIntentId: string; attempts: number; createdAt: Date }>(
      this.db,
      `UPDATE refund_checks SET check_after = $2, attempts = attempts + 1
        WHERE payment_intent_id = (SELECT payment_intent_id FROM refund_checks WHERE check_after <= $1
                                    ORDER BY check_after LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING payment_intent_id AS "paymentIntentId", attempts, created_at AS "createdAt"`,
      [now, leaseUntil],
    );
    return rows[0] ?? null;
  }

  async rescheduleCheck(manager: EntityManager | undefined, paymentIntentId: string, checkAfter: Date): Promise<void> {
    await (manager ?? this.db.manager).query('UPDATE refund_checks SET check_after = $2 WHERE payment_intent_id = $1', [
      paymentIntentId,
      checkAfter,
    ]);
  }

  async byIdempotencyKey(manager: EntityManager, enrollmentId: string, key: string): Promise<RefundRecord | null> {
    const rows = await manager.query(`SELECT ${COLUMNS} FROM refunds WHERE enrollment_id = $1 AND idempotency_key = $2`, [
      enrollmentId,
      key,
    ]);
    return rows[0] ?? null;
  }

  ofEnrollment(enrollmentId: string, manager: EntityManager = this.db.manager): Promise<RefundRecord[]> {
    return manager.query(`SELECT ${COLUMNS} FROM refunds WHERE enrollment_id = $1 ORDER BY created_at, id`, [enrollmentId]);
  }
}
