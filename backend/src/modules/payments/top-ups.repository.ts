import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { fairClaimSql } from '../../common/db/fair-share';
import { returning } from '../../common/db/returning';
import type { PriceLine } from '../registration/enrollment.entity';

export type TopUpStatus = 'held' | 'due' | 'completed' | 'expired' | 'failed' | 'refunded' | 'cancelled';

/** The second card payment of a registration that switches to a dearer class (see TopUpsService). */
export interface TopUp {
  id: string;
  organizationId: string;
  enrollmentId: string;
  fromClassId: string;
  toClassId: string;
  amountCents: number;
  newAmountDueCents: number;
  priceBreakdown: PriceLine[];
  status: TopUpStatus;
  stripePaymentIntentId: string | null;
  platformFeeCents: number;
  holdExpiresAt: Date | null;
  byStudent: boolean;
  createdAt: Date;
}

const COLUMNS = `id, organization_id AS "organizationId", enrollment_id AS "enrollmentId", from_class_id AS "fromClassId",
  to_class_id AS "toClassId", amount_cents AS "amountCents", new_amount_due_cents AS "newAmountDueCents",
  price_breakdown AS "priceBreakdown", status, stripe_payment_intent_id AS "stripePaymentIntentId",
  platform_fee_cents AS "platformFeeCents", hold_expires_at AS "holdExpiresAt", by_student AS "byStudent", created_at AS "createdAt"`;

/** The expiry job's claim: lapsed top-up holds, shared round robin between organizations. */
const EXPIRED = fairClaimSql(
  'enrollment_top_ups',
  (t) => `${t}.status = 'held' AND ${t}.hold_expires_at <= now()`,
  'hold_expires_at',
  () => COLUMNS,
);

/** A class-switch difference as a receipt lists it. */
export interface TopUpPayment {
  amountCents: number;
  method: 'card' | 'in_person';
  status: 'completed' | 'refunded' | 'due';
  paymentIntentId: string | null;
  paidAt: Date | null;
}

/** One card payment of a registration and what can still be refunded of it. */
export interface Refundable {
  paymentIntentId: string;
  leftCents: number;
  /** Set for the second payment of a switch to a dearer class: its Stripe refunds get their own idempotency keys. */
  topUpId: string | null;
}

/**
 * `enrollment_top_ups` (the payments module's table). Every state change is one conditional UPDATE from `held`, so
 * whoever comes second (webhook, confirm route, expiry job on another instance) changes nothing and the held seat is
 * freed or kept exactly once.
 */
@Injectable()
export class TopUpsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insertHeld(
    m: EntityManager,
    t: Pick<
      TopUp,
      'organizationId' | 'enrollmentId' | 'fromClassId' | 'toClassId' | 'amountCents' | 'newAmountDueCents' | 'priceBreakdown' | 'byStudent'
    >,
    holdMinutes: number,
  ): Promise<TopUp> {
    const [row] = await returning<TopUp>(
      m,
      `INSERT INTO enrollment_top_ups (organization_id, enrollment_id, from_class_id, to_class_id, amount_cents, new_amount_due_cents,
          price_breakdown, by_student, hold_expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, now() + make_interval(secs => $9::float8 * 60)) RETURNING ${COLUMNS}`,
      [
        t.organizationId,
        t.enrollmentId,
        t.fromClassId,
        t.toClassId,
        t.amountCents,
        t.newAmountDueCents,
        JSON.stringify(t.priceBreakdown),
        t.byStudent,
        holdMinutes,
      ],
    );
    return row;
  }

  /** A difference left to pay in person (the switch already made): due until a teacher or admin marks it paid. */
  async insertDue(
    m: EntityManager,
    t: Pick<TopUp, 'organizationId' | 'enrollmentId' | 'fromClassId' | 'toClassId' | 'amountCents' | 'newAmountDueCents'>,
  ): Promise<void> {
    await m.query(
      `INSERT INTO enrollment_top_ups (organization_id, enrollment_id, from_class_id, to_class_id, amount_cents, new_amount_due_cents, method, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'in_person', 'due')`,
      [t.organizationId, t.enrollmentId, t.fromClassId, t.toClassId, t.amountCents, t.newAmountDueCents],
    );
  }

  /** The differences still due in person of a registration no longer owed: it switched again or was cancelled. */
  async cancelDue(m: EntityManager, enrollmentId: string): Promise<void> {
    await m.query(
      `UPDATE enrollment_top_ups SET status = 'cancelled' WHERE enrollment_id = $1 AND method = 'in_person' AND status = 'due'`,
      [enrollmentId],
    );
  }

  /** The differences due in person of a registration, now paid at class. */
  async payDue(m: EntityManager, enrollmentId: string): Promise<number> {
    const rows = await returning(
      m,
      `UPDATE enrollment_top_ups SET status = 'completed', completed_at = now()
        WHERE enrollment_id = $1 AND method = 'in_person' AND status = 'due' RETURNING id`,
      [enrollmentId],
    );
    return rows.length;
  }

  async byId(id: string, m?: EntityManager, lock = false): Promise<TopUp | null> {
    const rows = await (m ?? this.db).query(`SELECT ${COLUMNS} FROM enrollment_top_ups WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return rows[0] ?? null;
  }

  async byIntent(paymentIntentId: string, m?: EntityManager, lock = false): Promise<TopUp | null> {
    const rows = await (m ?? this.db).query(
      `SELECT ${COLUMNS} FROM enrollment_top_ups WHERE stripe_payment_intent_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [paymentIntentId],
    );
    return rows[0] ?? null;
  }

  /** The registration's open top-up (a seat held in the class it would switch to), locked. */
  async openOf(m: EntityManager, enrollmentId: string): Promise<TopUp | null> {
    const rows = await m.query(`SELECT ${COLUMNS} FROM enrollment_top_ups WHERE enrollment_id = $1 AND status = 'held' FOR UPDATE`, [
      enrollmentId,
    ]);
    return rows[0] ?? null;
  }

  /** The paid top-ups of a registration, newest first: the order refunds go back in. */
  completedOf(m: EntityManager, enrollmentId: string): Promise<TopUp[]> {
    return m.query(
      `SELECT ${COLUMNS} FROM enrollment_top_ups WHERE enrollment_id = $1 AND status = 'completed' ORDER BY completed_at DESC, id DESC`,
      [enrollmentId],
    );
  }

  /**
   * A registration's class-switch differences that were paid (by card or in person; refunded ones too, they were paid)
   * or are still due in person, oldest first: the receipt's payment lines.
   */
  paymentsOf(enrollmentId: string): Promise<TopUpPayment[]> {
    return this.db.query(
      `SELECT amount_cents AS "amountCents", method, status, stripe_payment_intent_id AS "paymentIntentId", completed_at AS "paidAt"
         FROM enrollment_top_ups WHERE enrollment_id = $1 AND status IN ('completed', 'refunded', 'due') ORDER BY created_at, id`,
      [enrollmentId],
    );
  }

  async setPaymentIntent(id: string, paymentIntentId: string): Promise<void> {
    await this.db.query('UPDATE enrollment_top_ups SET stripe_payment_intent_id = $2 WHERE id = $1 AND stripe_payment_intent_id IS NULL', [
      id,
      paymentIntentId,
    ]);
  }

  /** held -> expired or failed: true when this call ended the hold (the caller frees its seat once). */
  async endHold(m: EntityManager, id: string, status: 'expired' | 'failed'): Promise<boolean> {
    const rows = await returning(
      m,
      `UPDATE enrollment_top_ups SET status = $2, hold_expires_at = NULL WHERE id = $1 AND status = 'held' RETURNING id`,
      [id, status],
    );
    return rows.length > 0;
  }

  /** held, or lapsed and its seat taken again -> completed with the verified payment. */
  async complete(m: EntityManager, id: string, p: { paymentIntentId: string; chargeId: string | null; platformFeeCents: number }) {
    const rows = await returning(
      m,
      `UPDATE enrollment_top_ups SET status = 'completed', completed_at = now(), hold_expires_at = NULL, stripe_charge_id = $3,
          platform_fee_cents = $4, stripe_payment_intent_id = COALESCE(stripe_payment_intent_id, $2)
        WHERE id = $1 AND status IN ('held', 'expired', 'failed') RETURNING id`,
      [id, p.paymentIntentId, p.chargeId, p.platformFeeCents],
    );
    return rows.length > 0;
  }

  /** A payment that could not be applied (paid after the hold lapsed with no seat left, or the registration gone). */
  async markRefunded(m: EntityManager, id: string, paymentIntentId: string): Promise<boolean> {
    const rows = await returning(
      m,
      `UPDATE enrollment_top_ups SET status = 'refunded', hold_expires_at = NULL, stripe_payment_intent_id = COALESCE(stripe_payment_intent_id, $2)
        WHERE id = $1 AND status <> 'refunded' AND status <> 'completed' RETURNING id`,
      [id, paymentIntentId],
    );
    return rows.length > 0;
  }

  /**
   * Lapsed holds, claimed for this transaction: another instance skips them (SKIP LOCKED). The batch is shared
   * between the organizations with lapsed holds, as the card holds' (common/db/fair-share.ts).
   */
  claimExpired(m: EntityManager, limit: number): Promise<TopUp[]> {
    return m.query(EXPIRED, [limit]);
  }

  /**
   * A registration's card payments, newest first, with what is left to refund of each: each paid top-up less the
   * refunds recorded against its PaymentIntent, then the first payment with the rest.
   */
  async refundable(
    m: EntityManager,
    e: { id: string; amountPaidCents: number; refundedCents: number; stripePaymentIntentId: string | null },
    /** A payment plan's paid instalments, newest first (payment-plans' PlanActionsRepository.paidInstalments). */
    instalments: { paymentIntentId: string | null; amountCents: number }[] = [],
  ): Promise<Refundable[]> {
    const rows: { id: string; pi: string; amount: number; refunded: number }[] = await m.query(
      `SELECT t.id, t.stripe_payment_intent_id AS pi, t.amount_cents AS amount,
              coalesce((SELECT sum(r.amount_cents) FROM refunds r
                         WHERE r.enrollment_id = t.enrollment_id AND r.payment_intent_id = t.stripe_payment_intent_id
                           AND r.status <> 'failed'), 0)::int AS refunded
         FROM enrollment_top_ups t
        WHERE t.enrollment_id = $1 AND t.status = 'completed'
        ORDER BY t.completed_at DESC, t.id DESC`,
      [e.id],
    );
    // A difference paid in person counts as paid but is never refunded to a card (the organization settles it).
    const out: Refundable[] = rows
      .filter((t) => t.pi)
      .map((t) => ({ paymentIntentId: t.pi, leftCents: t.amount - t.refunded, topUpId: t.id }));
    // A plan's instalments by card, each its own PaymentIntent; one paid at the door is settled by the organization.
    const byCard = instalments.filter((i) => i.paymentIntentId).map((i) => i.paymentIntentId!);
    const back: { pi: string; refunded: number }[] = byCard.length
      ? await m.query(
          `SELECT r.payment_intent_id AS pi, sum(r.amount_cents)::int AS refunded FROM refunds r
            WHERE r.enrollment_id = $1 AND r.payment_intent_id = ANY($2) AND r.status <> 'failed' GROUP BY r.payment_intent_id`,
          [e.id, byCard],
        )
      : [];
    const refundedOf = (pi: string) => back.find((b) => b.pi === pi)?.refunded ?? 0;
    for (const i of instalments)
      if (i.paymentIntentId)
        out.push({ paymentIntentId: i.paymentIntentId, leftCents: i.amountCents - refundedOf(i.paymentIntentId), topUpId: null });
    const paid = rows.reduce((n, t) => n + t.amount, 0) + instalments.reduce((n, i) => n + i.amountCents, 0);
    const refunded = rows.reduce((n, t) => n + t.refunded, 0) + back.reduce((n, b) => n + b.refunded, 0);
    if (e.stripePaymentIntentId)
      out.push({
        paymentIntentId: e.stripePaymentIntentId,
        leftCents: e.amountPaidCents - paid - (e.refundedCents - refunded),
        topUpId: null,
      });
    return out;
  }
}
