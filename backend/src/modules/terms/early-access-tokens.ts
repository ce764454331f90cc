import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AllConfigType } from '../../config/config.type';

/**
 * The signed early-access link: it names a term and is valid only with the email it was sent to (the email is signed,
 * not carried in the token), so a forwarded link does not let someone else in early. An HMAC with a key derived from
 * the server's signing secret makes it unforgeable; nothing is stored.
 */
@Injectable()
export class EarlyAccessTokens {
  private readonly key: Buffer;

  constructor(config: ConfigService<AllConfigType>) {
    this.key = createHmac('sha256', config.getOrThrow('auth', { infer: true }).jwtSecret)
      .update('classlane-early-access-links')
      .digest();
  }

  /** `<term id hex>.<signature>`. */
  issue(termId: string, email: string): string {
    const hex = termId.replace(/-/g, '').toLowerCase();
    return `${hex}.${this.sign(hex, email)}`;
  }

  /** True when the token was issued for this term and this email. */
  verify(token: unknown, termId: string, email: string): boolean {
    if (typeof token !== 'string' || token.length > 100) return false;
    const m = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!m || m[1] !== termId.replace(/-/g, '').toLowerCase()) return false;
    const expected = Buffer.from(this.sign(m[1], email));
    const given = Buffer.from(m[2]);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private sign(termHex: string, email: string): string {
    return createHmac('sha256', this.key).update(`${termHex}:${email.trim().toLowerCase()}`).digest().subarray(0, 16).toString('base64url');
  }
}
