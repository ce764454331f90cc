import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LinkSigner } from '../../common/links/link-signer';
import type { AllConfigType } from '../../config/config.type';

/**
 * The link of a January statement email: it opens that payer's year-end statement (PDF) without signing in. The
 * signature covers organization, payer and year, so it opens no one else's and no other year's; it does not expire
 * (a family looks for it at tax time, months later), like the statement a paper mail would have been.
 */
@Injectable()
export class StatementLinks {
  private readonly signer: LinkSigner;
  private readonly publicUrl: string;

  constructor(config: ConfigService<AllConfigType>) {
    this.signer = new LinkSigner(config, 'classlane-statement-links');
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /** A child's link (`studentId`) signs the student too: it opens that student's part of the payer's statement only. */
  private payload = (organizationId: string, payerId: string, year: number, studentId?: string) =>
    `${organizationId}.${payerId}.${year}${studentId ? `.${studentId}` : ''}`.toLowerCase();

  verify(organizationId: string, payerId: string, year: number, signature: string, studentId?: string): boolean {
    return this.signer.verify(this.payload(organizationId, payerId, year, studentId), signature);
  }

  url(organizationId: string, payerId: string, year: number, studentId?: string): string {
    const sig = this.signer.sign(this.payload(organizationId, payerId, year, studentId));
    const student = studentId ? `&student=${studentId}` : '';
    return `${this.publicUrl}/api/public/statements/${organizationId}/${payerId}/${year}?sig=${sig}${student}`;
  }
}
