import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClassItem } from '@/lib/models';
import type { PriceQuote } from './api/priceQuote';
import { RegisterSummary, type RegisterSummaryProps } from './RegisterSummary';

const ORG = 'a0000000-0000-4000-8000-000000000001';
const item = {
  id: '486f36a9-a089-445a-9c44-8cb266b86655',
  organizationId: ORG,
  title: 'Wheel Throwing',
  instructor: 'Ann',
  location: 'Studio 1',
  startDate: '2030-03-04T17:00:00.000Z',
  duration: 120,
  days: 1,
  schedule: 'Consecutive',
  price: 100,
  discountPrice: 80,
} as unknown as ClassItem;
const quote: PriceQuote = {
  currency: 'usd',
  lines: [
    { label: 'Class price', amount: 160 },
    { label: 'Sibling discount', amount: -16 },
  ],
  total: 144,
  promo: null,
  asksDateOfBirth: true,
};
const props = (p: Partial<RegisterSummaryProps> = {}): RegisterSummaryProps => ({
  item,
  organizationId: ORG,
  people: 1,
  amount: 80,
  paying: false,
  quote: null,
  quoteBusy: false,
  promoCode: '',
  onPromoCode: () => undefined,
  dateOfBirth: null,
  ...p,
});

afterEach(cleanup);

/** The registration page's side panel (spec 2 §2): the class, its price for the people registered, step 2's fields. */
describe('RegisterSummary', () => {
  it('should show the class, its price per person with the regular one struck through, and the total for several people', () => {
    render(<RegisterSummary {...props({ people: 2, amount: 160 })} />);
    expect(screen.getByRole('heading', { name: 'Wheel Throwing' })).toBeTruthy();
    expect(screen.getByText('Price').nextElementSibling?.textContent).toBe('$80 Regular price $100 per person');
    expect(screen.getByText('Total for 2 people').nextElementSibling?.textContent).toBe('$160');
    expect(screen.queryByLabelText('Promo code')).toBeNull();
    expect(screen.getByRole('link', { name: 'View class details' }).getAttribute('href')).toContain(item.id);
  });

  it("should show the quote's lines instead of the total, and the promo code and date of birth fields on step 2", () => {
    render(
      <RegisterSummary
        {...props({ people: 2, amount: 144, paying: true, quote, dateOfBirth: { value: '', onChange: () => undefined } })}
      />,
    );
    expect(screen.getByText('Price details')).toBeTruthy();
    expect(screen.getByText('Sibling discount').nextElementSibling?.textContent).toBe('−$16');
    expect(screen.queryByText(/^Total for/)).toBeNull();
    expect(screen.getByLabelText('Promo code')).toBeTruthy();
    expect(screen.getByLabelText('Date of Birth (optional)')).toBeTruthy();
  });

  it('should leave out the promo code and date of birth fields when not paying (a waitlist entry, a closed registration)', () => {
    render(<RegisterSummary {...props({ quote, dateOfBirth: { value: '', onChange: () => undefined } })} />);
    expect(screen.getByText('Price details')).toBeTruthy();
    expect(screen.queryByLabelText('Promo code')).toBeNull();
    expect(screen.queryByLabelText('Date of Birth (optional)')).toBeNull();
  });
});
