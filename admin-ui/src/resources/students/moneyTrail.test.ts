import { describe, expect, it } from 'vitest';
import {
  cancelBody,
  canCancel,
  lifecycleLabel,
  policyText,
  priceLine,
  refundable,
  refundedLabel,
  showsFeeSplit,
  canRefund,
  refundBody,
} from '@/resources/students/moneyTrail';

const quote = { refundAmount: 40, refundableAmount: 80, paymentMethod: 'card' as 'card' | 'in-person', daysBeforeClass: 3 };

describe('money trail of an enrollment', () => {
  it('should name each lifecycle state', () => {
    expect(['held', 'active', 'cancelled', 'expired'].map(lifecycleLabel)).toEqual([
      'Awaiting card payment',
      'Registered',
      'Cancelled',
      'Expired',
    ]);
  });

  it('should cancel only live enrollments, and refund only what is left', () => {
    expect(canCancel({ status: 'active' })).toBe(true);
    expect(canCancel({ status: 'held' })).toBe(true);
    expect(canCancel({ status: 'cancelled' })).toBe(false);
    expect(canCancel({ status: 'expired' })).toBe(false);
    expect(refundable({ amountPaid: 80, refundedAmount: 30.1 })).toBe(49.9);
    expect(refundable({ amountPaid: 10, refundedAmount: 10 })).toBe(0);
    expect(refundedLabel({ amountPaid: 10, refundedAmount: 10 })).toBe('Refunded');
    expect(refundedLabel({ amountPaid: 10, refundedAmount: 4 })).toBe('Partly refunded');
    expect(refundedLabel({ amountPaid: 10, refundedAmount: 0 })).toBeNull();
  });

  it('should show the fee split for a completed card payment only', () => {
    const card = { status: 'active', paymentStatus: 'completed', paymentMethod: 'card', amountPaid: 80 } as never;
    expect(showsFeeSplit(card)).toBe(true);
    expect(showsFeeSplit({ ...(card as object), paymentMethod: 'in-person' } as never)).toBe(false);
    expect(showsFeeSplit({ ...(card as object), paymentStatus: 'pending' } as never)).toBe(false);
  });

  it('should send the quote unless the admin changes the refund', () => {
    expect(cancelBody(quote, true, '')).toEqual({ body: { refund: true }, error: null });
    expect(cancelBody(quote, true, '40.00')).toEqual({ body: { refund: true }, error: null });
    expect(cancelBody(quote, true, '55.5')).toEqual({ body: { refund: true, amount: 55.5 }, error: null });
    expect(cancelBody(quote, false, '55')).toEqual({ body: { refund: false }, error: null });
    expect(cancelBody(quote, true, '80.01').error).toBe('At most $80.00 can be refunded');
    expect(cancelBody(quote, true, '-3').error).toBe('Enter an amount in dollars, such as 40 or 39.99');
    expect(cancelBody(quote, true, '1.234').error).toBe('Enter an amount in dollars, such as 40 or 39.99');
    expect(cancelBody({ ...quote, paymentMethod: 'in-person' }, true, '')).toEqual({ body: { refund: false }, error: null });
  });

  it('should explain which rule of the frozen policy applies', () => {
    const rule = { daysBeforeClass: 2, refundPercentage: 50 };
    expect(policyText({ ...quote, policyApplied: rule, cancellationPolicy: [rule] })).toBe(
      'Cancelled 3 days before the class: the policy at registration refunds 50% when cancelled at least 2 days before.',
    );
    expect(
      policyText({
        ...quote,
        daysBeforeClass: 1,
        policyApplied: null,
        cancellationPolicy: [{ daysBeforeClass: 7, refundPercentage: 100 }],
      }),
    ).toBe('Cancelled 1 day before the class: no rule of the policy at registration applies, so no refund is due.');
    expect(policyText({ ...quote, policyApplied: null, cancellationPolicy: [] })).toBe(
      'No cancellation policy was in force at registration: the whole amount is refundable.',
    );
  });
});

describe('refund without cancelling', () => {
  it('should offer it for a completed card payment with money left, and check the amount', () => {
    const card = { paymentMethod: 'card', paymentStatus: 'completed', amountPaid: 80, refundedAmount: 30 } as never;
    expect(canRefund(card)).toBe(true);
    expect(canRefund({ ...(card as object), refundedAmount: 80 } as never)).toBe(false);
    expect(canRefund({ ...(card as object), paymentMethod: 'in-person' } as never)).toBe(false);
    expect(refundBody(50, '')).toEqual({ body: {}, error: null });
    expect(refundBody(50, '12.5')).toEqual({ body: { amount: 12.5 }, error: null });
    expect(refundBody(50, '50.01').error).toBe('At most $50.00 can be refunded');
    expect(refundBody(50, 'x').error).toBe('Enter an amount in dollars, such as 40 or 39.99');
  });

  it("should list the price quote's lines when something came off, and nothing for the plain class price", () => {
    expect(
      priceLine({
        priceBreakdown: [
          { label: 'Class price', amount: 100 },
          { label: 'Early bird discount', amount: -20 },
          { label: 'Promo code CARD10', amount: -8 },
        ],
      }),
    ).toBe('Class price $100.00 · Early bird discount −$20.00 · Promo code CARD10 −$8.00 · Total $72.00');
    expect(priceLine({ priceBreakdown: [{ label: 'Class price', amount: 100 }] })).toBeNull();
    expect(priceLine({ priceBreakdown: null })).toBeNull();
  });
});
