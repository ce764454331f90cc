import { sumTaxes, type AppliedTax } from '../pricing/tax-rules';
import { counted, type Receipt, type ReceiptLine } from './receipt.types';

/** What a registration's documents so far say it paid: the net amount (receipts less credit notes) and the net tax per rate. */
export interface Receipted {
  netCents: number;
  taxes: AppliedTax[];
}

/** A quote's line as the enrollment keeps it (price_breakdown, in cents here). */
export interface QuotedLine {
  cents: number;
  tax?: ReceiptLine['tax'];
}

const taxesOfLines = (lines: Pick<ReceiptLine, 'amountCents' | 'tax'>[], sign = 1): AppliedTax[] =>
  lines.filter((l) => l.tax).map((l) => ({ ...l.tax!, cents: sign * l.amountCents }));

/** The net of one student's lines in the documents issued for one of their registrations. */
export function receiptedOf(docs: Pick<Receipt, 'kind' | 'lines'>[], studentId: string): Receipted {
  let netCents = 0;
  const lists: AppliedTax[][] = [];
  for (const d of docs) {
    const sign = d.kind === 'credit_note' ? -1 : 1;
    const mine = d.lines.filter((l) => l.studentId === studentId);
    netCents += sign * mine.reduce((n, l) => n + counted(l), 0);
    lists.push(taxesOfLines(mine, sign));
  }
  return { netCents, taxes: sumTaxes(lists) };
}

/**
 * The tax inside a payment (`movementCents` > 0) or refund (< 0) that brings what a registration's documents say it
 * paid to its current price quote, when it does exactly that: a class switch's difference (paid or given back) or a
 * balance paid in person. Its tax is then the difference, per rate, between the quote's tax and the tax already
 * receipted (a switch from $80 to $60 with GST 5 % gives back $1.00 of GST, not the refund's share of the $4.00
 * paid). null when the movement does not settle the quote (a cancellation's refund, a goodwill one): then the usual
 * rule stands (a refund's tax in proportion).
 */
export function taxToQuote(quoted: QuotedLine[], receipted: Receipted, movementCents: number): AppliedTax[] | null {
  if (!quoted.length) return null;
  const charged = quoted.reduce((n, l) => n + (l.tax?.included ? 0 : l.cents), 0);
  if (receipted.netCents + movementCents !== charged) return null;
  const sign = movementCents < 0 ? -1 : 1;
  const quoteTaxes = quoted.filter((l) => l.tax).map((l) => ({ ...l.tax!, cents: sign * l.cents }));
  const before = receipted.taxes.map((t) => ({ ...t, cents: -sign * t.cents }));
  // Quote's tax less what was receipted (a payment), or the other way round (a refund); only what moves this way.
  return sumTaxes([quoteTaxes, before]).filter((t) => t.cents > 0);
}
