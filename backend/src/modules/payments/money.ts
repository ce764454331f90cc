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

const DAY_MS = 24 * 3600 * 1000;

export interface RefundQuote {
  refundCents: number;
  /** The rule that applied, or null: no policy (full refund) or no rule reached (nothing back). */
  policyApplied: CancellationPolicy | null;
  /** Whole days from now to the class start (negative once it started). */
  daysBeforeClass: number;
  refundableCents: number;
}

/**
 * What the frozen policy promises for a cancellation now. A rule `{ daysBeforeClass: 7,
 * refundPercentage: 100 }` applies when the class starts at least 7 whole days from now; of the rules that apply,
 * the one with the most days wins (the most generous promise for that notice). No rule reached: nothing back.
 * An organization with no policy at all promised nothing in particular: the quote is the whole amount and the
 * admin may choose less. Never more than what is left unrefunded.
 */
export function refundQuote(
  policy: CancellationPolicy[] | null,
  paidCents: number,
  refundedCents: number,
  classStart: Date,
  now: Date = new Date(),
): RefundQuote {
  const refundableCents = Math.max(0, paidCents - refundedCents);
  const daysBeforeClass = Math.floor((classStart.getTime() - now.getTime()) / DAY_MS);
  const rules = (policy ?? []).filter(
    (p) => Number.isFinite(p?.daysBeforeClass) && Number.isFinite(p?.refundPercentage) && p.refundPercentage >= 0,
  );
  if (!rules.length) return { refundCents: refundableCents, policyApplied: null, daysBeforeClass, refundableCents };
  const applied = rules.filter((p) => daysBeforeClass >= p.daysBeforeClass).sort((a, b) => b.daysBeforeClass - a.daysBeforeClass)[0];
  if (!applied) return { refundCents: 0, policyApplied: null, daysBeforeClass, refundableCents };
  const promised = Math.round((paidCents * Math.min(applied.refundPercentage, 100)) / 100);
  return {
    refundCents: Math.min(promised, refundableCents),
    policyApplied: { daysBeforeClass: applied.daysBeforeClass, refundPercentage: applied.refundPercentage },
    daysBeforeClass,
    refundableCents,
  };
}

export const dollars = (cents: number) => cents / 100;
export const formatDollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
