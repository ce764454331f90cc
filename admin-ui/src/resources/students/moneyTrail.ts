import { formatMoney } from '@/common/format';
import type { Enrollment, Refund, RefundQuote } from '@/providers/types';

/**
 * The money trail of one enrollment as the student panel shows it: lifecycle, method, amount, the
 * card fee split and refunds. Amounts are dollars, as the API gives them.
 */
export type TrailEnrollment = Pick<
  Enrollment,
  'status' | 'paymentStatus' | 'paymentMethod' | 'amountPaid' | 'platformFee' | 'organizationAmount' | 'refundedAmount' | 'refunds'
>;

export function lifecycleLabel(status: string | undefined): string {
  switch (status) {
    case 'held':
      return 'Awaiting card payment';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Expired';
    default:
      return 'Registered';
  }
}

/**
 * What the price quote charged, in one line, when a discount or promo code took something off:
 * 'Class price $100.00 · Early bird discount −$20.00 · Total $80.00'. Null when the class price was charged as it is.
 */
export function priceLine(e: Pick<Enrollment, 'priceBreakdown'>): string | null {
  const lines = e.priceBreakdown ?? [];
  if (!lines.some((l) => l.amount < 0)) return null;
  const total =
    Math.max(
      0,
      lines.reduce((n, l) => n + cents(l.amount), 0),
    ) / 100;
  const money = (a: number) => (a < 0 ? `−${formatMoney(-a)}` : formatMoney(a));
  return [...lines.map((l) => `${l.label} ${money(l.amount)}`), `Total ${formatMoney(total)}`].join(' · ');
}

export const methodLabel = (method: string | undefined) => (method === 'card' ? 'Card' : 'In person');

const cents = (n: number | null | undefined) => Math.round(Number(n ?? 0) * 100);

/** What is left to refund (never negative). */
export function refundable(e: Pick<TrailEnrollment, 'amountPaid' | 'refundedAmount'>): number {
  return Math.max(0, cents(e.amountPaid) - cents(e.refundedAmount)) / 100;
}

/** Only a live enrollment can be cancelled; a cancelled or expired one keeps its trail. */
export const canCancel = (e: Pick<TrailEnrollment, 'status'>) => e.status === 'active' || e.status === 'held' || e.status === undefined;

/** A card payment that went through: the fee split is worth showing. */
export const showsFeeSplit = (e: TrailEnrollment) =>
  e.paymentMethod === 'card' && e.paymentStatus === 'completed' && cents(e.amountPaid) > 0;

export function refundSourceLabel(source: Refund['source']): string {
  switch (source) {
    case 'stripe_dashboard':
      return 'Stripe dashboard';
    case 'late_payment':
      return 'Late payment (class full)';
    case 'class_cancelled':
      return 'Class cancelled';
    case 'self_service':
      return 'Student (self-service)';
    default:
      return 'Admin';
  }
}

export function refundStatusLabel(status: Refund['status']): string {
  return status === 'succeeded' ? 'Refunded' : status === 'failed' ? 'Refund failed' : 'Refund pending';
}

/** The quote in words: which rule of the policy frozen at registration applies. */
export function policyText(quote: Pick<RefundQuote, 'policyApplied' | 'cancellationPolicy' | 'daysBeforeClass' | 'paymentMethod'>): string {
  const days = `${quote.daysBeforeClass} day${quote.daysBeforeClass === 1 ? '' : 's'} before the class`;
  if (quote.paymentMethod !== 'card') return 'Paid in person: any refund is settled outside Classlane.';
  if (quote.policyApplied)
    return `Cancelled ${days}: the policy at registration refunds ${quote.policyApplied.refundPercentage}% when cancelled at least ${quote.policyApplied.daysBeforeClass} days before.`;
  if (!quote.cancellationPolicy?.length) return 'No cancellation policy was in force at registration: the whole amount is refundable.';
  return `Cancelled ${days}: no rule of the policy at registration applies, so no refund is due.`;
}

/**
 * What the cancel sends: a card enrollment refunds the quoted amount unless the admin turned the refund off or
 * chose another amount (up to what is left). An amount is sent only when it differs from the quote.
 */
export function cancelBody(
  quote: Pick<RefundQuote, 'refundAmount' | 'refundableAmount' | 'paymentMethod'>,
  refund: boolean,
  amountText: string,
): { body: { refund: boolean; amount?: number }; error: string | null } {
  if (quote.paymentMethod !== 'card' || !refund) return { body: { refund: false }, error: null };
  const trimmed = amountText.trim();
  if (trimmed === '' || cents(Number(trimmed)) === cents(quote.refundAmount)) return { body: { refund: true }, error: null };
  const amount = Number(trimmed);
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed) || !(amount > 0))
    return { body: { refund: true }, error: 'Enter an amount in dollars, such as 40 or 39.99' };
  if (cents(amount) > cents(quote.refundableAmount))
    return { body: { refund: true }, error: `At most $${quote.refundableAmount.toFixed(2)} can be refunded` };
  return { body: { refund: true, amount }, error: null };
}

/** A card payment given back in whole or in part reads so, instead of a plain 'Paid'. */
export function refundedLabel(e: Pick<TrailEnrollment, 'amountPaid' | 'refundedAmount'>): 'Refunded' | 'Partly refunded' | null {
  if (cents(e.refundedAmount) <= 0) return null;
  return cents(e.refundedAmount) >= cents(e.amountPaid) ? 'Refunded' : 'Partly refunded';
}

/** A refund without cancelling: a completed card payment with money left to give back. */
export const canRefund = (e: TrailEnrollment) => e.paymentMethod === 'card' && e.paymentStatus === 'completed' && refundable(e) > 0;

/** The refund-only body: empty is "all that is left" (the server's default). */
export function refundBody(left: number, amountText: string): { body: { amount?: number }; error: string | null } {
  const trimmed = amountText.trim();
  if (trimmed === '') return { body: {}, error: null };
  const amount = Number(trimmed);
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed) || !(amount > 0)) return { body: {}, error: 'Enter an amount in dollars, such as 40 or 39.99' };
  if (cents(amount) > cents(left)) return { body: {}, error: `At most $${left.toFixed(2)} can be refunded` };
  return { body: { amount }, error: null };
}
