import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { hexUuid, LinkSigner, uuidHex } from '../../common/links/link-signer';
import type { AllConfigType } from '../../config/config.type';

/** How long a place in line lets its holder register once their turn has come. */
export const TICKET_VALID_MS = 30 * 60_000;

/** What a waiting-room ticket says: whose opening it is a place in, when its holder is let in, and their number. */
export interface TicketClaims {
  organizationId: string;
  opensAt: Date;
  admitAt: Date;
  position: number;
}

/**
 * The place in line, signed: `<organization hex>.<opening ms>.<admit ms>.<position>.<signature>`. Everything the check
 * needs is in it and nothing is stored per person, so any instance verifies it with one HMAC. Its own key (purpose
 * string), so no other signed link can pass for a ticket.
 */
@Injectable()
export class WaitingRoomTickets {
  private readonly signer: LinkSigner;

  constructor(config: ConfigService<AllConfigType>) {
    this.signer = new LinkSigner(config, 'classlane-waiting-room-tickets');
  }

  issue(c: TicketClaims): string {
    const body = `${uuidHex(c.organizationId)}.${c.opensAt.getTime()}.${c.admitAt.getTime()}.${c.position}`;
    return `${body}.${this.signer.sign(body, 16)}`;
  }

  /** The ticket's claims when its signature is ours, else null (expiry is the caller's check). */
  read(token: unknown): TicketClaims | null {
    if (typeof token !== 'string' || token.length > 300) return null;
    const m = /^(([0-9a-f]{32})\.(\d{1,15})\.(\d{1,15})\.(\d{1,9}))\.([A-Za-z0-9_-]{22})$/.exec(token);
    if (!m || !this.signer.verify(m[1], m[6], 16)) return null;
    return { organizationId: hexUuid(m[2]), opensAt: new Date(Number(m[3])), admitAt: new Date(Number(m[4])), position: Number(m[5]) };
  }
}
