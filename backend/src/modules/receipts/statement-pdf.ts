// A year-end statement as a PDF: the provider's legal details (name, address, tax ID: what a child-care tax credit
// form asks for), who it is for, every payment and refund of the year with its service dates, and the net paid.
import { day, dollars, issuerBlock, pdfDocument } from './receipt-pdf';
import type { Statement } from './statements';

export function statementPdf(s: Statement, timeZone: string): Promise<Buffer> {
  const title = `Year-end statement ${s.year}`;
  const { doc, done } = pdfDocument(title);
  issuerBlock(doc, s.issuer);
  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).text(title);
  doc.font('Helvetica').fontSize(11).moveDown(0.5);
  const field = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  if (s.payer) field('Paid by', s.payer.email ? `${s.payer.name} (${s.payer.email})` : s.payer.name);
  if (s.student) field('Student', s.student.name);
  field('Period', `${s.year}-01-01 to ${s.year}-12-31`);
  doc.moveDown(0.8);
  if (!s.entries.length) doc.text('No payments or refunds in this year.');
  for (const e of s.entries) {
    const dates = e.serviceStart ? `, service ${day(e.serviceStart, timeZone)} to ${day(e.serviceEnd ?? e.serviceStart, timeZone)}` : '';
    const who = s.student ? '' : `${e.studentName} - `;
    field(`${day(e.issuedAt, timeZone)} ${e.number}`, `${who}${e.description}${dates}: ${dollars(e.amountCents)}`);
  }
  doc.moveDown(0.8);
  field('Total paid', dollars(s.paidCents));
  field('Total refunded', dollars(s.refundedCents));
  field('Net paid', dollars(s.netCents));
  if (s.taxCents) field('Of which tax', dollars(s.taxCents));
  doc.end();
  return done;
}
