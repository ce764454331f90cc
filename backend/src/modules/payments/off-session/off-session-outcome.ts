import Stripe from 'stripe';
import { classifyDecline } from './decline-rules';

/**
 * What an off-session charge came to, in the terms its caller acts on (issue 40 §2):
 * - `succeeded`: the money is taken;
 * - `processing`: a bank debit, settled days later by `payment_intent.succeeded` or `payment_intent.payment_failed`;
 * - `authentication_required`: the payer must pay on-session (portal link); never retried off-session;
 * - `soft_decline`: may be retried later on the organization's schedule (with a NEW attempt key: a new attempt);
 * - `hard_decline`: never retried until a new method is saved;
 * - `ambiguous`: no answer (timeout, connection lost, Stripe 5xx, 409/429): Stripe may or may not have charged. The
 *   caller asks again with the SAME attempt key, which Stripe answers with the first request's result; never a new key.
 * - `unavailable`: nothing was sent (no Stripe key, or the organization cannot take charges now).
 */
export type OffSessionOutcome =
  | { kind: 'succeeded'; paymentIntentId: string; amountCents: number; applicationFeeCents: number; chargeId: string | null }
  | { kind: 'processing'; paymentIntentId: string; amountCents: number; applicationFeeCents: number }
  | {
      kind: 'authentication_required' | 'soft_decline' | 'hard_decline';
      paymentIntentId: string | null;
      code: string;
      declineCode: string | null;
      message: string;
    }
  | { kind: 'ambiguous'; attemptKey: string; reason: string }
  | { kind: 'unavailable'; reason: 'stripe_not_configured' | 'charges_not_enabled' };

export type Declined = Extract<OffSessionOutcome, { kind: 'authentication_required' | 'soft_decline' | 'hard_decline' }>;

const KIND = { authentication_required: 'authentication_required', soft: 'soft_decline', hard: 'hard_decline' } as const;
const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;

/** A declined (or refused) charge: its class by the decline rules, with what Stripe said. */
export function declined(
  code: string | null | undefined,
  declineCode: string | null | undefined,
  message: string,
  paymentIntentId: string | null,
): Declined {
  return {
    kind: KIND[classifyDecline(code, declineCode)],
    paymentIntentId,
    code: code || 'unknown',
    declineCode: declineCode || null, // the SDK gives '' when Stripe sent none
    message,
  };
}

/**
 * The PaymentIntent Stripe answered: succeeded, processing, or (off-session, with `confirm: true`) an intent that
 * still wants something, which is a decline by its `last_payment_error` (requires_action: authentication).
 */
export function outcomeOfIntent(pi: Stripe.PaymentIntent): OffSessionOutcome {
  const fee = pi.application_fee_amount ?? 0;
  if (pi.status === 'succeeded')
    return {
      kind: 'succeeded',
      paymentIntentId: pi.id,
      amountCents: pi.amount,
      applicationFeeCents: fee,
      chargeId: idOf(pi.latest_charge),
    };
  if (pi.status === 'processing') return { kind: 'processing', paymentIntentId: pi.id, amountCents: pi.amount, applicationFeeCents: fee };
  if (pi.status === 'requires_action')
    return declined('authentication_required', null, 'This payment needs the payer to confirm it.', pi.id);
  const e = pi.last_payment_error;
  return declined(e?.code ?? 'card_declined', e?.decline_code ?? null, e?.message ?? `The payment is ${pi.status}.`, pi.id);
}

/**
 * A thrown error: a card error is a decline (its PaymentIntent, when Stripe sent it, named); no answer or a server
 * error is ambiguous; another 4xx refused the request itself (nothing was charged: a detached method, a deleted
 * customer), so it is a hard decline by the rules, except the product's own faults (an attempt key reused with other
 * parameters, a wrong API key), which are thrown.
 */
export function outcomeOfError(e: unknown, attemptKey: string): OffSessionOutcome {
  if (e instanceof Stripe.errors.StripeCardError) return declined(e.code, e.decline_code, e.message, e.payment_intent?.id ?? null);
  // A reused key with other parameters, or a wrong API key: the product's fault, not the card's; thrown for a person to see.
  if (
    e instanceof Stripe.errors.StripeIdempotencyError ||
    e instanceof Stripe.errors.StripeAuthenticationError ||
    e instanceof Stripe.errors.StripePermissionError
  )
    throw e;
  if (
    e instanceof Stripe.errors.StripeConnectionError ||
    e instanceof Stripe.errors.StripeAPIError ||
    e instanceof Stripe.errors.StripeRateLimitError ||
    (e instanceof Stripe.errors.StripeError && (e.statusCode === undefined || e.statusCode >= 500 || e.statusCode === 409))
  )
    return { kind: 'ambiguous', attemptKey, reason: e.message };
  if (e instanceof Stripe.errors.StripeError) return declined(e.code ?? e.type, null, e.message, e.payment_intent?.id ?? null);
  // Not an SDK error (a socket torn down under it): Stripe may have acted.
  return { kind: 'ambiguous', attemptKey, reason: e instanceof Error ? e.message : String(e) };
}

/** An outcome as the charging jobs record it on their own rows: the PaymentIntent and the decline code, no money. */
export type RecordedOffSessionOutcome =
  | { kind: 'succeeded' | 'processing'; paymentIntentId: string }
  | { kind: 'authentication_required' | 'hard_decline' | 'soft_decline'; paymentIntentId: string | null; declineCode: string | null }
  | { kind: 'ambiguous' }
  | { kind: 'unavailable' };

/** What an instalment or a membership renewal keeps of an outcome (the decline code, or Stripe's code without one). */
export function recordedOutcome(o: OffSessionOutcome): RecordedOffSessionOutcome {
  switch (o.kind) {
    case 'succeeded':
    case 'processing':
      return { kind: o.kind, paymentIntentId: o.paymentIntentId };
    case 'authentication_required':
    case 'soft_decline':
    case 'hard_decline':
      return { kind: o.kind, paymentIntentId: o.paymentIntentId, declineCode: o.declineCode ?? o.code };
    default:
      return { kind: o.kind };
  }
}
