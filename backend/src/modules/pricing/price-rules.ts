/**
 * The arithmetic of a price quote, with no database in sight: the class's own price (list or discount price, spec 2
 * §5), then the organization's automatic discounts, then a promo code, per attendee and never below 0. Amounts are
 * whole cents; a percentage is rounded to the nearest cent.
 */

/** A discount: a whole percentage off, or an amount off in cents. */
export interface Adjustment {
  kind: 'percent' | 'amount';
  value: number;
}

/** The organization's automatic discounts (settings `discountRules`); null: that discount is off. */
export interface DiscountRules {
  /** Registrations made until `daysBefore` days before the first session. */
  earlyBird: (Adjustment & { daysBefore: number }) | null;
  /** Someone (by email) with an earlier completed enrollment in the organization. */
  returning: Adjustment | null;
  /** An attendee whose age on the first session is at least `minAge` (from the date of birth given). */
  senior: (Adjustment & { minAge: number }) | null;
  /** The 2nd and later attendees of one household registration. */
  siblings: Adjustment | null;
  /** best: each attendee gets the single largest discount; stack: all that apply, one after another, in RULE_ORDER. */
  combine: 'best' | 'stack';
}

export const NO_DISCOUNT_RULES: DiscountRules = { earlyBird: null, returning: null, senior: null, siblings: null, combine: 'best' };

export type RuleKey = 'earlyBird' | 'returning' | 'senior' | 'siblings';
/** The fixed order in which stacked discounts apply (each on what the ones before left). */
export const RULE_ORDER: RuleKey[] = ['earlyBird', 'returning', 'senior', 'siblings'];
export const RULE_LABELS: Record<RuleKey, string> = {
  earlyBird: 'Early bird discount',
  returning: 'Returning student discount',
  senior: 'Senior discount',
  siblings: 'Sibling discount',
};

export interface QuoteLine {
  label: string;
  /** Cents; discounts are negative. */
  amountCents: number;
  /** A tax line (quote-taxes.ts): its rate, and whether the prices already include it (then it adds nothing to the total). */
  tax?: { label: string; rate: number; included: boolean };
  /** A registration fee line. */
  fee?: boolean;
}

export interface PriceInput {
  /** The class's price before any discount rule: the list price or its discount price (amountDueCents). */
  baseCents: number;
  classStart: Date;
  now: Date;
  rules: DiscountRules;
  /** One entry per person; the first is the one registering (or the household's first attendee). */
  attendees: { dateOfBirth?: string | null }[];
  returning: boolean;
  /** A promo code that applies (already checked), or null. */
  promo: (Adjustment & { code: string }) | null;
  /** A late registration (the class has started): the sessions not over yet, of all; the price is prorated by them. */
  late?: { left: number; total: number } | null;
  /** The first line's name: 'Class price' unless given ('Drop-in price' for one session bought alone, issue 39 §3). */
  baseLabel?: string;
}

/** The label of the late-registration line. */
export const lateLabel = (l: { left: number; total: number }) => `Late registration (${l.left} of ${l.total} sessions left)`;

export interface PriceResult {
  lines: QuoteLine[];
  totalCents: number;
  /** What each attendee pays, in attendee order (a household's enrollments each keep their own share). */
  perAttendeeCents: number[];
  /** Each attendee's share as lines: the class price, then what came off it. */
  perAttendeeLines: QuoteLine[][];
  /** What the promo code took off in all. */
  promoCents: number;
}

const off = (a: Adjustment, price: number) =>
  Math.min(price, Math.max(0, a.kind === 'percent' ? Math.round((price * a.value) / 100) : a.value));

/** Whole years between a YYYY-MM-DD date of birth and a day; null for no (or a nonsensical) date. */
export function ageOn(dateOfBirth: string | null | undefined, day: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = day.getUTCFullYear() - y;
  if (day.getUTCMonth() + 1 < mo || (day.getUTCMonth() + 1 === mo && day.getUTCDate() < d)) age--;
  return age >= 0 ? age : null;
}

const DAY_MS = 24 * 3600 * 1000;

/** The automatic discounts that apply to one attendee, in RULE_ORDER. */
function applicable(input: PriceInput, index: number): RuleKey[] {
  const { rules } = input;
  const on: Record<RuleKey, boolean> = {
    earlyBird: !!rules.earlyBird && input.now.getTime() <= input.classStart.getTime() - rules.earlyBird.daysBefore * DAY_MS,
    returning: !!rules.returning && input.returning,
    senior: !!rules.senior && (ageOn(input.attendees[index]?.dateOfBirth, input.classStart) ?? -1) >= rules.senior.minAge,
    siblings: !!rules.siblings && index >= 1,
  };
  return RULE_ORDER.filter((k) => on[k]);
}

export function priceQuote(input: PriceInput): PriceResult {
  const n = Math.max(1, input.attendees.length);
  const base = input.baseLabel ?? 'Class price';
  const ruleTotals = new Map<RuleKey, number>();
  const perAttendeeCents: number[] = [];
  const perAttendeeLines: QuoteLine[][] = [];
  let promoCents = 0;
  const late = input.late && input.late.total > 0 && input.late.left < input.late.total ? input.late : null;
  const lateCut = late ? input.baseCents - Math.round((input.baseCents * late.left) / late.total) : 0;
  for (let i = 0; i < n; i++) {
    let price = input.baseCents;
    const mine: QuoteLine[] = [{ label: base, amountCents: price }];
    // A late registration pays for the sessions left; the discounts then apply to that.
    if (lateCut) {
      price -= lateCut;
      mine.push({ label: lateLabel(input.late!), amountCents: -lateCut });
    }
    const keys = applicable(input, i);
    const chosen =
      input.rules.combine === 'stack'
        ? keys
        : // The single largest discount on the class price; on a tie the earlier rule in RULE_ORDER.
          keys.reduce<RuleKey[]>(
            (best, k) => (!best.length || off(input.rules[k]!, price) > off(input.rules[best[0]]!, price) ? [k] : best),
            [],
          );
    for (const k of chosen) {
      const cut = off(input.rules[k]!, price);
      price -= cut;
      ruleTotals.set(k, (ruleTotals.get(k) ?? 0) + cut);
      if (cut) mine.push({ label: RULE_LABELS[k], amountCents: -cut });
    }
    if (input.promo) {
      const cut = off(input.promo, price);
      price -= cut;
      promoCents += cut;
      if (cut) mine.push({ label: `Promo code ${input.promo.code}`, amountCents: -cut });
    }
    perAttendeeCents.push(price);
    perAttendeeLines.push(mine);
  }
  const lines: QuoteLine[] = [{ label: n === 1 ? base : `${base} × ${n}`, amountCents: input.baseCents * n }];
  if (lateCut) lines.push({ label: lateLabel(late!), amountCents: -lateCut * n });
  for (const k of RULE_ORDER) {
    const cut = ruleTotals.get(k);
    if (cut) lines.push({ label: RULE_LABELS[k], amountCents: -cut });
  }
  if (input.promo && promoCents) lines.push({ label: `Promo code ${input.promo.code}`, amountCents: -promoCents });
  return { lines, totalCents: perAttendeeCents.reduce((a, b) => a + b, 0), perAttendeeCents, perAttendeeLines, promoCents };
}
