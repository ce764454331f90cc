import type { OrganizationSettings } from '../organizations/organization.entity';

type Discount = OrganizationSettings['discounts'][number];
export type DiscountKey = 'earlyBird' | 'senior' | 'returning';

/**
 * Spec 1 §4's derived view matches discounts by name: early/bird, senior, returning/return. The settings screen
 * edits these three; it writes them under the names below and keeps any other discount as it is.
 */
const DISCOUNT_NAMES: Record<DiscountKey, { match: RegExp; name: string }> = {
  earlyBird: { match: /early|bird/, name: 'Early bird' },
  senior: { match: /senior/, name: 'Senior' },
  returning: { match: /return/, name: 'Returning student' },
};
const KEYS = Object.keys(DISCOUNT_NAMES) as DiscountKey[];

const matches = (d: Discount, key: DiscountKey) => DISCOUNT_NAMES[key].match.test(d.name.toLowerCase());

/** The derived view's three discounts (the first discount whose name matches each), null when none. */
export function derivedDiscounts(discounts: Discount[]): Record<DiscountKey, number | null> {
  return Object.fromEntries(KEYS.map((k) => [k, discounts.find((d) => matches(d, k))?.value ?? null])) as Record<
    DiscountKey,
    number | null
  >;
}

/** The discount list with the three set as given (null removes one); discounts named otherwise are kept. */
export function withDiscounts(discounts: Discount[], percents: Record<DiscountKey, number | null>): Discount[] {
  const others = discounts.filter((d) => !KEYS.some((k) => matches(d, k)));
  const named = KEYS.filter((k) => percents[k] !== null).map((k) => ({ name: DISCOUNT_NAMES[k].name, value: percents[k] as number }));
  return [...named, ...others];
}

/**
 * `reminderHours` as the spec's HH:00 (spec 1 §4, §9: "18 hours before (reminderTime 18:00)"): the hours before
 * each session written as a duration, not a clock time; 48 hours is "48:00".
 */
export const reminderTime = (hours: number) => `${String(hours).padStart(2, '0')}:00`;
