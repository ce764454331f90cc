// The cancellation's refund quote and the amount as texts write it belong to the enrollment's lifecycle (registration),
// where a cancel is decided; payments reads them from there.
export { formatDollars, refundQuote, type RefundQuote } from '../registration/refund-quote';

/**
 * The platform fee of a card payment (decision 1, INTEGRATIONS.md): round(amount × PLATFORM_FEE_PERCENT / 100),
 * half up, in integer cents. The percent is taken in basis points first so 2.9 % or 2.5 % give exact results (no
 * float drift at .5 boundaries).
 */
export function platformFeeCents(amountCents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}

export const dollars = (cents: number) => cents / 100;
