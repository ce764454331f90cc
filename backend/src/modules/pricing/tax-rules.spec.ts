import { describe, expect, it } from '@jest/globals';
import { addedTax, divHalfUp, lineTaxes, refundTaxes, sumTaxes, taxLabel, type RateRule } from './tax-rules';

const GST: RateRule = { label: 'GST', rate: 5, compound: false };
const QST: RateRule = { label: 'QST', rate: 9.975, compound: false };
const QST_COMPOUND: RateRule = { ...QST, compound: true };
const HST: RateRule = { label: 'HST', rate: 13, compound: false };
const cents = (rates: RateRule[], amount: number, inclusive = false) => lineTaxes(amount, rates, inclusive).map((t) => t.cents);

describe('tax arithmetic (hand-computed, half-up per line to the cent)', () => {
  it('rounds half-up, half away from zero for negatives', () => {
    expect(divHalfUp(985n, 10n)).toBe(99); // 98.5
    expect(divHalfUp(984n, 10n)).toBe(98);
    expect(divHalfUp(-985n, 10n)).toBe(-99);
    expect(divHalfUp(0n, 7n)).toBe(0);
  });

  it.each([
    // [rates, line in cents, expected taxes in cents]
    [[GST], 10000, [500]], // 5 % of $100.00
    [[GST], 1970, [99]], // 98.5 cents: half-up (half-even would give 98)
    [[GST], 1999, [100]], // 99.95
    [[QST], 10000, [998]], // 997.5
    [[HST], 4999, [650]], // 649.87
    [[GST, QST], 10000, [500, 998]], // two rates on the same line, each rounded
    [[GST, QST_COMPOUND], 10000, [500, 1047]], // QST on 105.00: 1047.375
  ])('exclusive %#: %j on %i cents', (rates: RateRule[], line: number, expected: number[]) => {
    expect(cents(rates, line)).toEqual(expected);
  });

  it.each([
    [[HST], 11300, [1300]], // $113.00 holding 13 %: net 100.00
    [[HST], 5000, [575]], // 5000 × 13 / 113 = 575.22
    [[GST, QST], 10000, [435, 868]], // 10000 × 5 / 114.975 = 434.88; × 9.975 / 114.975 = 867.58
    [[GST, QST_COMPOUND], 11547, [500, 1047]], // net 100.00: 499.98 and 1047.34
  ])('inclusive %#: %j in %i cents', (rates: RateRule[], line: number, expected: number[]) => {
    expect(cents(rates, line, true)).toEqual(expected);
  });

  it('marks included taxes and adds only excluded ones to a total', () => {
    const incl = lineTaxes(11300, [HST], true);
    expect(incl).toEqual([{ label: 'HST', rate: 13, cents: 1300, included: true }]);
    expect(addedTax(incl)).toBe(0);
    expect(addedTax(lineTaxes(10000, [GST, QST_COMPOUND], false))).toBe(1547);
    expect(taxLabel(incl[0])).toBe('HST 13% (included)');
    expect(taxLabel({ label: 'QST', rate: 9.975, included: false })).toBe('QST 9.975%');
  });

  it('no rates or a free line: no tax', () => {
    expect(lineTaxes(10000, [], false)).toEqual([]);
    expect(lineTaxes(0, [GST], false)).toEqual([]);
  });

  it('sums per rate across lines (each line rounded first)', () => {
    // Two people at $19.70: 98.5 → 99 each, so 198 (not 197 from rounding the total 3940 × 5 %).
    const two = sumTaxes([lineTaxes(1970, [GST], false), lineTaxes(1970, [GST], false)]);
    expect(two).toEqual([{ label: 'GST', rate: 5, cents: 198, included: false }]);
  });

  it('refunds tax in proportion to the part refunded', () => {
    const paid = [{ label: 'GST', rate: 5, cents: 500, included: false }];
    expect(refundTaxes(5250, 10500, paid)[0].cents).toBe(250); // half back
    expect(refundTaxes(3333, 10500, paid)[0].cents).toBe(159); // 158.71
    expect(refundTaxes(10500, 10500, paid)[0].cents).toBe(500); // all of it
    expect(refundTaxes(20000, 10500, paid)[0].cents).toBe(500); // never more than paid
    expect(refundTaxes(0, 10500, paid)).toEqual([]);
    expect(refundTaxes(100, 0, paid)).toEqual([]);
  });
});
