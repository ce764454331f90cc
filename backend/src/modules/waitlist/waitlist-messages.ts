import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsService } from '../communications/communications.service';
import { linkValue } from '../communications/templates';
import type { WaitlistEntry } from './waitlist.repository';
import { WaitlistTokens } from './waitlist-tokens';

/**
 * What the waitlist tells people, queued in the caller's transaction: the place on the list when they join, and each
 * seat offer (email, and a text when they opted in). Kept apart from the seat rules so wording and links change here.
 */
@Injectable()
export class WaitlistMessages {
  private readonly publicUrl: string;

  constructor(
    private readonly communications: CommunicationsService,
    private readonly tokens: WaitlistTokens,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /** The place on the list and the leave link, queued with the entry (one per entry). */
  async queueJoined(m: EntityManager, entry: WaitlistEntry): Promise<void> {
    const person = this.person(entry);
    const { values, org } = await this.communications.classValues(m, person);
    await this.communications.queueAutomatic(
      m,
      person,
      'waitlist_joined',
      `waitlist-joined:${entry.id}:email`,
      { ...values, waitlistPosition: String(entry.position) },
      org,
      [],
      'email',
      undefined,
      { leaveLink: this.leaveLink(entry) },
    );
  }

  /**
   * The offer's email (and text): the link to register into the held seat and its expiry in the organization's time
   * zone. One message per offer whatever retries: the dedupe key names the entry and the offer's number.
   */
  async queueOffer(
    m: EntityManager,
    entry: WaitlistEntry,
    offer: { number: number; token: string; expiresAt: Date | string; timeZone: string | undefined },
  ): Promise<void> {
    const person = this.person(entry);
    const { values, org } = await this.communications.classValues(m, person);
    const expiry = new Date(offer.expiresAt).toLocaleString('en-US', {
      timeZone: offer.timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    const offerUrl = `${this.publicUrl}/waitlist/offer/${offer.token}`;
    const rich = { offerLink: linkValue(offerUrl, 'Register into your seat'), leaveLink: this.leaveLink(entry) };
    const all = { ...values, offerExpiresAt: expiry };
    const key = `waitlist-offer:${entry.id}:${offer.number}`;
    await this.communications.queueAutomatic(m, person, 'waitlist_offer', `${key}:email`, all, org, [], 'email', undefined, rich);
    if (entry.communicationOptIn && entry.phone)
      await this.communications.queueAutomatic(m, person, 'waitlist_offer', `${key}:sms`, all, org, [], 'sms', undefined, {
        offerLink: { text: offerUrl, html: offerUrl },
      });
  }

  private leaveLink(entry: WaitlistEntry) {
    return linkValue(`${this.publicUrl}/waitlist/leave/${this.tokens.issue('leave', entry.id)}`, 'Leave the waitlist');
  }

  /** Who a waitlist message goes to. The outbox's recipient id is the entry's: a waiting person has no student record. */
  private person(entry: WaitlistEntry) {
    return {
      organizationId: entry.organizationId,
      classId: entry.classId,
      studentId: entry.id,
      firstName: entry.firstName,
      lastName: entry.lastName,
      email: entry.email,
      phone: entry.phone,
    };
  }
}
