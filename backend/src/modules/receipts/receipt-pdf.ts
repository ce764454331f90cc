// A receipt or credit note as a PDF: the issuer's legal details, the number, the payer, the students, the lines, the
// payment method and the Stripe ids. The same library (pdfkit) and plain layout as the portal's registration receipt.
import PDFDocument from 'pdfkit';
import type { LegalDetails } from '../organizations/legal-details';
import { taxLabel } from '../pricing/tax-rules';
import { taxesOf, type Receipt } from './receipt.types';

/** Dollars with cents, a minus before a negative amount (a discount line). */
export const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** A day as YYYY-MM-DD in the organization's time zone. */
export const day = (at: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));

const METHOD = { card: 'Card', 'in-person': 'In person' } as const;

/** Collects pdfkit's output into one Buffer. */
export function pdfDocument(title: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  return { doc, done };
}

/** The issuer block every document starts with: legal name, address, tax ID with its label. */
export function issuerBlock(doc: PDFKit.PDFDocument, issuer: LegalDetails) {
  doc.font('Helvetica-Bold').fontSize(18).text(issuer.legalName);
  doc.font('Helvetica').fontSize(10);
  if (issuer.address) doc.text(issuer.address);
  if (issuer.taxId) doc.text(`${issuer.taxIdLabel || 'Tax ID'}: ${issuer.taxId}`);
}

export function receiptPdf(r: Receipt, timeZone: string): Promise<Buffer> {
  const credit = r.kind === 'credit_note';
  const title = `${credit ? 'Credit note' : 'Receipt'} ${r.number}`;
  const { doc, done } = pdfDocument(title);
  issuerBlock(doc, r.issuer);
  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).text(title);
  doc.font('Helvetica').fontSize(11).moveDown(0.5);
  const field = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  field('Issued', day(r.issuedAt, timeZone));
  if (credit && r.originalNumber) field('Refers to receipt', r.originalNumber);
  field(credit ? 'Refunded to' : 'Paid by', r.payer.email ? `${r.payer.name} (${r.payer.email})` : r.payer.name);
  field(r.students.length > 1 ? 'Students' : 'Student', r.students.map((s) => s.name).join(', '));
  doc.moveDown(0.8);
  for (const l of r.lines) {
    const dates = l.serviceStart ? ` (${day(l.serviceStart, timeZone)} to ${day(l.serviceEnd ?? l.serviceStart, timeZone)})` : '';
    const who = r.students.length > 1 ? `${l.studentName} - ` : '';
    field(`${who}${l.description}${dates}`, dollars(l.amountCents));
  }
  doc.moveDown(0.5);
  // Issue 43: the tax in the total, per rate (already listed as lines; an included one is inside the price).
  for (const t of taxesOf(r.lines)) field(`${credit ? 'Tax refunded' : 'Tax'}: ${taxLabel(t)}`, dollars(t.cents));
  field(credit ? 'Total refunded' : 'Total paid', `${dollars(r.totalCents)} ${r.currency}`);
  if (credit && r.reason) field('Reason', r.reason);
  field('Payment method', METHOD[r.paymentMethod]);
  if (r.stripePaymentIntentId) field('Stripe payment', r.stripePaymentIntentId);
  if (r.stripeChargeId) field('Stripe charge', r.stripeChargeId);
  if (r.stripeRefundId) field('Stripe refund', r.stripeRefundId);
  doc.end();
  return done;
}
