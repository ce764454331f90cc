/**
 * The Policies tab's form rules: the cancellation tiers, the three discounts and the reminder hours as
 * typed, checked with the server's messages, and the refund preview computed with the rule the server refunds by
 * (@shared/refund-policy, the same function as backend/src/common/cancellation-policy.ts).
 */
import {
  cancellationPolicyProblem,
  MAX_CANCELLATION_TIERS,
  PREVIEW_DAYS,
  refundForCancellation,
  sortTiers,
  type CancellationTier,
} from '@shared/refund-policy';

export { MAX_CANCELLATION_TIERS };

export const DEADLINE_MESSAGE = 'Deadline days must be a whole number from 0 to 365';
export const PERCENT_MESSAGE = 'Refund percentage must be a whole number from 0 to 100';
export const DISCOUNT_MESSAGE = 'Enter a whole percentage from 0 to 100, or leave it empty for none';
export const REMINDER_MESSAGE = 'Reminder hours must be a whole number from 1 to 168 (one week)';

/** A whole number typed in a field, when it is one within [min, max]; null otherwise. */
export function wholeNumber(raw: string, min: number, max: number): number | null {
  const t = raw.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

export interface TierRow {
  /** A stable React key (rows are added and removed). */
  key: string;
  days: string;
  percent: string;
}

let rowSeq = 0;
export const newTierRow = (days = '', percent = ''): TierRow => ({ key: `tier-${++rowSeq}`, days, percent });

export const tierRows = (tiers: readonly CancellationTier[]): TierRow[] =>
  sortTiers(tiers).map((t) => newTierRow(String(t.daysBeforeClass), String(t.refundPercentage)));

export interface TierCheck {
  /** The tiers when every row holds valid numbers (the preview's input), else null. */
  tiers: CancellationTier[] | null;
  rowErrors: Record<string, { days?: string; percent?: string }>;
  /** What makes the tiers together a policy the server refuses (same deadline twice, earlier gives back less). */
  policyError: string | null;
}

export function checkTiers(rows: readonly TierRow[]): TierCheck {
  const rowErrors: TierCheck['rowErrors'] = {};
  const tiers: CancellationTier[] = [];
  for (const r of rows) {
    const days = wholeNumber(r.days, 0, 365);
    const percent = wholeNumber(r.percent, 0, 100);
    if (days === null || percent === null)
      rowErrors[r.key] = {
        ...(days === null ? { days: DEADLINE_MESSAGE } : {}),
        ...(percent === null ? { percent: PERCENT_MESSAGE } : {}),
      };
    else tiers.push({ daysBeforeClass: days, refundPercentage: percent });
  }
  if (Object.keys(rowErrors).length) return { tiers: null, rowErrors, policyError: null };
  return { tiers, rowErrors, policyError: cancellationPolicyProblem(tiers) };
}

export interface PreviewRow {
  days: number;
  refundCents: number;
  why: string;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What a student who paid `priceCents` gets back cancelling 1, 3, 7 and 14 days before the class, and why. */
export function refundPreview(tiers: readonly CancellationTier[], priceCents: number): PreviewRow[] {
  const latest = tiers.length ? Math.min(...tiers.map((t) => t.daysBeforeClass)) : 0;
  return [...PREVIEW_DAYS]
    .sort((a, b) => b - a)
    .map((days) => {
      const r = refundForCancellation(tiers, priceCents, 0, days);
      const why = r.noPolicy
        ? 'No policy: the whole payment is offered, and you choose when you cancel'
        : r.tier
          ? `${r.tier.refundPercentage}% (cancelled at least ${plural(r.tier.daysBeforeClass, 'day')} before)`
          : `No refund (less than ${plural(latest, 'day')} before)`;
      return { days, refundCents: r.refundCents, why };
    });
}

/** The example price typed for the preview, in cents; null when it is not an amount. */
export function priceCents(raw: string): number | null {
  const t = raw.trim().replace(/^\$/, '');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}

export type DiscountKey = 'earlyBird' | 'senior' | 'returning';
export const DISCOUNT_FIELDS: { key: DiscountKey; label: string }[] = [
  { key: 'earlyBird', label: 'Early bird' },
  { key: 'senior', label: 'Senior' },
  { key: 'returning', label: 'Returning student' },
];

/** A discount field: empty is none (null); otherwise a whole percentage; undefined when it is neither. */
export function discountValue(raw: string): number | null | undefined {
  if (!raw.trim()) return null;
  return wholeNumber(raw, 0, 100) ?? undefined;
}

/**
 * When a reminder `hours` before a session is due, shown on an example session (Saturday 10:00 AM), so the setting
 * reads as what it is: hours before each session, not a time of day.
 */
export function reminderExample(hours: number): string {
  const session = new Date(2026, 0, 10, 10, 0); // a Saturday, local time
  const due = new Date(session.getTime() - hours * 3600_000);
  const fmt = (d: Date) =>
    `${d.toLocaleDateString('en-US', { weekday: 'long' })} at ${d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
  const daysBefore = Math.round((new Date(session).setHours(0, 0, 0, 0) - new Date(due).setHours(0, 0, 0, 0)) / 86_400_000);
  const when =
    daysBefore === 0
      ? `${fmt(due)} the same day`
      : daysBefore === 1
        ? `${fmt(due)} the day before`
        : `${fmt(due)}, ${daysBefore} days before`;
  return `For a session on Saturday at 10:00 AM, the reminder is due ${when}.`;
}
