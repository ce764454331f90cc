import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { inLanguage, type Language, type Localized } from '../../common/i18n/languages';
import type { AllConfigType } from '../../config/config.type';
import { mapClass } from '../classes/class.entity';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import {
  type Channel,
  type MessageKind,
  type NewCommunication,
  type RegistrationMessageInput,
  type TemplatedKind,
  TRANSACTIONAL_KINDS,
} from './communication.types';
import type { TemplateRow } from './communications.repository';
import { classFacts, colonOf, orgValues, personValues } from './message-format';
import { toE164Phone } from './phone';
import { BUILT_IN_BY_LANGUAGE } from './i18n/built-in-messages';
import { MESSAGE_WORDS } from './i18n/message-words';
import { RecipientDirectoryPort } from './recipient-directory';
import {
  htmlEmail,
  htmlMarker,
  type HtmlValue,
  linkValue,
  type OrganizationLook,
  render,
  type TemplateVariable,
  type TemplateValues,
} from './templates';
import { unsubscribeUrl } from './unsubscribe';

/** The messages that carry 'Manage your registration' (the student portal's page, decision 18). */
const MANAGE_LINK_KINDS: MessageKind[] = ['confirmation', 'reminder', 'receipt'];

/** The class and organization as a class message reads them (classValues). */
export interface ClassValues {
  cls: ReturnType<typeof mapClass> & { sessions: Date[] };
  /** What the message says of the person, the class and the organization, dates written as the language writes them. */
  values: (language: Language) => TemplateValues;
  org: OrganizationLook;
  /** The recipient's own language (null: not known, the organization's default applies). */
  language: Language | null;
}

/** Who a message goes to, with their language when the caller knows it (undefined: read it; null: not known). */
export type MessageRecipient = Pick<
  RegistrationMessageInput,
  'organizationId' | 'studentId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'language'
>;

/**
 * The language a message is written in (issue 42 §2): the recipient's, else the organization's default. An
 * organization's own template is written in its default language and is sent as the organization wrote it (templates
 * have no translations yet): the whole message is then in that language, the product's added words and dates
 * included, never a mix of two languages in one message.
 */
export function messageLanguage(recipient: Language | null | undefined, org: OrganizationLook, own: TemplateRow | null): Language {
  const orgDefault = org.language ?? 'en';
  return own ? orgDefault : (recipient ?? orgDefault);
}

/**
 * How a message is written: the organization's look, what a class message says about the class, and the outbox row
 * of an automatic message from a template (the organization's own or the built-in one), with its HTML part, its
 * unsubscribe link and the way to the student portal. Which messages go, and when, is the callers' business.
 */
@Injectable()
export class MessageComposer {
  readonly publicUrl: string;
  private readonly secret: string;

  constructor(
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly recipients: RecipientDirectoryPort,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
    this.secret = config.getOrThrow('auth', { infer: true }).jwtSecret;
  }

  /** The signed one-click unsubscribe link of a student's non-transactional emails. */
  unsubscribeUrl(organizationId: string, studentId: string): string {
    return unsubscribeUrl(this.publicUrl, this.secret, organizationId, studentId);
  }

  /** The outbox row of an automatic message, the organization's own template already read (null: the built-in one). */
  automaticRow(
    input: MessageRecipient,
    kind: TemplatedKind,
    dedupeKey: string,
    localizedValues: Localized<TemplateValues>,
    org: OrganizationLook,
    own: TemplateRow | null,
    attachments: { filename: string; type: string; content: string }[] = [],
    channel: Channel = 'email',
    scheduledAt?: Date,
    localizedRich: Localized<Partial<Record<TemplateVariable, HtmlValue>>> = {},
    localizedAppendix: Localized<string> = '',
    /** Links added after the appendix whatever the template (a receipt's PDF): '<intro>: <url>', a link in the HTML part. */
    localizedTrailing: Localized<{ intro: string; link: HtmlValue }[]> = [],
  ): NewCommunication | null {
    const language = messageLanguage(input.language, org, own);
    const values = inLanguage(localizedValues, language);
    const rich = inLanguage(localizedRich, language);
    const appendix = inLanguage(localizedAppendix, language);
    const trailing = inLanguage(localizedTrailing, language);
    const builtIn = BUILT_IN_BY_LANGUAGE[language][kind][channel];
    const subjectT = own ? (own.subjectTemplate ?? '') : builtIn.subject;
    const messageT = own ? own.messageTemplate : builtIn.message;
    const richNames = Object.keys(rich) as TemplateVariable[];
    // Every confirmation, reminder and receipt email ends with the way to the student portal, whatever the template.
    const words = MESSAGE_WORDS[language];
    const manage =
      channel === 'email' && MANAGE_LINK_KINDS.includes(kind) ? this.manageLink(input.organizationId, input.email, language) : null;
    const manageText = (link: string) => (manage ? `\n\n${words.manageRegistration}${colonOf(language)} ${link}` : '');
    const trailingText = (html: boolean) =>
      trailing.map((t, i) => `\n\n${t.intro}${colonOf(language)} ${html ? htmlMarker(`trailing${i}`) : t.link.text}`).join('');
    const message =
      render(messageT, { ...values, ...Object.fromEntries(richNames.map((k) => [k, rich[k]!.text])) }) +
      appendix +
      trailingText(false) +
      manageText(manage?.text ?? '');
    const to = channel === 'email' ? input.email : toE164Phone(input.phone);
    if (!to) return null;
    const transactional = TRANSACTIONAL_KINDS.includes(kind);
    return {
      organizationId: input.organizationId,
      recipientType: 'student',
      recipientId: input.studentId,
      recipient: { firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone },
      channel,
      toAddress: to,
      subject: channel === 'email' ? render(subjectT, values) : null,
      message,
      html:
        channel === 'email'
          ? htmlEmail(
              (richNames.length
                ? render(messageT, { ...values, ...Object.fromEntries(richNames.map((k) => [k, htmlMarker(k)])) }) + appendix
                : render(messageT, values) + appendix) +
                trailingText(true) +
                manageText(htmlMarker('manageLink')),
              org,
              transactional ? undefined : this.unsubscribeUrl(input.organizationId, input.studentId),
              {
                ...Object.fromEntries(richNames.map((k) => [k, rich[k]!.html])),
                ...(manage ? { manageLink: manage.html } : {}),
                ...Object.fromEntries(trailing.map((t, i) => [`trailing${i}`, t.link.html])),
              },
              language,
            )
          : null,
      attachments,
      templateId: own?.id ?? null,
      kind,
      dedupeKey,
      scheduledAt,
    };
  }

  /** The organization's portal page with the email filled in: the student asks there for a sign-in link. */
  private manageLink(organizationId: string, email: string, language: Language): HtmlValue {
    // The portal opens in the message's language (the public site reads ?lang= on a first visit).
    const lang = language === 'en' ? '' : `&lang=${language}`;
    const url = `${this.publicUrl}/my?organizationId=${organizationId}&email=${encodeURIComponent(email)}${lang}`;
    return linkValue(url, MESSAGE_WORDS[language].manageRegistration);
  }

  /** The recipient's language: the caller's when given (a registration knows it), else the student's as stored. */
  async recipientLanguage(manager: EntityManager, input: Pick<MessageRecipient, 'studentId' | 'language'>): Promise<Language | null> {
    if (input.language !== undefined) return input.language;
    return (await this.recipients.languages([input.studentId], manager)).get(input.studentId) ?? null;
  }

  /** What a class message says about the class (sessions from ClassesService, never recomputed here). */
  async classValues(manager: EntityManager, input: Omit<RegistrationMessageInput, 'enrollmentId'>): Promise<ClassValues> {
    const given = input.read?.cls.id === input.classId && input.read.org.id === input.organizationId ? input.read : null;
    const cls = mapClass(given?.cls ?? (await this.classes.require(input.classId, input.organizationId, manager)));
    // In the caller's transaction: a second pool connection per registration could exhaust the pool under load.
    const org = given ? lookOf(given.org) : await this.look(input.organizationId, manager);
    const values = (language: Language): TemplateValues => ({ ...personValues(input), ...classFacts(cls, language), ...orgValues(org) });
    const language = await this.recipientLanguage(manager, input);
    return { cls: { ...cls, sessions: cls.sessions.map((d) => new Date(d)) }, values, org, language };
  }

  async look(organizationId: string, manager?: EntityManager): Promise<OrganizationLook> {
    return lookOf(await this.orgs.require(organizationId, manager));
  }
}

/** What a message shows of the organization (its name as branded, colours and contact). */
function lookOf(org: OrganizationEntity): OrganizationLook {
  const b = (org.branding ?? {}) as unknown as Record<string, string>;
  const c = (org.contactInfo ?? {}) as unknown as Record<string, string>;
  return {
    name: b.businessName || org.name,
    language: org.settings?.defaultLanguage ?? 'en',
    primaryColor: b.primaryColor,
    footerBackgroundColor: b.footerBackgroundColor,
    footerTextColor: b.footerTextColor,
    email: c.email,
    phone: c.phone,
    address: c.address,
  };
}
