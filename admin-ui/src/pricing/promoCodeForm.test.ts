import { describe, expect, it } from 'vitest';
import type { PromoCode } from '@/providers/types';
import { EMPTY_PROMO_CODE_FORM, canSavePromoCode, promoCodeFormOf, promoCodeInputOf, toggledPromoCode } from './promoCodeForm';

const code: PromoCode = {
  id: 'a0000000-0000-4000-8000-000000000001',
  code: 'SPRING20',
  kind: 'percent',
  value: 20,
  classIds: ['c0000000-0000-4000-8000-000000000001'],
  validFrom: '2026-03-01T05:00:00.000Z',
  // The last second of 1 March 2027 in New York.
  validUntil: '2027-03-02T04:59:59.000Z',
  maxRedemptions: null,
  maxPerEmail: 1,
  active: true,
  createdAt: '2026-02-01T00:00:00.000Z',
  usage: { redemptions: 1, discountGiven: 10, revenue: 40 },
};

describe('promo code form', () => {
  it("shows a saved code's end as the day it ends on in the organization's zone", () => {
    expect(promoCodeFormOf(code, 'America/New_York')).toEqual({
      code: 'SPRING20',
      kind: 'percent',
      value: '20',
      maxRedemptions: '',
      maxPerEmail: '1',
      validUntil: '2027-03-01',
    });
  });

  it("saves the end of the chosen day in the organization's zone; a new code sends no classes, start or state", () => {
    expect(
      promoCodeInputOf(
        { ...EMPTY_PROMO_CODE_FORM, code: ' fall5 ', kind: 'amount', value: '5', maxRedemptions: '10', validUntil: '2027-03-01' },
        'America/New_York',
      ),
    ).toEqual({
      code: 'fall5',
      kind: 'amount',
      value: 5,
      maxRedemptions: 10,
      maxPerEmail: 1,
      validUntil: '2027-03-02T04:59:59.000Z',
    });
  });

  it('an edited code keeps its classes, start and active state; no end is null', () => {
    const input = promoCodeInputOf({ ...promoCodeFormOf(code, 'UTC'), validUntil: '' }, 'UTC', code);
    expect(input).toEqual(expect.objectContaining({ validUntil: null, classIds: code.classIds, validFrom: code.validFrom, active: true }));
  });

  it('Activate/Deactivate flips the state and keeps the saved end to the second', () => {
    expect(toggledPromoCode(code, 'Europe/Paris')).toEqual(
      expect.objectContaining({ active: false, validUntil: code.validUntil, value: 20 }),
    );
  });

  it('needs a code of letters, digits, - and _ and a positive value', () => {
    expect(canSavePromoCode({ code: 'SPRING-20_a', value: '20' })).toBe(true);
    expect(canSavePromoCode({ code: 'SPRING 20', value: '20' })).toBe(false);
    expect(canSavePromoCode({ code: 'SPRING20', value: '0' })).toBe(false);
    expect(canSavePromoCode({ code: '', value: '5' })).toBe(false);
  });
});
