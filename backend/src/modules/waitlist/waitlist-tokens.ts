import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { AllConfigType } from '../../config/config.type';

export type WaitlistTokenKind = 'offer' | 'leave';

/**
 * Signed waitlist links, no sign-in (like the rating and unsubscribe links): the token names the entry, what the
 * link does and, for an offer, which offer of that entry (a newer offer makes the older link stale); an HMAC with a
 * key derived from the server's signing secret makes it unforgeable. Only the hash of an offer token is stored.
 */
@Injectable()
export class WaitlistTokens {
  private readonly key: Buffer;

  constructor(config: ConfigService<AllConfigType>) {
    this.key = createHmac('sha256', config.getOrThrow('auth', { infer: true }).jwtSecret)
      .update('classlane-waitlist-links')
      .digest();
  }

  /** `o<entry id hex><offer n>.<signature>`: short enough for a path segment (Fastify's 100-character limit) and an SMS. */
  issue(kind: WaitlistTokenKind, entryId: string, offer = 0): string {
    const payload = `${kind === 'offer' ? 'o' : 'l'}${entryId.replace(/-/g, '').toLowerCase()}${offer}`;
    return `${payload}.${this.sign(payload)}`;
  }

  /** The entry and offer number a token names, or null when it is malformed, forged or of another kind. */
  read(kind: WaitlistTokenKind, token: unknown): { entryId: string; offer: number } | null {
    if (typeof token !== 'string' || token.length > 100) return null;
    const m = /^([ol])([0-9a-f]{32})(\d{1,6})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!m || m[1] !== (kind === 'offer' ? 'o' : 'l')) return null;
    const payload = `${m[1]}${m[2]}${m[3]}`;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(m[4]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const h = m[2];
    return { entryId: `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`, offer: Number(m[3]) };
  }

  static hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** 128 bits of HMAC-SHA256: unguessable, and the link stays short. */
  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, 16).toString('base64url');
  }
}
