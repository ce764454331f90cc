import { describe, expect, it } from '@jest/globals';
import { receiptedOf, taxToQuote } from './repriced-tax';

const GST = { label: 'GST', rate: 5, included: false };
const line = (amountCents: number, tax?: typeof GST) => ({
  description: 'x',
  amountCents,
  studentId: 's1',
  studentName: 'Ana Roy',
  className: 'Wheel',
  serviceStart: null,
  serviceEnd: null,
  ...(tax ? { tax } : {}),
});

describe('the tax of a movement that settles a re-priced registration', () => {
  // Paid $80 + $25 fee + GST $4 = $109.
  const paid = receiptedOf([{ kind: 'receipt', lines: [line(8000), line(2500), line(400, GST)] }], 's1');

  it('should add up what was receipted for the student, credit notes taken off', () => {
    expect(paid).toEqual({ netCents: 10900, taxes: [{ ...GST, cents: 400 }] });
    const after = receiptedOf(
      [
        { kind: 'receipt', lines: [line(8000), line(2500), line(400, GST), { ...line(9999), studentId: 's2' }] },
        { kind: 'credit_note', lines: [line(2000), line(100, GST)] },
      ],
      's1',
    );
    expect(after).toEqual({ netCents: 8800, taxes: [{ ...GST, cents: 300 }] });
  });

  it('should give back the GST difference when a switch to a cheaper class refunds the difference', () => {
    // Now $60 + $25 + GST $3 = $88: $21 back, of which GST $1.00 (not 21/109 of $4 = $0.77).
    const quote = [{ cents: 6000 }, { cents: 2500 }, { cents: 300, tax: GST }];
    expect(taxToQuote(quote, paid, -2100)).toEqual([{ ...GST, cents: 100 }]);
  });

  it('should charge the GST difference when a switch to a dearer class is paid', () => {
    const quote = [{ cents: 12000 }, { cents: 2500 }, { cents: 600, tax: GST }];
    expect(taxToQuote(quote, paid, 4200)).toEqual([{ ...GST, cents: 200 }]);
  });

  it('should leave a movement that does not settle the quote to the usual rule', () => {
    const same = [{ cents: 8000 }, { cents: 2500 }, { cents: 400, tax: GST }];
    expect(taxToQuote(same, paid, -10900)).toBeNull();
    expect(taxToQuote(same, paid, -1000)).toBeNull();
    expect(taxToQuote([], paid, 100)).toBeNull();
  });

  it('should count an included tax as shown, not added', () => {
    const incl = { ...GST, included: true };
    const before = receiptedOf([{ kind: 'receipt', lines: [line(10500), line(500, incl)] }], 's1');
    expect(before.netCents).toBe(10500);
    expect(taxToQuote([{ cents: 8400 }, { cents: 400, tax: incl }], before, -2100)).toEqual([{ ...incl, cents: 100 }]);
  });
});
