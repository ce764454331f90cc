import type { LegalDetails } from '../organizations/legal-details';

/** receipt: a payment taken; credit_note: money given back (a refund). */
export type ReceiptKind = 'receipt' | 'credit_note';

/** Who paid: the household contact for a household member, otherwise the student. */
export interface ReceiptPayer {
  studentId: string | null;
  name: string;
  email: string;
}

export interface ReceiptStudent {
  id: string;
  name: string;
}

/** One line of a receipt, in cents (a discount is negative); the lines add up to the receipt's total. */
export interface ReceiptLine {
  description: string;
  amountCents: number;
  studentId: string;
  studentName: string;
  className: string;
  /** The class's first and last session (ISO): the service the money pays for, which statements show. */
  serviceStart: string | null;
  serviceEnd: string | null;
  /**
   * A tax line (issue 43): its rate, and whether the prices included it. An included tax is inside the other lines'
   * amounts: it is shown, never added (the lines without it add up to the total).
   */
  tax?: { label: string; rate: number; included: boolean };
}

/** What a line adds to its document's total: an included tax adds nothing. */
export const counted = (l: Pick<ReceiptLine, 'amountCents' | 'tax'>) => (l.tax?.included ? 0 : l.amountCents);

/** The tax a document's lines hold, per rate (label and rate), included or added. */
export function taxesOf(
  lines: Pick<ReceiptLine, 'amountCents' | 'tax'>[],
): { label: string; rate: number; included: boolean; cents: number }[] {
  const byRate = new Map<string, { label: string; rate: number; included: boolean; cents: number }>();
  for (const l of lines) {
    if (!l.tax) continue;
    const key = `${l.tax.label}|${l.tax.rate}|${l.tax.included}`;
    const seen = byRate.get(key) ?? { ...l.tax, cents: 0 };
    seen.cents += l.amountCents;
    byRate.set(key, seen);
  }
  return [...byRate.values()];
}

/** A receipt or credit note as stored: a copy of what it says, taken when it was issued. */
export interface Receipt {
  id: string;
  organizationId: string;
  kind: ReceiptKind;
  number: string;
  originalReceiptId: string | null;
  originalNumber: string | null;
  payer: ReceiptPayer;
  students: ReceiptStudent[];
  enrollmentIds: string[];
  lines: ReceiptLine[];
  totalCents: number;
  currency: string;
  paymentMethod: 'card' | 'in-person';
  stripePaymentIntentId: string | null;
  stripeChargeId: string | null;
  stripeRefundId: string | null;
  reason: string | null;
  issuer: LegalDetails;
  issuedAt: Date;
  /** The organization's time zone when it was numbered (its days and year are that zone's); absent in drafts. */
  timeZone?: string;
}

/** What is issued: a receipt less what the database gives it (id, number, time). */
export type ReceiptDraft = Omit<Receipt, 'id' | 'number' | 'issuedAt' | 'originalNumber' | 'timeZone'> & {
  refundIds: string[];
  topUpId: string | null;
  timeZone: string;
};
