import { refundTaxes } from '../pricing/tax-rules';
import type { Receipt } from './receipt.types';
import type { PaidBeforeReceipts } from './receipts.repository';

/** The row under which a payment from before receipts with no tax line is counted. */
export const NO_TAX_RECORDED = 'No tax recorded';

/** One row of the tax report: a rate in a month (YYYY-MM, the organization's time zone), in cents. */
export interface TaxReportRow {
  period: string;
  label: string;
  rate: number;
  included: boolean;
  collectedCents: number;
  refundedCents: number;
  netCents: number;
  /** Payments made before receipts existed (no receipt names them): their own rows, with how many and what they paid. */
  beforeReceipts: boolean;
  payments?: number;
  paidCents?: number;
}

/** The month of an instant in a time zone: '2026-03'. */
const monthIn = (at: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date(at)).slice(0, 7);

/**
 * Issue 43 §1, "reports show tax collected by rate and period": the tax lines of the year's receipts (collected) and
 * credit notes (refunded), per month and rate, then one 'YYYY' row per rate for the whole year. Read from the
 * receipts, the copies of what was charged, so the report agrees with the documents families hold to the cent.
 * Payments made before receipts existed have rows of their own (`beforeReceipts`), their tax read from their price
 * lines in proportion to what was paid and refunded, with how many they are and what they paid.
 */
export function taxReport(year: number, receipts: Receipt[], timeZone: string, before: PaidBeforeReceipts[] = []): TaxReportRow[] {
  const rows = new Map<string, TaxReportRow>();
  const rowOf = (period: string, tax: NonNullable<Receipt['lines'][number]['tax']>, before: boolean) => {
    const key = `${period}|${tax.label}|${tax.rate}|${tax.included}|${before}`;
    const row = rows.get(key) ?? {
      period,
      ...tax,
      collectedCents: 0,
      refundedCents: 0,
      netCents: 0,
      beforeReceipts: before,
      ...(before ? { payments: 0, paidCents: 0 } : {}),
    };
    rows.set(key, row);
    return row;
  };
  const add = (period: string, tax: NonNullable<Receipt['lines'][number]['tax']>, cents: number, credit: boolean, before = false) => {
    const row = rowOf(period, tax, before);
    if (credit) row.refundedCents += cents;
    else row.collectedCents += cents;
    row.netCents = row.collectedCents - row.refundedCents;
  };
  for (const r of receipts)
    for (const l of r.lines) {
      if (!l.tax) continue;
      add(monthIn(r.issuedAt, timeZone), l.tax, l.amountCents, r.kind === 'credit_note');
      add(String(year), l.tax, l.amountCents, r.kind === 'credit_note');
    }
  for (const p of before) {
    const lines = p.lines.map((l) => ({ cents: Math.round(l.amount * 100), tax: l.tax }));
    const charged = lines.reduce((n, l) => n + (l.tax?.included ? 0 : l.cents), 0);
    const taxes = lines.filter((l) => l.tax).map((l) => ({ ...l.tax!, cents: l.cents }));
    const got = refundTaxes(p.paidCents, charged, taxes);
    const back = refundTaxes(p.refundedCents, charged, taxes);
    for (const period of [monthIn(p.paidAt, timeZone), String(year)]) {
      const counted = taxes.length ? taxes : [{ label: NO_TAX_RECORDED, rate: 0, included: false, cents: 0 }];
      for (const t of counted) {
        const tax = { label: t.label, rate: t.rate, included: t.included };
        add(period, tax, got.find((g) => g.label === t.label && g.rate === t.rate)?.cents ?? 0, false, true);
        add(period, tax, back.find((g) => g.label === t.label && g.rate === t.rate)?.cents ?? 0, true, true);
      }
      // The payment itself, counted once per period on its first row.
      const first = rowOf(period, { label: counted[0].label, rate: counted[0].rate, included: counted[0].included }, true);
      first.payments! += 1;
      first.paidCents! += p.paidCents;
    }
  }
  // Months in order, the year's totals last; within a period the rates in label order, receipts' rows before the others.
  return [...rows.values()].sort(
    (a, b) =>
      a.period.length - b.period.length ||
      a.period.localeCompare(b.period) ||
      Number(a.beforeReceipts) - Number(b.beforeReceipts) ||
      a.label.localeCompare(b.label) ||
      a.rate - b.rate,
  );
}
