import type { CardEnrollment } from '../registration/card-enrollments.service';

/**
 * What the card payment services (one person, a household) share: the facts read from a PaymentIntent, and the outcome of settling one. Here, so neither service imports the other for them.
 */

export const MIN_CARD_CENTS = 50;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type SettleOutcome =
  | { kind: 'completed'; enrollment: CardEnrollment; late: boolean }
  | { kind: 'already'; enrollment: CardEnrollment }
  | { kind: 'refunded'; enrollment: CardEnrollment; amountCents: number }
  | { kind: 'unpaid'; enrollment: CardEnrollment }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'unknown' };

/** The fields of a PaymentIntent the product keys on, checked for their shapes (what Stripe sends is untrusted). */
export interface IntentFacts {
  id: string;
  status: string;
  amount: number;
  currency: string;
  applicationFee: number;
  destination: string | null;
  chargeId: string | null;
  /** The method that paid (a plan's deposit saves it for the instalments). */
  paymentMethod: string | null;
  metadata: Record<string, string>;
}

export function intentFacts(value: unknown): IntentFacts | null {
  if (!value || typeof value !== 'object') return null;
  const pi = value as Record<string, unknown>;
  if (typeof pi.id !== 'string' || !pi.id.startsWith('pi_') || pi.object !== 'payment_intent') return null;
  if (!Number.isSafeInteger(pi.amount) || typeof pi.status !== 'string' || typeof pi.currency !== 'string') return null;
  const transfer = pi.transfer_data as { destination?: unknown } | null | undefined;
  const destination =
    typeof transfer?.destination === 'string'
      ? transfer.destination
      : typeof (transfer?.destination as { id?: unknown } | undefined)?.id === 'string'
        ? (transfer!.destination as { id: string }).id
        : null;
  const charge = pi.latest_charge as unknown;
  const metadata: Record<string, string> = {};
  if (pi.metadata && typeof pi.metadata === 'object')
    for (const [k, v] of Object.entries(pi.metadata as Record<string, unknown>)) if (typeof v === 'string') metadata[k] = v;
  return {
    id: pi.id,
    status: pi.status,
    amount: pi.amount as number,
    currency: pi.currency,
    applicationFee: Number.isSafeInteger(pi.application_fee_amount) ? (pi.application_fee_amount as number) : 0,
    destination,
    chargeId:
      typeof charge === 'string' ? charge : typeof (charge as { id?: unknown })?.id === 'string' ? (charge as { id: string }).id : null,
    paymentMethod:
      typeof pi.payment_method === 'string'
        ? pi.payment_method
        : typeof (pi.payment_method as { id?: unknown } | null)?.id === 'string'
          ? (pi.payment_method as { id: string }).id
          : null,
    metadata,
  };
}
