import { describe, expect, it } from 'vitest';
import {
  checkTiers,
  DEADLINE_MESSAGE,
  discountValue,
  newTierRow,
  PERCENT_MESSAGE,
  priceCents,
  refundPreview,
  reminderExample,
  tierRows,
} from './policyForm';

describe('policy form', () => {
  it('should check each tier with the server messages, then the tiers together', () => {
    const bad = [newTierRow('7', '101'), newTierRow('-1', '50'), newTierRow('3.5', 'x'), newTierRow('14', '100')];
    const c = checkTiers(bad);
    expect(c.tiers).toBeNull();
    expect(Object.values(c.rowErrors)).toEqual([
      { percent: PERCENT_MESSAGE },
      { days: DEADLINE_MESSAGE },
      { days: DEADLINE_MESSAGE, percent: PERCENT_MESSAGE },
    ]);
    const inconsistent = checkTiers([newTierRow('7', '50'), newTierRow('3', '100')]);
    expect(inconsistent.tiers).toEqual([
      { daysBeforeClass: 7, refundPercentage: 50 },
      { daysBeforeClass: 3, refundPercentage: 100 },
    ]);
    expect(inconsistent.policyError).toBe(
      'Cancelling earlier must not give back less: 7 days before refunds 50%, but 3 days before refunds 100%',
    );
    expect(checkTiers([newTierRow('2', '10'), newTierRow('2', '10')]).policyError).toBe('Two tiers have the same deadline (2 days)');
    expect(checkTiers([]).policyError).toBeNull();
  });

  it('should show the saved tiers most days first', () => {
    const rows = tierRows([
      { daysBeforeClass: 2, refundPercentage: 25 },
      { daysBeforeClass: 14, refundPercentage: 100 },
    ]);
    expect(rows.map((r) => [r.days, r.percent])).toEqual([
      ['14', '100'],
      ['2', '25'],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2);
  });

  it('should preview 14, 7, 3 and 1 days before by the refund rule', () => {
    const tiers = [
      { daysBeforeClass: 7, refundPercentage: 100 },
      { daysBeforeClass: 2, refundPercentage: 50 },
    ];
    expect(refundPreview(tiers, 8000)).toEqual([
      { days: 14, refundCents: 8000, why: '100% (cancelled at least 7 days before)' },
      { days: 7, refundCents: 8000, why: '100% (cancelled at least 7 days before)' },
      { days: 3, refundCents: 4000, why: '50% (cancelled at least 2 days before)' },
      { days: 1, refundCents: 0, why: 'No refund (less than 2 days before)' },
    ]);
    expect(refundPreview([], 2999).map((r) => [r.refundCents, r.why])).toEqual(
      Array(4).fill([2999, 'No policy: the whole payment is offered, and you choose when you cancel']),
    );
    expect(refundPreview([{ daysBeforeClass: 1, refundPercentage: 33 }], 1000)[3]).toEqual({
      days: 1,
      refundCents: 330,
      why: '33% (cancelled at least 1 day before)',
    });
  });

  it('should read the example price, the discounts and explain the reminder hours', () => {
    expect([priceCents('100'), priceCents('$49.99'), priceCents('12.345'), priceCents('abc'), priceCents('')]).toEqual([
      10000,
      4999,
      null,
      null,
      null,
    ]);
    expect([discountValue(''), discountValue(' 15 '), discountValue('101'), discountValue('7.5')]).toEqual([
      null,
      15,
      undefined,
      undefined,
    ]);
    expect(reminderExample(18)).toBe('For a session on Saturday at 10:00 AM, the reminder is due Friday at 4:00 PM the day before.');
    expect(reminderExample(2)).toBe('For a session on Saturday at 10:00 AM, the reminder is due Saturday at 8:00 AM the same day.');
    expect(reminderExample(48)).toBe('For a session on Saturday at 10:00 AM, the reminder is due Thursday at 10:00 AM, 2 days before.');
  });
});
