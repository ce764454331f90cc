import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createHash } from 'node:crypto';
import { hexUuid, LinkSigner, uuidHex } from '../../common/links/link-signer';
import type { AllConfigType } from '../../config/config.type';

export type WaitlistTokenKind = 'offer' | 'leave';

/** 128 bits of HMAC-SHA256: unguessable, and the link stays short. */
const SIGNATURE_BYTES = 16;

/**
 * Signed waitlist links, no sign-in (like the rating and unsubscribe links): the token names the entry, what the
 * link does and, for an offer, which offer of that entry (a newer offer makes the older link stale); its signature
 * makes it unforgeable. Only the hash of an offer token is stored.
 */
@Injectable()
export class WaitlistTokens {
  private readonly signer: LinkSigner;

  constructor(config: ConfigService<AllConfigType>) {
    this.signer = new LinkSigner(config, 'classlane-waitlist-links');
  }

  /** `o<entry id hex><offer n>.<signature>`: short enough for a path segment (Fastify's 100-character limit) and an SMS. */
  issue(kind: WaitlistTokenKind, entryId: string, offer = 0): string {
    const payload = `${kind === 'offer' ? 'o' : 'l'}${uuidHex(entryId)}${offer}`;
    return `${payload}.${this.signer.sign(payload, SIGNATURE_BYTES)}`;
  }

  /** The entry and offer number a token names, or null when it is malformed, forged or of another kind. */
  read(kind: WaitlistTokenKind, token: unknown): { entryId: string; offer: number } | null {
    if (typeof token !== 'string' || token.length > 100) return null;
    const m = /^([ol])([0-9a-f]{32})(\d{1,6})\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!m || m[1] !== (kind === 'offer' ? 'o' : 'l')) return null;
    if (!this.signer.verify(`${m[1]}${m[2]}${m[3]}`, m[4], SIGNATURE_BYTES)) return null;
    return { entryId: hexUuid(m[2]), offer: Number(m[3]) };
  }

  static hash(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }
}
