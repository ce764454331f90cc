import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { appendAttempt } from './instalment-attempts.repository';
import { RECORDED_INSTALMENT, type RecordedInstalment } from './instalment-ledger.repository';

/** An instalment a charge paid, found by the charge's PaymentIntent. */
export interface ChargedInstalment {
  id: string;
  organizationId: string;
  payerPlanId: string;
  enrollmentId: string;
  seq: number;
  amountCents: number;
  status: string;
  disputeStatus: 'open' | 'won' | 'lost' | null;
}

export type InstalmentDisputeState = 'open' | 'won' | 'lost';

/**
 * A dispute of an instalment's charge (issue 40 §5) as it marks the instalment: `open` while the bank decides (still
 * paid: the money may come back), `won` (paid, for good), `lost` (the money went back to the payer: the instalment is
 * `failed` again, its plan active again if it had completed, so the past-due rules apply as to any unpaid one). A final
 * state is never replaced by an older event's; the change to `lost` happens once (it answers the row that one time).
 */
@Injectable()
export class InstalmentDisputesRepository {
  /** The instalment a PaymentIntent paid (off-session, or on-session from the portal: every instalment it paid). */
  async byIntent(m: EntityManager, paymentIntentId: string): Promise<ChargedInstalment[]> {
    return m.query(
      `SELECT i.id, i.organization_id AS "organizationId", i.payer_plan_id AS "payerPlanId", p.enrollment_id AS "enrollmentId", i.seq,
              i.amount_cents AS "amountCents", i.status, i.dispute_status AS "disputeStatus"
         FROM payment_plan_instalments i JOIN payer_plans p ON p.id = i.payer_plan_id AND p.organization_id = i.organization_id
        WHERE i.stripe_payment_intent_id = $1 ORDER BY i.seq`,
      [paymentIntentId],
    );
  }

  /** Marks the instalment as the dispute now stands; answers the instalment when this call made it unpaid (lost). */
  async mark(
    m: EntityManager,
    organizationId: string,
    instalmentId: string,
    state: InstalmentDisputeState,
  ): Promise<RecordedInstalment | null> {
    await m.query(
      `UPDATE payment_plan_instalments SET dispute_status = $3, disputed_at = coalesce(disputed_at, now()), updated_at = now()
        WHERE organization_id = $1 AND id = $2 AND (dispute_status IS NULL OR dispute_status = 'open') AND $3 <> 'lost'`,
      [organizationId, instalmentId, state],
    );
    if (state !== 'lost') return null;
    const rows = await returning<RecordedInstalment>(
      m,
      `UPDATE payment_plan_instalments i
          SET dispute_status = 'lost', disputed_at = coalesce(disputed_at, now()), status = 'failed', last_outcome = 'dispute_lost',
              last_decline_code = NULL, paid_via = NULL, paid_at = NULL, next_attempt_at = NULL, updated_at = now()
        WHERE i.organization_id = $1 AND i.id = $2 AND i.status = 'paid' AND i.dispute_status IS DISTINCT FROM 'lost'
              AND i.dispute_status IS DISTINCT FROM 'won'
        ${RECORDED_INSTALMENT}`,
      [organizationId, instalmentId],
    );
    if (!rows.length) return null;
    const [{ pi }] = await m.query(`SELECT stripe_payment_intent_id AS pi FROM payment_plan_instalments WHERE id = $1`, [instalmentId]);
    await appendAttempt(m, {
      organizationId,
      instalmentId,
      attemptKey: null,
      outcome: 'dispute_lost',
      declineCode: null,
      paymentIntentId: pi,
    });
    // Something is owed again: a plan that had completed is active again (what the past-due job reads).
    await m.query(`UPDATE payer_plans SET status = 'active' WHERE organization_id = $1 AND id = $2 AND status = 'completed'`, [
      organizationId,
      rows[0].payerPlanId,
    ]);
    return rows[0];
  }
}
