import { stringify as csvLines } from 'csv-stringify/sync';
import { day } from './receipt-pdf';
import { taxesOf, type Receipt } from './receipt.types';

export const RECEIPTS_CSV_HEADER = [
  'number',
  'kind',
  'issued',
  'payer',
  'payer_email',
  'students',
  'total',
  'tax',
  'currency',
  'payment_method',
  'refers_to',
  'stripe_payment_intent',
  'stripe_refund',
];

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The admin's receipts as a spreadsheet, one row per receipt or credit note: the day issued in the time zone it was
 * numbered in, the total paid or refunded and the tax inside it (added or included, all rates).
 */
export function receiptsCsv(receipts: Receipt[]): string {
  const rows = receipts.map((r) => [
    r.number,
    r.kind,
    day(r.issuedAt, r.timeZone ?? 'UTC'),
    r.payer.name,
    r.payer.email,
    r.students.map((s) => s.name).join('; '),
    money(r.totalCents),
    money(taxesOf(r.lines).reduce((n, t) => n + t.cents, 0)),
    r.currency,
    r.paymentMethod,
    r.originalNumber ?? '',
    r.stripePaymentIntentId ?? '',
    r.stripeRefundId ?? '',
  ]);
  return csvLines([RECEIPTS_CSV_HEADER, ...rows], { record_delimiter: 'windows' });
}
