import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { appendAttempt } from './instalment-attempts.repository';
import { RECORDED_INSTALMENT, type DueInstalment, type RecordedInstalment } from './instalment-ledger.repository';

/** One instalment with what an admin action needs of its plan (read in the caller's organization only). */
export interface PlanInstalment {
  id: string;
  organizationId: string;
  payerPlanId: string;
  enrollmentId: string;
  seq: number;
  amountCents: number;
  dueAt: Date;
  status: string;
  lastOutcome: string | null;
  hardDeclinedMethod: string | null;
  leased: boolean;
  planStatus: string;
  paused: boolean;
  paymentMethodId: string | null;
}

const RECORDED = RECORDED_INSTALMENT;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An instalment nobody is charging: no lease, no attempt in flight (an ambiguous one keeps its key until it is known). */
const IDLE = `(i.lease_until IS NULL OR i.lease_until < now()) AND i.attempt_key IS NULL`;

/**
 * The admin's actions on a plan and its instalments (issue 40 §4) and the settling of a bank debit's `processing`: each
 * one conditional UPDATE, scoped to the organization, that changes nothing (and answers null) when the row is no longer
 * in the state the action needs, so two admins at once get one change and one refusal.
 */
@Injectable()
export class PlanActionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async instalment(organizationId: string, payerPlanId: string, seq: number, m?: EntityManager): Promise<PlanInstalment | null> {
    const rows: PlanInstalment[] = await (m ?? this.db).query(
      `SELECT i.id, i.organization_id AS "organizationId", i.payer_plan_id AS "payerPlanId", p.enrollment_id AS "enrollmentId", i.seq,
              i.amount_cents AS "amountCents", i.due_at AS "dueAt", i.status, i.last_outcome AS "lastOutcome",
              i.hard_declined_method AS "hardDeclinedMethod", NOT (${IDLE}) AS leased, p.status AS "planStatus",
              p.paused_at IS NOT NULL AS paused, p.stripe_payment_method_id AS "paymentMethodId"
         FROM payment_plan_instalments i JOIN payer_plans p ON p.id = i.payer_plan_id AND p.organization_id = i.organization_id
        WHERE i.organization_id = $1 AND i.payer_plan_id = $2 AND i.seq = $3`,
      [organizationId, payerPlanId, seq],
    );
    return rows[0] ?? null;
  }

  /** The plan's state as the admin's actions answer it; null when it is not this organization's. */
  async plan(organizationId: string, payerPlanId: string, m?: EntityManager) {
    const rows: { id: string; status: string; paused: boolean; enrollmentId: string }[] = await (m ?? this.db).query(
      `SELECT id, status, paused_at IS NOT NULL AS paused, enrollment_id AS "enrollmentId" FROM payer_plans
        WHERE organization_id = $1 AND id = $2`,
      [organizationId, payerPlanId],
    );
    return rows[0] ?? null;
  }

  /** One instalment as the admin's actions answer it (dollars). */
  async reply(organizationId: string, instalmentId: string, m?: EntityManager) {
    const rows = await (m ?? this.db).query(
      `SELECT payer_plan_id AS "paymentPlanId", seq, due_at AS "dueAt", amount_cents / 100.0 AS amount, status, attempts,
              last_outcome AS "lastOutcome", last_decline_code AS "declineCode", paid_via AS "paidVia"
         FROM payment_plan_instalments WHERE organization_id = $1 AND id = $2`,
      [organizationId, instalmentId],
    );
    return { ...rows[0], amount: Number(rows[0].amount) } as {
      paymentPlanId: string;
      seq: number;
      dueAt: Date;
      amount: number;
      status: string;
      attempts: number;
      lastOutcome: string | null;
      declineCode: string | null;
      paidVia: string | null;
    };
  }

  /**
   * Claims one instalment for an admin's "charge now" / "retry now" as the job claims a due one (a lease and the
   * attempt's key, written before Stripe is called). Null when someone is charging it already, or it is no longer
   * scheduled or failed, or its plan is not active (the caller answers 409).
   */
  async claimOne(organizationId: string, instalmentId: string, leaseMs: number): Promise<DueInstalment | null> {
    const rows = await returning<DueInstalment>(
      this.db,
      `UPDATE payment_plan_instalments i
          SET lease_until = now() + $3 * interval '1 millisecond', attempts = i.attempts + 1,
              attempt_key = 'instalment-' || i.id || '-attempt-' || (i.attempts + 1), updated_at = now()
         FROM payer_plans p
         LEFT JOIN payment_plan_settings s ON s.organization_id = p.organization_id
        WHERE i.id = $2 AND i.organization_id = $1 AND p.id = i.payer_plan_id AND p.status = 'active' AND p.paused_at IS NULL
          AND p.stripe_payment_method_id IS NOT NULL AND i.status IN ('scheduled', 'failed') AND ${IDLE}
        RETURNING i.id, i.organization_id AS "organizationId", i.payer_plan_id AS "payerPlanId", p.enrollment_id AS "enrollmentId",
                  i.seq, i.amount_cents AS "amountCents", i.attempts, i.attempt_key AS "attemptKey",
                  p.stripe_customer_id AS "customerId", p.stripe_payment_method_id AS "paymentMethodId",
                  coalesce(s.retry_days, '{1,3,5}') AS "retryDays"`,
      [organizationId, instalmentId, leaseMs],
    );
    return rows[0] ?? null;
  }

  /** Pauses (true) or resumes (false) an active plan; null when it already was. */
  async setPaused(m: EntityManager, organizationId: string, payerPlanId: string, paused: boolean): Promise<{ id: string } | null> {
    const rows = await returning<{ id: string }>(
      m,
      `UPDATE payer_plans SET paused_at = CASE WHEN $3::boolean THEN now() ELSE NULL END
        WHERE organization_id = $1 AND id = $2 AND status = 'active' AND (paused_at IS NULL) = $3::boolean RETURNING id`,
      [organizationId, payerPlanId, paused],
    );
    return rows[0] ?? null;
  }

  /** A scheduled instalment due at another time (a past time: due now); a pending retry is forgotten. */
  async move(m: EntityManager, organizationId: string, instalmentId: string, dueAt: Date): Promise<RecordedInstalment | null> {
    const rows = await returning<RecordedInstalment>(
      m,
      `UPDATE payment_plan_instalments i SET due_at = $3, next_attempt_at = NULL, updated_at = now()
        WHERE i.organization_id = $1 AND i.id = $2 AND i.status = 'scheduled' AND ${IDLE} ${RECORDED}`,
      [organizationId, instalmentId, dueAt],
    );
    return rows[0] ?? null;
  }

  /**
   * A scheduled or failed instalment nobody is charging, ended: `waived` (the organization forgoes it) or `paid` at
   * the door (`in-person`). Null when it is not in such a state any more.
   */
  async end(
    m: EntityManager,
    organizationId: string,
    instalmentId: string,
    how: 'waived' | 'in-person',
  ): Promise<RecordedInstalment | null> {
    const rows = await returning<RecordedInstalment>(
      m,
      `UPDATE payment_plan_instalments i
          SET status = CASE WHEN $3 = 'waived' THEN 'waived' ELSE 'paid' END,
              paid_via = CASE WHEN $3 = 'waived' THEN NULL ELSE 'in-person' END,
              paid_at = CASE WHEN $3 = 'waived' THEN NULL ELSE now() END, next_attempt_at = NULL, updated_at = now()
        WHERE i.organization_id = $1 AND i.id = $2 AND i.status IN ('scheduled', 'failed') AND ${IDLE} ${RECORDED}`,
      [organizationId, instalmentId, how],
    );
    return rows[0] ?? null;
  }

  /**
   * Cancels every instalment not yet paid (scheduled or failed) and the plan itself: nothing more is charged. Null when
   * the plan is not this organization's active plan, or an instalment is being charged right now (try again).
   */
  async cancelRemaining(m: EntityManager, organizationId: string, payerPlanId: string): Promise<{ cancelled: number } | null> {
    const plan = await returning<{ id: string }>(
      m,
      `UPDATE payer_plans p SET status = 'cancelled', paused_at = NULL, past_due_since = NULL
        WHERE p.organization_id = $1 AND p.id = $2 AND p.status IN ('active', 'pending')
          AND NOT EXISTS (SELECT 1 FROM payment_plan_instalments i WHERE i.payer_plan_id = p.id AND i.status IN ('scheduled', 'failed')
                          AND NOT (${IDLE}))
        RETURNING p.id`,
      [organizationId, payerPlanId],
    );
    if (!plan.length) return null;
    const rows = await returning<{ id: string }>(
      m,
      `UPDATE payment_plan_instalments i SET status = 'cancelled', next_attempt_at = NULL, updated_at = now()
        WHERE i.organization_id = $1 AND i.payer_plan_id = $2 AND i.status IN ('scheduled', 'failed') RETURNING i.id`,
      [organizationId, payerPlanId],
    );
    return { cancelled: rows.length };
  }

  /**
   * The payer paid instalments `seqs` of the plan on-session (the portal's "Pay now" or the balance), Stripe saying
   * so: each still open and not being charged by the job (no attempt key) is paid, once; a second word on the same
   * payment finds them paid and records nothing. Answers what it recorded.
   */
  async payOnSession(
    m: EntityManager,
    organizationId: string,
    payerPlanId: string,
    seqs: number[],
    paymentIntentId: string,
  ): Promise<RecordedInstalment[]> {
    if (!UUID.test(organizationId) || !UUID.test(payerPlanId) || !seqs.length) return [];
    const rows = await returning<RecordedInstalment>(
      m,
      `UPDATE payment_plan_instalments i
          SET status = 'paid', paid_at = now(), paid_via = 'card', stripe_payment_intent_id = $4, last_outcome = 'succeeded',
              lease_until = NULL, next_attempt_at = NULL, updated_at = now()
        WHERE i.organization_id = $1 AND i.payer_plan_id = $2 AND i.seq = ANY($3::int[]) AND i.status IN ('scheduled', 'failed')
          AND i.attempt_key IS NULL ${RECORDED}`,
      [organizationId, payerPlanId, seqs, paymentIntentId],
    );
    for (const r of rows)
      await appendAttempt(m, {
        organizationId,
        instalmentId: r.id,
        attemptKey: null,
        outcome: 'paid_on_session',
        declineCode: null,
        paymentIntentId,
      });
    return rows;
  }

  /** A bank debit's later word on a `processing` instalment: paid, or failed. Null when no instalment waits on it. */
  async settleProcessing(
    m: EntityManager,
    organizationId: string,
    instalmentId: string,
    paymentIntentId: string,
    paid: boolean,
  ): Promise<RecordedInstalment | null> {
    if (!UUID.test(organizationId) || !UUID.test(instalmentId)) return null;
    const rows = await returning<RecordedInstalment>(
      m,
      `UPDATE payment_plan_instalments i
          SET status = CASE WHEN $2::boolean THEN 'paid' ELSE 'failed' END,
              last_outcome = CASE WHEN $2::boolean THEN 'succeeded' ELSE 'bank_debit_failed' END,
              paid_via = CASE WHEN $2::boolean THEN 'card' ELSE paid_via END,
              paid_at = CASE WHEN $2::boolean THEN now() ELSE paid_at END, updated_at = now()
        WHERE i.stripe_payment_intent_id = $1 AND i.status = 'processing' AND i.id = $3 AND i.organization_id = $4 ${RECORDED}`,
      [paymentIntentId, paid, instalmentId, organizationId],
    );
    if (rows[0])
      await appendAttempt(m, {
        organizationId,
        instalmentId,
        attemptKey: null,
        outcome: paid ? 'bank_debit_succeeded' : 'bank_debit_failed',
        declineCode: null,
        paymentIntentId,
      });
    return rows[0] ?? null;
  }

  /**
   * The instalments paid on an enrollment, newest first: what a refund gives back after the switch's differences and
   * before the deposit (a card one against its own PaymentIntent; one paid at the door has none and is never refunded
   * to a card).
   */
  paidInstalments(m: EntityManager, enrollmentId: string): Promise<{ paymentIntentId: string | null; amountCents: number }[]> {
    return m.query(
      `SELECT CASE WHEN i.paid_via = 'card' THEN i.stripe_payment_intent_id END AS "paymentIntentId", i.amount_cents AS "amountCents"
         FROM payment_plan_instalments i JOIN payer_plans p ON p.id = i.payer_plan_id
        WHERE p.enrollment_id = $1 AND i.status = 'paid' ORDER BY i.paid_at DESC, i.seq DESC`,
      [enrollmentId],
    );
  }

  /**
   * A charge that paid an instalment after its registration was cancelled, refunded in full: the instalment is
   * cancelled again (as the cancellation left it), its PaymentIntent kept to show what was charged and given back.
   */
  async refundedAfterCancel(m: EntityManager, organizationId: string, instalmentId: string): Promise<void> {
    await m.query(
      `UPDATE payment_plan_instalments SET status = 'cancelled', last_outcome = 'refunded_after_cancel', paid_via = NULL, paid_at = NULL,
              updated_at = now()
        WHERE organization_id = $1 AND id = $2 AND status = 'paid'`,
      [organizationId, instalmentId],
    );
  }

  /** The plan completed once nothing is left to pay (every instalment paid or waived). */
  async completeIfDone(m: EntityManager, payerPlanId: string): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      m,
      `UPDATE payer_plans p SET status = 'completed'
        WHERE p.id = $1 AND p.status = 'active'
          AND NOT EXISTS (SELECT 1 FROM payment_plan_instalments i WHERE i.payer_plan_id = p.id AND i.status NOT IN ('paid', 'waived'))
        RETURNING p.id`,
      [payerPlanId],
    );
    return rows.length > 0;
  }
}
