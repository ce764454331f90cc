import type { ConfigService } from '@nestjs/config';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AllConfigType } from '../../config/config.type';

/**
 * The signature of a link sent by mail or SMS that works without signing in (a rating, an early-access or a waitlist
 * link). Each kind of link has its own key, derived from the server's signing secret and the kind's name, so a
 * signature of one kind is worthless as another; nothing is stored, the signature is the proof.
 */
export class LinkSigner {
  private readonly key: Buffer;

  /** `purpose` names the kind of link; changing it invalidates every link of that kind already sent. */
  constructor(config: ConfigService<AllConfigType>, purpose: string) {
    this.key = createHmac('sha256', config.getOrThrow('auth', { infer: true }).jwtSecret)
      .update(purpose)
      .digest();
  }

  /** The HMAC-SHA256 of `payload`, base64url; `bytes` keeps only its first bytes (16: 128 bits, for short links). */
  sign(payload: string, bytes?: number): string {
    const mac = createHmac('sha256', this.key).update(payload).digest();
    return (bytes ? mac.subarray(0, bytes) : mac).toString('base64url');
  }

  /** Whether `signature` is this payload's, compared in constant time (a timing difference would leak it). */
  verify(payload: string, signature: string, bytes?: number): boolean {
    const expected = Buffer.from(this.sign(payload, bytes));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** A uuid without its dashes, lower case: 32 hex characters keep a link short. */
export const uuidHex = (id: string) => id.replace(/-/g, '').toLowerCase();

/** The uuid that `uuidHex` made 32 hex characters of. */
export const hexUuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
