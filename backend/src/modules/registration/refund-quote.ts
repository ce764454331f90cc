import { refundForCancellation, wholeDaysBefore } from '../../common/cancellation-policy';
import type { CancellationPolicy } from './enrollment.entity';

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

/**
 * A payment plan's cancellation (issue 40 §5): the frozen policy says how much of the plan's TOTAL the organization
 * keeps; what was paid above that is refunded (never a new charge when less was paid). No policy: everything paid back.
 */
export function planRefundQuote(
  policy: CancellationPolicy[] | null,
  totalCents: number,
  paidCents: number,
  refundedCents: number,
  classStart: Date,
  now: Date = new Date(),
): RefundQuote {
  const ofTotal = refundQuote(policy, totalCents, 0, classStart, now);
  const keeps = totalCents - ofTotal.refundCents;
  const left = Math.max(0, paidCents - refundedCents);
  return { ...ofTotal, refundCents: Math.min(left, Math.max(0, left - keeps)), refundableCents: left };
}

/** An amount as activity texts and messages write it: `$12.50`. */
export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
