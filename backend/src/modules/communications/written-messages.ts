import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { inLanguage } from '../../common/i18n/languages';
import { TRANSACTIONAL_KINDS, type WrittenEmail } from './communication.types';
import { CommunicationsRepository } from './communications.repository';
import { MessageComposer } from './message-composer';
import { snapshot } from './message-format';
import { toE164Phone } from './phone';
import { htmlEmail, htmlMarker, linkValue } from './templates';

/**
 * The messages their senders write in full (the portal's sign-in link, a cancelled session, an early-access
 * invitation), queued as outbox rows. A sender that writes each language gives functions of the language: the message
 * is then written in the recipient's language, else the organization's default (issue 42 §2).
 */
@Injectable()
export class WrittenMessages {
  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly composer: MessageComposer,
  ) {}

  async queueEmail(manager: EntityManager, kind: 'system' | 'early_access', m: WrittenEmail): Promise<boolean> {
    const org = await this.composer.look(m.organizationId, manager);
    const language = (await this.composer.recipientLanguage(manager, m)) ?? org.language ?? 'en';
    const message = inLanguage(m.message, language);
    const links = [...(m.link ? [{ name: 'link', ...m.link }] : []), ...(m.links ?? [])].map((l) => ({
      name: l.name,
      value: linkValue(inLanguage(l.url, language), inLanguage(l.label, language)),
    }));
    const written = (mark: (l: (typeof links)[number]) => string) =>
      links.reduce((text, l) => text.split(`{{${l.name}}}`).join(mark(l)), message.split('{{link}}').join(m.link ? '{{link}}' : ''));
    const unsubscribe = TRANSACTIONAL_KINDS.includes(kind) ? undefined : this.composer.unsubscribeUrl(m.organizationId, m.studentId);
    const rich = Object.fromEntries(links.map((l) => [l.name, l.value.html]));
    const html = htmlEmail(
      written((l) => htmlMarker(l.name)),
      org,
      unsubscribe,
      rich,
      language,
    );
    const row = await this.repo.insert(
      {
        organizationId: m.organizationId,
        recipientType: 'student',
        recipientId: m.studentId,
        recipient: snapshot(m.recipient),
        channel: 'email',
        toAddress: m.recipient.email,
        subject: inLanguage(m.subject, language),
        message: written((l) => l.value.text),
        html,
        templateId: null,
        kind,
        dedupeKey: m.dedupeKey,
      },
      manager,
    );
    return row !== null;
  }

  async queueSms(
    manager: EntityManager,
    m: Pick<WrittenEmail, 'organizationId' | 'studentId' | 'recipient' | 'dedupeKey' | 'message' | 'language'>,
  ): Promise<boolean> {
    const phone = toE164Phone(m.recipient.phone);
    if (!phone) return false;
    const language =
      (await this.composer.recipientLanguage(manager, m)) ?? (await this.composer.look(m.organizationId, manager)).language ?? 'en';
    const row = await this.repo.insert(
      {
        organizationId: m.organizationId,
        recipientType: 'student',
        recipientId: m.studentId,
        recipient: snapshot(m.recipient),
        channel: 'sms',
        toAddress: phone,
        subject: null,
        message: inLanguage(m.message, language),
        templateId: null,
        kind: 'system',
        dedupeKey: m.dedupeKey,
      },
      manager,
    );
    return row !== null;
  }
}
