/**
 * The quote arithmetic on its own: each automatic discount's boundary (the early-bird day, the senior's birthday, the
 * second attendee), 'best' against 'stack', the promo code after them, rounding to the cent, never below 0, and the
 * late-registration proration the discounts then apply to. The API tests (pricing.e2e-spec.ts) check the same rules
 * through the routes; these pin each boundary to the cent.
 */
import { describe, expect, it } from '@jest/globals';
import { ageOn, lateLabel, NO_DISCOUNT_RULES, priceQuote, type DiscountRules, type PriceInput } from './price-rules';

const DAY = 24 * 3600 * 1000;
const classStart = new Date('2027-03-15T18:00:00Z');

const quote = (over: Partial<PriceInput> = {}) =>
  priceQuote({
    baseCents: 10000,
    classStart,
    now: new Date(classStart.getTime() - 30 * DAY),
    rules: NO_DISCOUNT_RULES,
    attendees: [{}],
    returning: false,
    promo: null,
    ...over,
  });

const rules = (over: Partial<DiscountRules>): DiscountRules => ({ ...NO_DISCOUNT_RULES, ...over });

describe('ageOn', () => {
  it('should count whole years, the birthday itself included', () => {
    const day = new Date('2027-03-15T18:00:00Z');
    expect(ageOn('1962-03-15', day)).toBe(65);
    expect(ageOn('1962-03-16', day)).toBe(64);
    expect(ageOn('1962-04-01', day)).toBe(64);
    expect(ageOn('1962-02-28', day)).toBe(65);
  });

  it('should read the day in UTC, not the server time zone', () => {
    // 23:30 UTC on the 14th is still the 14th: the birthday on the 15th has not come.
    expect(ageOn('1962-03-15', new Date('2027-03-14T23:30:00Z'))).toBe(64);
  });

  it('should give null for no date, another format, or a birth after the day', () => {
    const day = new Date('2027-03-15T00:00:00Z');
    expect(ageOn(null, day)).toBeNull();
    expect(ageOn(undefined, day)).toBeNull();
    expect(ageOn('', day)).toBeNull();
    expect(ageOn('03/15/1962', day)).toBeNull();
    expect(ageOn('1962-3-15', day)).toBeNull();
    expect(ageOn('2027-03-16', day)).toBeNull();
    expect(ageOn('2027-03-15', day)).toBe(0);
  });
});

describe('priceQuote', () => {
  it('should quote the class price alone when no rule, promo or lateness applies', () => {
    expect(quote()).toEqual({
      lines: [{ label: 'Class price', amountCents: 10000 }],
      totalCents: 10000,
      perAttendeeCents: [10000],
      perAttendeeLines: [[{ label: 'Class price', amountCents: 10000 }]],
      promoCents: 0,
    });
  });

  it('should give the early-bird discount up to exactly daysBefore days before the first session, not a millisecond after', () => {
    const r = rules({ earlyBird: { kind: 'percent', value: 10, daysBefore: 14 } });
    const deadline = classStart.getTime() - 14 * DAY;
    expect(quote({ rules: r, now: new Date(deadline) }).totalCents).toBe(9000);
    expect(quote({ rules: r, now: new Date(deadline - 1) }).totalCents).toBe(9000);
    expect(quote({ rules: r, now: new Date(deadline + 1) }).totalCents).toBe(10000);
    expect(quote({ rules: r, now: new Date(deadline) }).lines).toEqual([
      { label: 'Class price', amountCents: 10000 },
      { label: 'Early bird discount', amountCents: -1000 },
    ]);
  });

  it('should give the returning discount only to a returning registrant', () => {
    const r = rules({ returning: { kind: 'amount', value: 1500 } });
    expect(quote({ rules: r, returning: true }).totalCents).toBe(8500);
    expect(quote({ rules: r, returning: false }).totalCents).toBe(10000);
    expect(quote({ returning: true }).totalCents).toBe(10000);
  });

  it('should give the senior discount from minAge on the first session, by the date of birth given', () => {
    const r = rules({ senior: { kind: 'percent', value: 20, minAge: 65 } });
    expect(quote({ rules: r, attendees: [{ dateOfBirth: '1962-03-15' }] }).totalCents).toBe(8000);
    expect(quote({ rules: r, attendees: [{ dateOfBirth: '1962-03-16' }] }).totalCents).toBe(10000);
    // No date of birth: no senior discount, whatever the rule.
    expect(quote({ rules: r, attendees: [{ dateOfBirth: null }] }).totalCents).toBe(10000);
    expect(quote({ rules: r, attendees: [{}] }).totalCents).toBe(10000);
  });

  it('should give the sibling discount to the second and later attendees only', () => {
    const r = rules({ siblings: { kind: 'percent', value: 25 } });
    const q = quote({ rules: r, attendees: [{}, {}, {}] });
    expect(q.perAttendeeCents).toEqual([10000, 7500, 7500]);
    expect(q.totalCents).toBe(25000);
    expect(q.lines).toEqual([
      { label: 'Class price × 3', amountCents: 30000 },
      { label: 'Sibling discount', amountCents: -5000 },
    ]);
    expect(q.perAttendeeLines[0]).toEqual([{ label: 'Class price', amountCents: 10000 }]);
    expect(q.perAttendeeLines[1]).toEqual([
      { label: 'Class price', amountCents: 10000 },
      { label: 'Sibling discount', amountCents: -2500 },
    ]);
  });

  it("with 'best', should give each attendee the single largest discount, the earlier rule on a tie", () => {
    const all = {
      earlyBird: { kind: 'percent' as const, value: 10, daysBefore: 7 },
      returning: { kind: 'amount' as const, value: 1500 },
      senior: { kind: 'percent' as const, value: 20, minAge: 65 },
      siblings: { kind: 'amount' as const, value: 1000 },
    };
    const q = quote({
      rules: rules({ ...all, combine: 'best' }),
      returning: true,
      attendees: [{ dateOfBirth: '1950-01-01' }, {}],
    });
    // The senior (2,000) beats returning (1,500) and early bird (1,000); the second attendee's best is returning.
    expect(q.perAttendeeCents).toEqual([8000, 8500]);
    expect(q.lines).toEqual([
      { label: 'Class price × 2', amountCents: 20000 },
      { label: 'Returning student discount', amountCents: -1500 },
      { label: 'Senior discount', amountCents: -2000 },
    ]);
    // A tie (10% and $10 off $100): the early bird, first in RULE_ORDER.
    const tie = quote({ rules: rules({ earlyBird: all.earlyBird, siblings: all.siblings }), attendees: [{}, {}] });
    expect(tie.perAttendeeLines[1]).toEqual([
      { label: 'Class price', amountCents: 10000 },
      { label: 'Early bird discount', amountCents: -1000 },
    ]);
  });

  it("with 'stack', should apply every discount that applies in RULE_ORDER, each on what the ones before left", () => {
    const q = quote({
      rules: rules({
        earlyBird: { kind: 'percent', value: 10, daysBefore: 7 },
        returning: { kind: 'amount', value: 1500 },
        senior: { kind: 'percent', value: 20, minAge: 65 },
        combine: 'stack',
      }),
      returning: true,
      attendees: [{ dateOfBirth: '1950-01-01' }],
    });
    // 10000 → 10% off: 9000 → 1500 off: 7500 → 20% off: 6000.
    expect(q.perAttendeeLines[0]).toEqual([
      { label: 'Class price', amountCents: 10000 },
      { label: 'Early bird discount', amountCents: -1000 },
      { label: 'Returning student discount', amountCents: -1500 },
      { label: 'Senior discount', amountCents: -1500 },
    ]);
    expect(q.totalCents).toBe(6000);
  });

  it('should apply the promo code after the automatic discounts and report what it took in all', () => {
    const q = quote({
      rules: rules({ siblings: { kind: 'amount', value: 2000 } }),
      attendees: [{}, {}],
      promo: { kind: 'percent', value: 50, code: 'HALF' },
    });
    // First: 10000 → 5000; second: 8000 → 4000.
    expect(q.perAttendeeCents).toEqual([5000, 4000]);
    expect(q.promoCents).toBe(9000);
    expect(q.lines).toEqual([
      { label: 'Class price × 2', amountCents: 20000 },
      { label: 'Sibling discount', amountCents: -2000 },
      { label: 'Promo code HALF', amountCents: -9000 },
    ]);
  });

  it('should round a percentage to the nearest cent', () => {
    expect(quote({ baseCents: 999, promo: { kind: 'percent', value: 15, code: 'P' } }).promoCents).toBe(150); // 149.85
    expect(quote({ baseCents: 1001, promo: { kind: 'percent', value: 15, code: 'P' } }).promoCents).toBe(150); // 150.15
    expect(quote({ baseCents: 1010, promo: { kind: 'percent', value: 5, code: 'P' } }).promoCents).toBe(51); // 50.5
  });

  it('should never go below 0, and never take a negative amount off', () => {
    const big = quote({ rules: rules({ returning: { kind: 'amount', value: 50000 } }), returning: true });
    expect(big.totalCents).toBe(0);
    expect(big.lines).toEqual([
      { label: 'Class price', amountCents: 10000 },
      { label: 'Returning student discount', amountCents: -10000 },
    ]);
    expect(quote({ promo: { kind: 'percent', value: 150, code: 'P' } }).totalCents).toBe(0);
    expect(quote({ promo: { kind: 'amount', value: -500, code: 'P' } }).totalCents).toBe(10000);
    // Nothing left to take: the promo line is left out rather than shown as 0.
    const nothingLeft = quote({
      rules: rules({ returning: { kind: 'amount', value: 10000 } }),
      returning: true,
      promo: { kind: 'amount', value: 500, code: 'P' },
    });
    expect(nothingLeft.promoCents).toBe(0);
    expect(nothingLeft.lines.map((l) => l.label)).toEqual(['Class price', 'Returning student discount']);
  });

  it('should quote one attendee when the list is empty', () => {
    const q = quote({ attendees: [] });
    expect(q.perAttendeeCents).toEqual([10000]);
    expect(q.lines).toEqual([{ label: 'Class price', amountCents: 10000 }]);
  });

  it('should prorate a late registration by the sessions left, then apply the discounts to that', () => {
    const q = quote({
      late: { left: 2, total: 3 },
      attendees: [{}, {}],
      rules: rules({ siblings: { kind: 'percent', value: 50 } }),
    });
    // 10000 × 2/3 = 6666.67 → 6667 paid, 3333 off; the sibling's half is of 6667.
    expect(q.perAttendeeCents).toEqual([6667, 3333]);
    expect(q.lines).toEqual([
      { label: 'Class price × 2', amountCents: 20000 },
      { label: 'Late registration (2 of 3 sessions left)', amountCents: -6666 },
      { label: 'Sibling discount', amountCents: -3334 },
    ]);
    expect(q.perAttendeeLines[0]).toEqual([
      { label: 'Class price', amountCents: 10000 },
      { label: lateLabel({ left: 2, total: 3 }), amountCents: -3333 },
    ]);
  });

  it('should not prorate when every session is left, or when there are no sessions', () => {
    expect(quote({ late: { left: 3, total: 3 } }).lines).toEqual([{ label: 'Class price', amountCents: 10000 }]);
    expect(quote({ late: { left: 0, total: 0 } }).totalCents).toBe(10000);
    expect(quote({ late: null }).totalCents).toBe(10000);
  });

  it('should name the first line by what is bought: a drop-in says "Drop-in price", per person and in all', () => {
    const q = quote({ baseLabel: 'Drop-in price', baseCents: 2000, promo: { kind: 'percent', value: 10, code: 'TEN' } });
    expect(q.lines).toEqual([
      { label: 'Drop-in price', amountCents: 2000 },
      { label: 'Promo code TEN', amountCents: -200 },
    ]);
    expect(q.perAttendeeLines[0][0]).toEqual({ label: 'Drop-in price', amountCents: 2000 });
    expect(quote({ baseLabel: 'Drop-in price', attendees: [{}, {}] }).lines[0].label).toBe('Drop-in price × 2');
  });
});
