import { describe, expect, it } from '@jest/globals';
import { PDFParse } from 'pdf-parse';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { organizationContact, tooLate } from './portal-contact';
import { receiptPdf } from './portal-receipt';
import type { PortalEnrollment } from './portal.repository';

const org = {
  id: 'org-1',
  name: 'Clay Studio LLC',
  branding: { businessName: 'Clay Studio' },
  contactInfo: { email: 'hello@clay.test', phone: '555-0100', address: '1 Kiln Road' },
} as unknown as OrganizationEntity;

const enrollment = {
  id: 'e-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  classTitle: 'Wheel throwing',
  startDate: new Date('2030-03-04T17:00:00Z'),
  enrollmentDate: new Date('2030-02-01T10:00:00Z'),
  paymentMethod: 'card',
  paymentStatus: 'completed',
  status: 'active',
  amountPaidCents: 9000,
  refundedCents: 2500,
  amountDueCents: 9000,
  priceBreakdown: [
    { label: 'Class price', amount: 100 },
    { label: 'Early bird', amount: -10 },
  ],
  stripePaymentIntentId: 'pi_123',
} as unknown as PortalEnrollment;

const text = async (pdf: Buffer) => (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text.replace(/\s+/g, ' ');

describe('portal receipt', () => {
  it('should list the price lines, the total, the payment, a switch difference due and each refund', async () => {
    const pdf = await receiptPdf(
      org,
      enrollment,
      [
        {
          id: 'r-1',
          enrollmentId: 'e-1',
          amountCents: 2500,
          status: 'succeeded',
          reason: '',
          source: 'admin',
          stripeRefundId: 're_1',
          createdAt: new Date('2030-02-10T00:00:00Z'),
        },
      ],
      [{ amountCents: 1000, method: 'in_person', status: 'due', paymentIntentId: null, paidAt: null }],
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const t = await text(pdf);
    for (const part of [
      'Clay Studio',
      'hello@clay.test · 555-0100 · 1 Kiln Road',
      'Student: Ada Lovelace',
      'Class: Wheel throwing',
      'Class price: $100.00',
      'Early bird: -$10.00',
      'Total: $90.00',
      'Amount paid: $90.00',
      'Transaction: pi_123',
      'Class switch difference due in person: $10.00',
      'Refunded: $25.00',
      'Refund 2030-02-10: $25.00 (succeeded) re_1',
      'Status: active',
    ])
      expect(t).toContain(part);
  });

  it('should name the organization by its business name, with whom to reach past the cut-off', () => {
    expect(organizationContact(org)).toEqual({ id: 'org-1', name: 'Clay Studio', email: 'hello@clay.test', phone: '555-0100' });
    expect(tooLate(org, 24).message).toBe(
      'Registrations can be cancelled here until 24 hours before the first session. Please contact Clay Studio at hello@clay.test or 555-0100.',
    );
  });
});
