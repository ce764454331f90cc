import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { LinkSigner, uuidHex } from '../../common/links/link-signer';
import type { AllConfigType } from '../../config/config.type';

/**
 * The signed early-access link: it names a term and is valid only with the email it was sent to (the email is signed,
 * not carried in the token), so a forwarded link does not let someone else in early. Nothing is stored.
 */
@Injectable()
export class EarlyAccessTokens {
  private readonly signer: LinkSigner;

  constructor(config: ConfigService<AllConfigType>) {
    this.signer = new LinkSigner(config, 'classlane-early-access-links');
  }

  /** `<term id hex>.<signature>`. */
  issue(termId: string, email: string): string {
    const hex = uuidHex(termId);
    return `${hex}.${this.signer.sign(payload(hex, email), 16)}`;
  }

  /** True when the token was issued for this term and this email. */
  verify(token: unknown, termId: string, email: string): boolean {
    if (typeof token !== 'string' || token.length > 100) return false;
    const m = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!m || m[1] !== uuidHex(termId)) return false;
    return this.signer.verify(payload(m[1], email), m[2], 16);
  }
}

const payload = (termHex: string, email: string) => `${termHex}:${email.trim().toLowerCase()}`;
