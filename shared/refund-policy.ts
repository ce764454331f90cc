/**
 * The cancellation-policy rule, one file for the admin app: what a student who cancels gets back, and
 * what makes a policy's tiers consistent. The server applies the same rule in
 * backend/src/common/cancellation-policy.ts (its build cannot import this file: nest build compiles backend/src
 * only); backend/src/common/cancellation-policy.spec.ts fails when the two disagree.
 *
 * A tier `{ daysBeforeClass: 7, refundPercentage: 100 }` applies when the student cancels at least 7 whole days
 * before the class starts; of the tiers that apply, the one with the most days wins. When no tier applies (too
 * late), nothing comes back. An organization without any tier promised nothing in particular: the whole amount is
 * refundable and the admin chooses. A refund is never more than what is left unrefunded.
 */
export interface CancellationTier {
  daysBeforeClass: number;
  refundPercentage: number;
}

export interface CancellationRefund {
  refundCents: number;
  /** The tier that applied, or null: no policy at all (whole amount) or no tier reached (nothing back). */
  tier: CancellationTier | null;
  /** True when the organization has no policy: the amount is the whole refundable amount, the admin decides. */
  noPolicy: boolean;
}

/** The most tiers a policy may have. */
export const MAX_CANCELLATION_TIERS = 10;

/** The notices the settings preview shows: cancelling 1, 3, 7 and 14 days before the class. */
export const PREVIEW_DAYS = [1, 3, 7, 14] as const;

const DAY_MS = 24 * 3600 * 1000;

/** Whole days from `now` to the class start (negative once it started), as the refund rule counts them. */
export function wholeDaysBefore(classStart: Date, now: Date): number {
  return Math.floor((classStart.getTime() - now.getTime()) / DAY_MS);
}

/** The refund for a cancellation `daysBeforeClass` whole days before the class, of `paidCents` less `refundedCents`. */
export function refundForCancellation(
  policy: readonly CancellationTier[] | null | undefined,
  paidCents: number,
  refundedCents: number,
  daysBeforeClass: number,
): CancellationRefund {
  const refundable = Math.max(0, paidCents - refundedCents);
  const tiers = (policy ?? []).filter(
    (p) => Number.isFinite(p?.daysBeforeClass) && Number.isFinite(p?.refundPercentage) && p.refundPercentage >= 0,
  );
  if (!tiers.length) return { refundCents: refundable, tier: null, noPolicy: true };
  const applied = tiers.filter((p) => daysBeforeClass >= p.daysBeforeClass).sort((a, b) => b.daysBeforeClass - a.daysBeforeClass)[0];
  if (!applied) return { refundCents: 0, tier: null, noPolicy: false };
  const promised = Math.round((paidCents * Math.min(applied.refundPercentage, 100)) / 100);
  return {
    refundCents: Math.min(promised, refundable),
    tier: { daysBeforeClass: applied.daysBeforeClass, refundPercentage: applied.refundPercentage },
    noPolicy: false,
  };
}

/**
 * Why a list of tiers is not a policy the server keeps, or null when it is. Each tier's numbers are checked on
 * their own first (whole days from 0 to 365, a whole percentage from 0 to 100); then no two tiers may name the
 * same number of days, and cancelling earlier may never give back less than cancelling later.
 */
export function cancellationPolicyProblem(tiers: readonly CancellationTier[]): string | null {
  if (tiers.length > MAX_CANCELLATION_TIERS) return `A cancellation policy has at most ${MAX_CANCELLATION_TIERS} tiers`;
  for (const t of tiers) {
    if (!Number.isInteger(t.daysBeforeClass) || t.daysBeforeClass < 0 || t.daysBeforeClass > 365)
      return 'Deadline days must be a whole number from 0 to 365';
    if (!Number.isInteger(t.refundPercentage) || t.refundPercentage < 0 || t.refundPercentage > 100)
      return 'Refund percentage must be a whole number from 0 to 100';
  }
  const sorted = [...tiers].sort((a, b) => b.daysBeforeClass - a.daysBeforeClass);
  for (let i = 1; i < sorted.length; i++) {
    const earlier = sorted[i - 1];
    const later = sorted[i];
    if (earlier.daysBeforeClass === later.daysBeforeClass) return `Two tiers have the same deadline (${later.daysBeforeClass} days)`;
    if (earlier.refundPercentage < later.refundPercentage)
      return (
        `Cancelling earlier must not give back less: ${earlier.daysBeforeClass} days before refunds ${earlier.refundPercentage}%, ` +
        `but ${later.daysBeforeClass} days before refunds ${later.refundPercentage}%`
      );
  }
  return null;
}

/** The tiers in the order the server stores them: the earliest deadline (most days) first. */
export function sortTiers<T extends CancellationTier>(tiers: readonly T[]): T[] {
  return [...tiers].sort((a, b) => b.daysBeforeClass - a.daysBeforeClass);
}
