import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { CommunicationsService } from '../communications/communications.service';
import { linkValue } from '../communications/templates';
import { INTL_LOCALE, type Language } from '../../common/i18n/languages';
import type { WaitlistEntry } from './waitlist.repository';

/** The labels of the waitlist's links in each language (the link's address is the text part's). */
const WAITLIST_WORDS: Record<Language, { register: string; leave: string }> = {
  en: { register: 'Register into your seat', leave: 'Leave the waitlist' },
  es: { register: 'Inscribirse en su lugar', leave: 'Salir de la lista de espera' },
  fr: { register: 'M’inscrire à ma place', leave: 'Quitter la liste d’attente' },
};
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
      (language) => ({ ...values(language), waitlistPosition: String(entry.position) }),
      org,
      [],
      'email',
      undefined,
      (language) => ({ leaveLink: this.leaveLink(entry, language) }),
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
    const expiry = (language: Language) =>
      new Date(offer.expiresAt).toLocaleString(INTL_LOCALE[language], {
        timeZone: offer.timeZone,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZoneName: 'short',
      });
    const offerUrl = `${this.publicUrl}/waitlist/offer/${offer.token}`;
    const rich = (language: Language) => ({
      offerLink: linkValue(offerUrl, WAITLIST_WORDS[language].register),
      leaveLink: this.leaveLink(entry, language),
    });
    const all = (language: Language) => ({ ...values(language), offerExpiresAt: expiry(language) });
    const key = `waitlist-offer:${entry.id}:${offer.number}`;
    await this.communications.queueAutomatic(m, person, 'waitlist_offer', `${key}:email`, all, org, [], 'email', undefined, rich);
    if (entry.communicationOptIn && entry.phone)
      await this.communications.queueAutomatic(m, person, 'waitlist_offer', `${key}:sms`, all, org, [], 'sms', undefined, {
        offerLink: { text: offerUrl, html: offerUrl },
      });
  }

  private leaveLink(entry: WaitlistEntry, language: Language) {
    return linkValue(`${this.publicUrl}/waitlist/leave/${this.tokens.issue('leave', entry.id)}`, WAITLIST_WORDS[language].leave);
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
      // The language of the page they joined on (a waiting person has no student record to read it from).
      language: entry.language ?? null,
    };
  }
}
