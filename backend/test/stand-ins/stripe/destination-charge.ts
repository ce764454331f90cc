import { stripeError, type StandInReply } from './core';

/** A form-encoded positive integer, as the SDK sends amounts (Stripe answers 400 to anything else). */
export const isIntString = (v: unknown): v is string => typeof v === 'string' && /^\d+$/.test(v);

/**
 * The parameters every Classlane PaymentIntent carries, on-session or off (shared/INTEGRATIONS.md: integer cents of at
 * least $0.50, usd, the platform's fee no greater than the amount, the connected account as the transfer's
 * destination), checked in that order; Stripe's error for the first that fails, or null.
 */
export function destinationChargeError(b: Record<string, unknown>): StandInReply | null {
  if (!isIntString(b.amount) || Number(b.amount) < 50)
    return stripeError(400, 'Amount must be at least $0.50 usd', 'invalid_request_error', { param: 'amount' });
  if (b.currency !== 'usd') return stripeError(400, `Classlane contract: currency must be usd, got ${String(b.currency)}`);
  if (!isIntString(b.application_fee_amount) || Number(b.application_fee_amount) > Number(b.amount))
    return stripeError(400, 'application_fee_amount must be an integer no greater than amount', 'invalid_request_error', {
      param: 'application_fee_amount',
    });
  const destination = (b.transfer_data as Record<string, unknown> | undefined)?.destination;
  if (typeof destination !== 'string' || !destination.startsWith('acct_'))
    return stripeError(400, 'Classlane contract: a destination charge needs transfer_data[destination]', 'invalid_request_error', {
      param: 'transfer_data[destination]',
    });
  return null;
}
