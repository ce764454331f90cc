import type { EntityManager } from 'typeorm';

/** One try to pay an instalment, as the admin's plan page lists it. */
export interface InstalmentAttempt {
  organizationId: string;
  instalmentId: string;
  /** The off-session attempt's idempotency key; null for what was not an off-session attempt (portal, dispute). */
  attemptKey: string | null;
  /** What it came to: an off-session outcome (succeeded, processing, soft_decline...), or bank_debit_succeeded / bank_debit_failed, paid_on_session, dispute_lost. */
  outcome: string;
  declineCode: string | null;
  paymentIntentId: string | null;
}

/**
 * Appends a try to `payment_plan_attempts` (the instalment row keeps only the last), in the caller's transaction: the
 * one that records the outcome, so the history and the instalment never disagree. Only the payment-plans module's
 * repositories call it.
 */
export async function appendAttempt(m: EntityManager, a: InstalmentAttempt): Promise<void> {
  await m.query(
    `INSERT INTO payment_plan_attempts (organization_id, instalment_id, attempt_key, outcome, decline_code, stripe_payment_intent_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [a.organizationId, a.instalmentId, a.attemptKey, a.outcome, a.declineCode, a.paymentIntentId],
  );
}
