// The receipt PDF of a registration as the portal hands it out: a layout of its own, apart from the portal's rules.
import PDFDocument from 'pdfkit';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { formatDollars } from '../payments/money';
import type { TopUpPayment } from '../payments/top-ups.service';
import { organizationContact } from './portal-contact';
import type { PortalEnrollment, PortalRefund } from './portal.repository';

/** The receipt: the organization, the registration, what was charged (each price line), paid, switched and refunded. */
export function receiptPdf(org: OrganizationEntity, e: PortalEnrollment, refunds: PortalRefund[], topUps: TopUpPayment[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Receipt - ${e.classTitle}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const c = organizationContact(org);
  doc.font('Helvetica-Bold').fontSize(20).text(c.name);
  doc.font('Helvetica').fontSize(10).text([c.email, c.phone, org.contactInfo?.address].filter(Boolean).join(' · '));
  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).text('Receipt');
  doc.font('Helvetica').fontSize(11).moveDown(0.5);
  const line = (label: string, value: string) =>
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  line('Student', `${e.firstName} ${e.lastName}`);
  line('Class', e.classTitle);
  line('First session', new Date(e.startDate).toUTCString());
  line('Registered', new Date(e.enrollmentDate).toUTCString());
  line('Payment', `${e.paymentMethod === 'card' ? 'Card' : 'In person'} (${e.paymentStatus})`);
  // What was charged, as the price quote gave it when the seat was taken: the class price, each discount, the total.
  if (e.priceBreakdown?.length) {
    for (const l of e.priceBreakdown) {
      const c = Math.round(l.amount * 100);
      line(l.label, c < 0 ? `-${formatDollars(-c)}` : formatDollars(c));
    }
    line('Total', formatDollars(e.amountDueCents ?? e.priceBreakdown.reduce((n, l) => n + Math.round(l.amount * 100), 0)));
  }
  line('Amount paid', formatDollars(e.amountPaidCents));
  // A switch to a dearer class paid its difference separately (a second card payment with its own transaction, or in
  // person): each payment gets its line, so the amounts add up to what was paid.
  const paidSwitches = topUps.filter((t) => t.status !== 'due');
  const first = e.amountPaidCents - paidSwitches.reduce((n, t) => n + t.amountCents, 0);
  if (e.stripePaymentIntentId)
    line('Transaction', paidSwitches.length ? `${e.stripePaymentIntentId} (${formatDollars(first)})` : e.stripePaymentIntentId);
  for (const t of topUps) {
    const day = t.paidAt ? ` ${new Date(t.paidAt).toISOString().slice(0, 10)}` : '';
    if (t.status === 'due') line('Class switch difference due in person', formatDollars(t.amountCents));
    else if (t.method === 'in_person') line(`Class switch difference paid in person${day}`, formatDollars(t.amountCents));
    else line(`Class switch payment${day}`, `${formatDollars(t.amountCents)} ${t.paymentIntentId ?? ''}`.trim());
  }
  line('Refunded', formatDollars(e.refundedCents));
  for (const r of refunds)
    line(
      `Refund ${new Date(r.createdAt).toISOString().slice(0, 10)}`,
      `${formatDollars(r.amountCents)} (${r.status})${r.stripeRefundId ? ` ${r.stripeRefundId}` : ''}`,
    );
  line('Status', e.status);
  doc.end();
  return done;
}
