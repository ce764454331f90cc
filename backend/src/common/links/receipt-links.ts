import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AllConfigType } from '../../config/config.type';
import { LinkSigner } from './link-signer';

/**
 * The link in a card payment's receipt email that opens the payment's numbered receipt (PDF) without signing in
 * (issue 43 §3). The email is queued in the paying transaction, before the receipt has its number (given at commit),
 * so the link names the payment (organization, enrollment, PaymentIntent) and the receipt is looked up when it is
 * opened. The communications module signs it, the receipts module checks it: it lives here so neither imports the
 * other. The signature covers all three ids, so it opens that payment's receipt and nothing else.
 */
@Injectable()
export class ReceiptLinks {
  private readonly signer: LinkSigner;
  private readonly publicUrl: string;

  constructor(config: ConfigService<AllConfigType>) {
    this.signer = new LinkSigner(config, 'classlane-receipt-links');
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  private payload = (organizationId: string, enrollmentId: string, paymentIntentId: string) =>
    `${organizationId.toLowerCase()}.${enrollmentId.toLowerCase()}.${paymentIntentId}`;

  verify(organizationId: string, enrollmentId: string, paymentIntentId: string, signature: string): boolean {
    return this.signer.verify(this.payload(organizationId, enrollmentId, paymentIntentId), signature);
  }

  url(organizationId: string, enrollmentId: string, paymentIntentId: string): string {
    const sig = this.signer.sign(this.payload(organizationId, enrollmentId, paymentIntentId));
    return `${this.publicUrl}/api/public/receipts/${organizationId}/${enrollmentId}/${encodeURIComponent(paymentIntentId)}?sig=${sig}`;
  }
}
