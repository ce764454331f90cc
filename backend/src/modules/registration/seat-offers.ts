import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * A seat held for one person by an offer (the waitlist's): a registration that names the offer's token takes that
 * seat instead of a free one. The waitlist module fills this port at start-up, so this module never imports it.
 */
export interface SeatOfferSource {
  /** The offer the token names, locked for the registering transaction; refuses a bad, used or lapsed link. */
  claimOffer(manager: EntityManager, organizationId: string, classId: string, token: string, email: string): Promise<{ entryId: string }>;
  /** The registration (or card hold) took the offered seat. */
  offerAccepted(manager: EntityManager, entryId: string, enrollmentId: string): Promise<void>;
  /** The card hold an accepted offer became was abandoned before any payment: the offer is open again. */
  offerReturned(manager: EntityManager, entryId: string, enrollmentId: string): Promise<void>;
}

/** The port: registration calls it; the waitlist calls `fill` in its `onModuleInit` (as with StripeEventHandlers). */
@Injectable()
export class SeatOffers {
  private source: SeatOfferSource | null = null;

  fill(source: SeatOfferSource): void {
    this.source = source;
  }

  get available(): boolean {
    return this.source !== null;
  }

  /** The offer a registration names (`waitlistOfferToken`), locked; null without a token. */
  async claim(manager: EntityManager, organizationId: string, classId: string, email: string, token?: string) {
    if (!token) return null;
    if (!this.source) throw new NotFoundException('Waitlist offers are not available');
    return this.source.claimOffer(manager, organizationId, classId, token, email);
  }

  async accepted(manager: EntityManager, entryId: string, enrollmentId: string): Promise<void> {
    await this.source!.offerAccepted(manager, entryId, enrollmentId);
  }

  async returned(manager: EntityManager, entryId: string, enrollmentId: string): Promise<void> {
    await this.source!.offerReturned(manager, entryId, enrollmentId);
  }
}
