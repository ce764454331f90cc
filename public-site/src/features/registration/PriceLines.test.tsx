import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceQuote } from './api/priceQuote';
import { PriceLines } from './PriceQuote';

const rows = () => screen.getAllByRole('row').map((r) => r.textContent);

/** Issue 43: the quote's fee and tax lines, a tax the prices hold shown as included and stated under the total. */
describe('PriceLines with taxes', () => {
  afterEach(cleanup);

  it('lists an added tax and the fee as lines of the sum', () => {
    const quote: PriceQuote = {
      currency: 'usd',
      lines: [
        { label: 'Class price', amount: 80 },
        { label: 'Annual registration fee', amount: 25, fee: true },
        { label: 'GST 5%', amount: 4, tax: { label: 'GST', rate: 5, included: false } },
      ],
      total: 109,
      tax: 4,
      promo: null,
    };
    render(<PriceLines quote={quote} />);
    expect(rows()).toEqual(['Class price$80', 'Annual registration fee$25', 'GST 5%$4', 'Total$109']);
  });

  it('shows an included tax as included and says how much of the total is tax', () => {
    const quote: PriceQuote = {
      currency: 'usd',
      lines: [
        { label: 'Class price', amount: 80 },
        { label: 'HST 13% (included)', amount: 9.2, tax: { label: 'HST', rate: 13, included: true } },
      ],
      total: 80,
      tax: 9.2,
      promo: null,
    };
    render(<PriceLines quote={quote} />);
    expect(rows()).toEqual(['Class price$80', 'HST 13% (included)$9.20', 'Total$80', 'Includes $9.20 of tax']);
  });
});
