import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { MEMBERSHIP_COLUMNS, ORG_TODAY, type Membership } from './memberships.repository';

/** A card renewal claimed for charging: the membership with what the charge needs. */
export interface DueRenewal {
  id: string;
  organizationId: string;
  /** This attempt's number within this renewal (1 for the first). */
  attempts: number;
  /** The attempt's idempotency key: new, or the unrecorded attempt's own after a crash or a lost answer. */
  attemptKey: string;
  customerId: string;
  paymentMethodId: string;
  /** The price the member agreed to at the sale. */
  amountCents: number;
}

/** How an attempt ended, as recorded on the membership. */
export type RenewalOutcome =
  | { kind: 'succeeded' | 'processing'; paymentIntentId: string }
  | { kind: 'authentication_required' | 'hard_decline' | 'soft_decline'; paymentIntentId: string | null; declineCode: string | null }
  | { kind: 'ambiguous' }
  | { kind: 'unavailable' };

/** The day after the period, or after the freeze when the freeze covers that day (the renewal waits for it). */
const NEXT_START = `greatest(ms.current_period_end + 1,
  CASE WHEN ms.frozen_from <= ms.current_period_end + 1 AND ms.frozen_until >= ms.current_period_end THEN ms.frozen_until + 1 END)`;
const PERIOD = `CASE WHEN ms.period = 'year' THEN interval '1 year' ELSE interval '1 month' END`;

/**
 * The membership `x` (its organization joined as `o`) has ended its period, and no freeze covering today holds its
 * renewal back.
 */
const ENDED = `x.current_period_end < ${ORG_TODAY} AND NOT (x.frozen_from IS NOT NULL AND ${ORG_TODAY} BETWEEN x.frozen_from AND x.frozen_until)`;

/**
 * memberships as the renewal job sees them (issue 41 §2), as instalments are charged (payment-plans'
 * instalment-ledger.repository.ts): a card renewal is claimed under a lease (SKIP LOCKED), its attempt's idempotency
 * key written before Stripe is called, and the outcome recorded only while that key is still the membership's. Reads
 * organizations (today in their zone) and credit_sales (the price agreed).
 */
@Injectable()
export class MembershipRenewalsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Memberships whose period ended: cancelled at period end -> cancelled; otherwise -> pending_renewal (no use of the
   * new period until it is paid). The rows changed, with their new status.
   */
  async closePeriods(limit: number): Promise<Membership[]> {
    return returning<Membership>(
      this.db,
      `UPDATE memberships ms
          SET status = CASE WHEN ms.cancel_at_period_end THEN 'cancelled' ELSE 'pending_renewal' END,
              renewal_attempts = 0, renewal_awaiting_payer = false, renewal_next_attempt_at = NULL, updated_at = now()
        WHERE ms.id IN (
          SELECT x.id FROM memberships x JOIN organizations o ON o.id = x.organization_id
           WHERE x.status = 'active' AND ${ENDED}
           ORDER BY x.current_period_end, x.id LIMIT $1 FOR UPDATE OF x SKIP LOCKED)
        RETURNING ${MEMBERSHIP_COLUMNS}`,
      [limit],
    );
  }

  /**
   * Pending renewals the payer did not pay in time (the payer had to pay on-session): lapsed. A pending renewal
   * cancelled at period end meanwhile (by the admin or the member) is cancelled instead, with nothing more charged.
   */
  async lapseOverdue(m: EntityManager, limit: number): Promise<Membership[]> {
    return returning<Membership>(
      m,
      `UPDATE memberships ms
          SET status = CASE WHEN ms.cancel_at_period_end THEN 'cancelled' ELSE 'lapsed' END, renewal_next_attempt_at = NULL,
              renewal_lease_until = NULL, updated_at = now()
        WHERE ms.id IN (
          SELECT x.id FROM memberships x
           WHERE x.status = 'pending_renewal' AND (x.cancel_at_period_end OR (x.renewal_awaiting_payer AND x.renewal_next_attempt_at <= now()))
             AND (x.renewal_lease_until IS NULL OR x.renewal_lease_until < now())
           ORDER BY x.renewal_next_attempt_at NULLS FIRST, x.id LIMIT $1 FOR UPDATE OF x SKIP LOCKED)
        RETURNING ${MEMBERSHIP_COLUMNS}`,
      [limit],
    );
  }

  /**
   * Up to `limit` card renewals due, leased for `leaseMs` (instances claim different ones). An attempt whose outcome
   * was recorded left no key: this one gets a new key and counts as a new attempt; an attempt whose instance died (or
   * whose answer was lost) left its key: it is asked again with it.
   */
  claimDue(limit: number, leaseMs: number): Promise<DueRenewal[]> {
    return this.claim(
      `SELECT x.id FROM memberships x JOIN organizations o ON o.id = x.organization_id
        WHERE x.status = 'pending_renewal' AND x.channel = 'card' AND x.stripe_payment_method_id IS NOT NULL
          AND NOT (x.frozen_from IS NOT NULL AND ${ORG_TODAY} BETWEEN x.frozen_from AND x.frozen_until)
          AND NOT x.renewal_awaiting_payer AND NOT x.cancel_at_period_end
          AND (x.renewal_next_attempt_at IS NULL OR x.renewal_next_attempt_at <= now())
          AND (x.renewal_lease_until IS NULL OR x.renewal_lease_until < now())
        ORDER BY x.renewal_next_attempt_at NULLS FIRST, x.id LIMIT $2 FOR UPDATE OF x SKIP LOCKED`,
      [leaseMs, limit],
    );
  }

  /**
   * The admin's "renew now": this card membership's renewal, claimed as the job claims it, whether or not the payer
   * was asked to pay on-session (the admin chose to try the saved method again). Null when its period has not ended,
   * it is not a card membership with a saved method, or another instance or admin holds it (the caller says which).
   */
  claimOne(organizationId: string, id: string, leaseMs: number): Promise<DueRenewal[]> {
    return this.claim(
      `SELECT x.id FROM memberships x JOIN organizations o ON o.id = x.organization_id
        WHERE x.organization_id = $2 AND x.id = $3 AND x.channel = 'card' AND x.stripe_payment_method_id IS NOT NULL
          AND (x.status = 'pending_renewal' OR (x.status = 'active' AND ${ENDED}))
          AND (x.renewal_lease_until IS NULL OR x.renewal_lease_until < now())
        FOR UPDATE OF x SKIP LOCKED`,
      [leaseMs, organizationId, id],
    );
  }

  private claim(pick: string, params: unknown[]): Promise<DueRenewal[]> {
    return returning<DueRenewal>(
      this.db,
      `UPDATE memberships ms
          SET renewal_lease_until = now() + $1 * interval '1 millisecond',
              status = 'pending_renewal',
              renewal_attempts = ms.renewal_attempts + CASE WHEN ms.renewal_attempt_key IS NULL THEN 1 ELSE 0 END,
              renewal_attempt_key = coalesce(ms.renewal_attempt_key,
                'membership-' || ms.id || '-renewal-' || to_char(${NEXT_START}, 'YYYY-MM-DD') || '-attempt-' || (ms.renewal_attempts + 1)),
              updated_at = now()
         FROM credit_sales s
        WHERE s.organization_id = ms.organization_id AND s.id = ms.sale_id AND ms.id IN (${pick})
        RETURNING ms.id, ms.organization_id AS "organizationId", ms.renewal_attempts AS attempts, ms.renewal_attempt_key AS "attemptKey",
                  ms.stripe_customer_id AS "customerId", ms.stripe_payment_method_id AS "paymentMethodId", s.amount_cents AS "amountCents"`,
      params,
    );
  }

  /**
   * Records the attempt's outcome once (only while its key is still the membership's), in the caller's transaction:
   * paid -> the next period (from the day after the old one, or after a freeze covering it), active; a soft decline ->
   * tried again after `retryDays[attempt - 1]` days, or lapsed after the last; authentication required or a hard
   * decline -> the payer is asked to pay on-session until `payerDays` days from now, then it lapses; no answer -> asked
   * again with the same key in 5 minutes; nothing sent -> in an hour, not counted as an attempt.
   */
  async record(
    m: EntityManager,
    due: DueRenewal,
    outcome: RenewalOutcome,
    retryDays: number[],
    payerDays: number,
  ): Promise<Membership | null> {
    const retryIn = outcome.kind === 'soft_decline' ? retryDays[due.attempts - 1] : undefined;
    const [status, nextMs, keepKey, awaiting]: [string, number | null, boolean, boolean] =
      outcome.kind === 'succeeded'
        ? ['active', null, false, false]
        : outcome.kind === 'soft_decline'
          ? retryIn !== undefined
            ? ['pending_renewal', retryIn * 86_400_000, false, false]
            : ['lapsed', null, false, false]
          : outcome.kind === 'authentication_required' || outcome.kind === 'hard_decline'
            ? ['pending_renewal', payerDays * 86_400_000, false, true]
            : outcome.kind === 'ambiguous'
              ? ['pending_renewal', 5 * 60_000, true, false]
              : outcome.kind === 'processing'
                ? // A bank debit settles days later: asked again with the same key (never a second debit) in an hour.
                  ['pending_renewal', 3_600_000, true, false]
                : // Nothing was sent (no Stripe key, charges disabled): tried again in an hour.
                  ['pending_renewal', 3_600_000, false, false];
    const intent = 'paymentIntentId' in outcome ? outcome.paymentIntentId : null;
    const decline = 'declineCode' in outcome ? outcome.declineCode : null;
    const rows = await returning<Membership>(
      m,
      `UPDATE memberships ms
          SET status = $3,
              current_period_start = CASE WHEN $3 = 'active' THEN ${NEXT_START} ELSE ms.current_period_start END,
              current_period_end = CASE WHEN $3 = 'active' THEN (${NEXT_START} + ${PERIOD} - interval '1 day')::date ELSE ms.current_period_end END,
              renewal_attempts = CASE WHEN $3 = 'active' THEN 0 WHEN $4 = 'unavailable' THEN ms.renewal_attempts - 1 ELSE ms.renewal_attempts END,
              renewal_next_attempt_at = CASE WHEN $6::bigint IS NULL THEN NULL ELSE now() + $6::bigint * interval '1 millisecond' END,
              renewal_awaiting_payer = $8, renewal_last_outcome = $4, renewal_last_decline_code = $5,
              renewal_payment_intent_id = coalesce($7, ms.renewal_payment_intent_id),
              renewed_at = CASE WHEN $3 = 'active' THEN now() ELSE ms.renewed_at END,
              renewal_attempt_key = CASE WHEN $9 THEN ms.renewal_attempt_key ELSE NULL END,
              renewal_lease_until = NULL, updated_at = now()
        WHERE ms.id = $1 AND ms.renewal_attempt_key = $2
        RETURNING ${MEMBERSHIP_COLUMNS}`,
      [due.id, due.attemptKey, status, outcome.kind, decline, nextMs, intent, awaiting, keepKey],
    );
    return rows[0] ?? null;
  }

  /**
   * The member pays a pending renewal on-session (portal): the job stops charging it (awaiting the payer, lapsing
   * after `graceDays` unless it already had a deadline). Null when it is not pending, or an attempt is in flight (a
   * lease, or an unrecorded attempt's key that may still have charged). Answers what the PaymentIntent needs.
   */
  async openForPayer(
    m: EntityManager,
    organizationId: string,
    id: string,
    graceDays: number,
  ): Promise<{ nextStart: string; customerId: string | null; amountCents: number } | null> {
    const rows = await returning<{ nextStart: string; customerId: string | null; amountCents: number }>(
      m,
      `UPDATE memberships ms
          SET renewal_next_attempt_at = CASE WHEN ms.renewal_awaiting_payer THEN ms.renewal_next_attempt_at
                                             ELSE now() + $3 * interval '1 day' END,
              renewal_awaiting_payer = true, updated_at = now()
         FROM credit_sales s
        WHERE s.organization_id = ms.organization_id AND s.id = ms.sale_id AND ms.organization_id = $1 AND ms.id = $2
          AND ms.status = 'pending_renewal' AND ms.channel = 'card' AND ms.renewal_attempt_key IS NULL
          AND (ms.renewal_lease_until IS NULL OR ms.renewal_lease_until < now())
        RETURNING to_char(${NEXT_START}, 'YYYY-MM-DD') AS "nextStart", ms.stripe_customer_id AS "customerId", s.amount_cents AS "amountCents"`,
      [organizationId, id, graceDays],
    );
    return rows[0] ?? null;
  }

  /**
   * A renewal paid on-session (Stripe's signed event, in its transaction): the next period, active, with the method
   * that paid saved for the next renewals. Only while it is still the renewal the payment was made for (pending, the
   * same next period); null otherwise (paid already, or another period's).
   */
  async paidOnSession(
    m: EntityManager,
    organizationId: string,
    id: string,
    nextStart: string,
    paymentIntentId: string,
    paymentMethodId: string | null,
  ): Promise<Membership | null> {
    const rows = await returning<Membership>(
      m,
      `UPDATE memberships ms
          SET status = 'active', current_period_start = ${NEXT_START},
              current_period_end = (${NEXT_START} + ${PERIOD} - interval '1 day')::date,
              stripe_payment_method_id = coalesce($5, ms.stripe_payment_method_id),
              renewal_attempts = 0, renewal_next_attempt_at = NULL, renewal_awaiting_payer = false,
              renewal_last_outcome = 'paid_on_session', renewal_last_decline_code = NULL, renewal_payment_intent_id = $4,
              renewed_at = now(), updated_at = now()
        WHERE ms.organization_id = $1 AND ms.id = $2 AND ms.status = 'pending_renewal' AND to_char(${NEXT_START}, 'YYYY-MM-DD') = $3
        RETURNING ${MEMBERSHIP_COLUMNS}`,
      [organizationId, id, nextStart, paymentIntentId, paymentMethodId],
    );
    return rows[0] ?? null;
  }

  /**
   * An in-person renewal marked paid by the admin (the membership locked by the caller): the next period, active. Null
   * when its period has not ended (nothing to renew yet).
   */
  async markPaid(m: EntityManager, organizationId: string, id: string): Promise<Membership | null> {
    const rows = await returning<Membership>(
      m,
      `UPDATE memberships ms
          SET status = 'active', current_period_start = ${NEXT_START},
              current_period_end = (${NEXT_START} + ${PERIOD} - interval '1 day')::date,
              renewal_attempts = 0, renewal_next_attempt_at = NULL, renewal_awaiting_payer = false, renewal_last_outcome = 'marked_paid',
              renewal_last_decline_code = NULL, renewed_at = now(), updated_at = now()
        WHERE ms.organization_id = $1 AND ms.id = $2 AND ms.id IN (
          SELECT x.id FROM memberships x JOIN organizations o ON o.id = x.organization_id
           WHERE x.id = $2 AND (x.status = 'pending_renewal' OR (x.status = 'active' AND ${ENDED})))
        RETURNING ${MEMBERSHIP_COLUMNS}`,
      [organizationId, id],
    );
    return rows[0] ?? null;
  }
}
