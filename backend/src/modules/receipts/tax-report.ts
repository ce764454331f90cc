import type { Receipt } from './receipt.types';

/** One row of the tax report: a rate in a month (YYYY-MM, the organization's time zone), in cents. */
export interface TaxReportRow {
  period: string;
  label: string;
  rate: number;
  included: boolean;
  collectedCents: number;
  refundedCents: number;
  netCents: number;
}

/** The month of an instant in a time zone: '2026-03'. */
const monthIn = (at: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date(at)).slice(0, 7);

/**
 * Issue 43 §1, "reports show tax collected by rate and period": the tax lines of the year's receipts (collected) and
 * credit notes (refunded), per month and rate, then one 'YYYY' row per rate for the whole year. Read from the
 * receipts, the copies of what was charged, so the report agrees with the documents families hold to the cent.
 */
export function taxReport(year: number, receipts: Receipt[], timeZone: string): TaxReportRow[] {
  const rows = new Map<string, TaxReportRow>();
  const add = (period: string, tax: NonNullable<Receipt['lines'][number]['tax']>, cents: number, credit: boolean) => {
    const key = `${period}|${tax.label}|${tax.rate}|${tax.included}`;
    const row = rows.get(key) ?? { period, ...tax, collectedCents: 0, refundedCents: 0, netCents: 0 };
    if (credit) row.refundedCents += cents;
    else row.collectedCents += cents;
    row.netCents = row.collectedCents - row.refundedCents;
    rows.set(key, row);
  };
  for (const r of receipts)
    for (const l of r.lines) {
      if (!l.tax) continue;
      add(monthIn(r.issuedAt, timeZone), l.tax, l.amountCents, r.kind === 'credit_note');
      add(String(year), l.tax, l.amountCents, r.kind === 'credit_note');
    }
  // Months in order, the year's totals last; within a period the rates in label order.
  return [...rows.values()].sort(
    (a, b) => a.period.length - b.period.length || a.period.localeCompare(b.period) || a.label.localeCompare(b.label) || a.rate - b.rate,
  );
}
