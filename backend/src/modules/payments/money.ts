import { refundForCancellation, wholeDaysBefore } from '../../common/cancellation-policy';
import type { CancellationPolicy } from '../registration/enrollment.entity';

/**
 * The platform fee of a card payment (decision 1, INTEGRATIONS.md): round(amount × PLATFORM_FEE_PERCENT / 100),
 * half up, in integer cents. The percent is taken in basis points first so 2.9 % or 2.5 % give exact results (no
 * float drift at .5 boundaries).
 */
export function platformFeeCents(amountCents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}

export interface RefundQuote {
  refundCents: number;
  /** The rule that applied, or null: no policy (full refund) or no rule reached (nothing back). */
  policyApplied: CancellationPolicy | null;
  /** Whole days from now to the class start (negative once it started). */
  daysBeforeClass: number;
  refundableCents: number;
}

/**
 * What the frozen policy promises for a cancellation now, by the one cancellation rule
 * (common/cancellation-policy.ts, which the admin's settings preview shares): a rule `{ daysBeforeClass: 7,
 * refundPercentage: 100 }` applies when the class starts at least 7 whole days from now; of the rules that apply,
 * the one with the most days wins. No rule reached: nothing back. No policy at all: the whole amount, and the admin
 * may choose less. Never more than what is left unrefunded.
 */
export function refundQuote(
  policy: CancellationPolicy[] | null,
  paidCents: number,
  refundedCents: number,
  classStart: Date,
  now: Date = new Date(),
): RefundQuote {
  const daysBeforeClass = wholeDaysBefore(classStart, now);
  const r = refundForCancellation(policy, paidCents, refundedCents, daysBeforeClass);
  return { refundCents: r.refundCents, policyApplied: r.tier, daysBeforeClass, refundableCents: Math.max(0, paidCents - refundedCents) };
}

export const dollars = (cents: number) => cents / 100;
export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
