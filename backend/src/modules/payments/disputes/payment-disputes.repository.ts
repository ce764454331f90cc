import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../../common/db/returning';

export type DisputeOutcome = 'won' | 'lost';

export interface PaymentDispute {
  id: string;
  organizationId: string;
  enrollmentId: string;
  stripeDisputeId: string;
  paymentIntentId: string;
  chargeId: string | null;
  amountCents: number;
  reason: string;
  status: string;
  outcome: DisputeOutcome | null;
  reversalCents: number | null;
  stripeTransferReversalId: string | null;
  reversalError: string | null;
  createdAt: Date;
  closedAt: Date | null;
}

const COLUMNS = `id, organization_id AS "organizationId", enrollment_id AS "enrollmentId", stripe_dispute_id AS "stripeDisputeId",
  payment_intent_id AS "paymentIntentId", charge_id AS "chargeId", amount_cents AS "amountCents", reason, status, outcome,
  reversal_cents AS "reversalCents", stripe_transfer_reversal_id AS "stripeTransferReversalId", reversal_error AS "reversalError",
  created_at AS "createdAt", closed_at AS "closedAt"`;

/** Stripe's final statuses: an event that says otherwise is older than the one that closed the dispute. */
const FINAL = `('won', 'lost')`;

/** `payment_disputes` (the payments module's table): one row per Stripe dispute. */
@Injectable()
export class PaymentDisputesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Records the dispute as an event tells of it, locked for the rest of the caller's transaction. `created` is true
   * for the one call that inserted the row (whichever of its events came first). A final status (won, lost) is never
   * replaced by an older event's; the outcome is set when the event says the dispute is closed.
   */
  async upsert(
    m: EntityManager,
    d: {
      organizationId: string;
      enrollmentId: string;
      stripeDisputeId: string;
      paymentIntentId: string;
      chargeId: string | null;
      amountCents: number;
      reason: string;
      status: string;
      outcome: DisputeOutcome | null;
    },
  ): Promise<{ dispute: PaymentDispute; created: boolean }> {
    const rows = await returning<PaymentDispute & { inserted: boolean }>(
      m,
      `INSERT INTO payment_disputes AS d (organization_id, enrollment_id, stripe_dispute_id, payment_intent_id, charge_id, amount_cents,
          reason, status, outcome, closed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text, CASE WHEN $9::text IS NULL THEN NULL ELSE now() END)
       ON CONFLICT (stripe_dispute_id) DO UPDATE SET
         status = CASE WHEN d.status IN ${FINAL} THEN d.status ELSE EXCLUDED.status END,
         outcome = COALESCE(d.outcome, EXCLUDED.outcome),
         closed_at = COALESCE(d.closed_at, EXCLUDED.closed_at),
         amount_cents = EXCLUDED.amount_cents
       RETURNING ${COLUMNS}, (xmax = 0) AS inserted`,
      [d.organizationId, d.enrollmentId, d.stripeDisputeId, d.paymentIntentId, d.chargeId, d.amountCents, d.reason, d.status, d.outcome],
    );
    const { inserted, ...dispute } = rows[0];
    return { dispute, created: inserted };
  }

  async recordReversal(m: EntityManager, id: string, r: { cents: number; reversalId: string } | { error: string }): Promise<void> {
    if ('error' in r) await m.query(`UPDATE payment_disputes SET reversal_error = $2 WHERE id = $1`, [id, r.error.slice(0, 500)]);
    else
      await m.query(
        `UPDATE payment_disputes SET reversal_cents = $2, stripe_transfer_reversal_id = $3, reversal_error = NULL WHERE id = $1`,
        [id, r.cents, r.reversalId],
      );
  }

  /** The disputes of an enrollment's payments, newest first (the caller checked the enrollment is the organization's). */
  ofEnrollment(organizationId: string, enrollmentId: string): Promise<PaymentDispute[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM payment_disputes WHERE organization_id = $1 AND enrollment_id = $2 ORDER BY created_at DESC, id`,
      [organizationId, enrollmentId],
    );
  }
}
