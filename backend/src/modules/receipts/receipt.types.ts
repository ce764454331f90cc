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
}

/** What is issued: a receipt less what the database gives it (id, number, time). */
export type ReceiptDraft = Omit<Receipt, 'id' | 'number' | 'issuedAt' | 'originalNumber'> & {
  refundIds: string[];
  topUpId: string | null;
  timeZone: string;
};
