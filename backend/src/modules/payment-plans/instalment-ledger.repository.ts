import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { appendAttempt } from './instalment-attempts.repository';

/** An instalment claimed for charging, with what the charge needs from its plan. */
export interface DueInstalment {
  id: string;
  organizationId: string;
  payerPlanId: string;
  enrollmentId: string;
  seq: number;
  amountCents: number;
  /** This attempt's number (1 for the first). */
  attempts: number;
  /** The idempotency key of this attempt: new, or the unrecorded attempt's own after a crash or a lost answer. */
  attemptKey: string;
  customerId: string;
  paymentMethodId: string;
  /** The organization's retry schedule for soft declines, in days after each failed attempt. */
  retryDays: number[];
}

/** An attempt's outcome as recorded: the instalment's state after it (what the payments module announces). */
export interface RecordedInstalment {
  id: string;
  organizationId: string;
  payerPlanId: string;
  enrollmentId: string;
  seq: number;
  /** How many instalments the plan has (for "instalment 2 of 3"). */
  of: number;
  amountCents: number;
  attempts: number;
  status: 'scheduled' | 'paid' | 'processing' | 'failed' | 'waived';
  dueAt: Date;
  nextAttemptAt: Date | null;
}

/** The RETURNING of an UPDATE of payment_plan_instalments `i`: the row as a RecordedInstalment. */
export const RECORDED_INSTALMENT = `RETURNING i.id, i.organization_id AS "organizationId", i.payer_plan_id AS "payerPlanId",
  (SELECT p.enrollment_id FROM payer_plans p WHERE p.id = i.payer_plan_id) AS "enrollmentId", i.seq,
  (SELECT count(*)::int FROM payment_plan_instalments c WHERE c.payer_plan_id = i.payer_plan_id) AS "of",
  i.amount_cents AS "amountCents", i.attempts, i.status, i.due_at AS "dueAt", i.next_attempt_at AS "nextAttemptAt"`;

/** How an attempt ended, as recorded on the instalment. */
export type InstalmentOutcome =
  | { kind: 'succeeded' | 'processing'; paymentIntentId: string }
  | { kind: 'authentication_required' | 'hard_decline' | 'soft_decline'; paymentIntentId: string | null; declineCode: string | null }
  | { kind: 'ambiguous' }
  | { kind: 'unavailable' };

/** What is due: scheduled, its time (or its retry's) come, its plan active with a saved method, nobody's lease on it. */
const DUE = `x.status = 'scheduled' AND coalesce(x.next_attempt_at, x.due_at) <= now() AND (x.lease_until IS NULL OR x.lease_until < now())`;

/** payment_plan_instalments as the charging job sees them: claimed under a lease, each attempt's outcome recorded once. */
@Injectable()
export class InstalmentLedgerRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Up to `limit` due instalments, leased for `leaseMs` (SKIP LOCKED: instances claim different ones). An attempt
   * whose outcome was recorded left no key: this one gets a new key and counts as a new attempt; an attempt whose
   * instance died (or whose answer was lost) left its key: it is asked again with it, as the same attempt.
   */
  claimDue(limit: number, leaseMs: number): Promise<DueInstalment[]> {
    return returning<DueInstalment>(
      this.db,
      `UPDATE payment_plan_instalments i
          SET lease_until = now() + $2 * interval '1 millisecond',
              attempts = i.attempts + CASE WHEN i.attempt_key IS NULL THEN 1 ELSE 0 END,
              attempt_key = coalesce(i.attempt_key, 'instalment-' || i.id || '-attempt-' || (i.attempts + 1)),
              updated_at = now()
         FROM payer_plans p
         LEFT JOIN payment_plan_settings s ON s.organization_id = p.organization_id
        WHERE p.id = i.payer_plan_id AND i.id IN (
          SELECT x.id FROM payment_plan_instalments x
            JOIN payer_plans xp ON xp.id = x.payer_plan_id AND xp.status = 'active' AND xp.paused_at IS NULL
                                AND xp.stripe_payment_method_id IS NOT NULL
           WHERE ${DUE}
           ORDER BY coalesce(x.next_attempt_at, x.due_at), x.id
           LIMIT $1 FOR UPDATE OF x SKIP LOCKED)
        RETURNING i.id, i.organization_id AS "organizationId", i.payer_plan_id AS "payerPlanId", p.enrollment_id AS "enrollmentId",
                  i.seq, i.amount_cents AS "amountCents", i.attempts, i.attempt_key AS "attemptKey",
                  p.stripe_customer_id AS "customerId", p.stripe_payment_method_id AS "paymentMethodId",
                  coalesce(s.retry_days, '{1,3,5}') AS "retryDays"`,
      [limit, leaseMs],
    );
  }

  /**
   * Records the attempt's outcome, once: only while this attempt's key is still the instalment's (a second record of
   * the same attempt finds the key cleared and changes nothing). The instalment as recorded, or null. In the caller's
   * transaction, so what the outcome sets off (the payment on the enrollment, the receipt, the messages) commits with it.
   */
  async record(m: EntityManager, due: DueInstalment, outcome: InstalmentOutcome): Promise<RecordedInstalment | null> {
    const retryIn = outcome.kind === 'soft_decline' ? due.retryDays[due.attempts - 1] : undefined;
    const [status, nextAttemptMs, keepKey]: [string, number | null, boolean] =
      outcome.kind === 'succeeded'
        ? ['paid', null, false]
        : outcome.kind === 'processing'
          ? ['processing', null, false]
          : outcome.kind === 'soft_decline' && retryIn !== undefined
            ? ['scheduled', retryIn * 86_400_000, false]
            : outcome.kind === 'ambiguous'
              ? ['scheduled', 5 * 60_000, true]
              : outcome.kind === 'unavailable'
                ? ['scheduled', 3_600_000, false]
                : ['failed', null, false];
    const intent = 'paymentIntentId' in outcome ? outcome.paymentIntentId : null;
    const decline = 'declineCode' in outcome ? outcome.declineCode : null;
    const rows = await returning<RecordedInstalment>(
      m,
      `UPDATE payment_plan_instalments i
          SET status = $3, last_outcome = $4, last_decline_code = $5,
              paid_via = CASE WHEN $3 = 'paid' THEN 'card' ELSE paid_via END,
              -- The method a hard decline refused: "retry now" waits for another one (issue 40 §4).
              hard_declined_method = CASE WHEN $4 = 'hard_decline' THEN $9 ELSE hard_declined_method END,
              stripe_payment_intent_id = coalesce($6, stripe_payment_intent_id),
              next_attempt_at = CASE WHEN $7::bigint IS NULL THEN next_attempt_at ELSE now() + $7::bigint * interval '1 millisecond' END,
              paid_at = CASE WHEN $3 = 'paid' THEN now() ELSE paid_at END,
              -- Nothing was sent: this was not an attempt.
              attempts = attempts - CASE WHEN $4 = 'unavailable' THEN 1 ELSE 0 END,
              attempt_key = CASE WHEN $8 THEN attempt_key ELSE NULL END,
              lease_until = NULL, updated_at = now()
        WHERE id = $1 AND attempt_key = $2
        ${RECORDED_INSTALMENT}`,
      [due.id, due.attemptKey, status, outcome.kind, decline, intent, nextAttemptMs, keepKey, due.paymentMethodId],
    );
    // Every answer Stripe gave is a try in the history; 'unavailable' sent nothing and is none.
    if (rows[0] && outcome.kind !== 'unavailable')
      await appendAttempt(m, {
        organizationId: due.organizationId,
        instalmentId: due.id,
        attemptKey: due.attemptKey,
        outcome: outcome.kind,
        declineCode: decline,
        paymentIntentId: intent,
      });
    return rows[0] ?? null;
  }
}
