import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
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
import { classFacts, orgValues, personValues } from './message-format';
import { toE164Phone } from './phone';
import {
  BUILT_IN,
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
  values: TemplateValues;
  org: OrganizationLook;
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
    input: Pick<RegistrationMessageInput, 'organizationId' | 'studentId' | 'firstName' | 'lastName' | 'email' | 'phone'>,
    kind: TemplatedKind,
    dedupeKey: string,
    values: TemplateValues,
    org: OrganizationLook,
    own: TemplateRow | null,
    attachments: { filename: string; type: string; content: string }[] = [],
    channel: Channel = 'email',
    scheduledAt?: Date,
    rich: Partial<Record<TemplateVariable, HtmlValue>> = {},
    appendix = '',
    /** Links added after the appendix whatever the template (a receipt's PDF): '<intro>: <url>', a link in the HTML part. */
    trailing: { intro: string; link: HtmlValue }[] = [],
  ): NewCommunication | null {
    const subjectT = own ? (own.subjectTemplate ?? '') : BUILT_IN[kind][channel].subject;
    const messageT = own ? own.messageTemplate : BUILT_IN[kind][channel].message;
    const richNames = Object.keys(rich) as TemplateVariable[];
    // Every confirmation, reminder and receipt email ends with the way to the student portal, whatever the template.
    const manage = channel === 'email' && MANAGE_LINK_KINDS.includes(kind) ? this.manageLink(input.organizationId, input.email) : null;
    const manageText = (link: string) => (manage ? `\n\nManage your registration: ${link}` : '');
    const trailingText = (html: boolean) =>
      trailing.map((t, i) => `\n\n${t.intro}: ${html ? htmlMarker(`trailing${i}`) : t.link.text}`).join('');
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
  private manageLink(organizationId: string, email: string): HtmlValue {
    const url = `${this.publicUrl}/my?organizationId=${organizationId}&email=${encodeURIComponent(email)}`;
    return linkValue(url, 'Manage your registration');
  }

  /** What a class message says about the class (sessions from ClassesService, never recomputed here). */
  async classValues(manager: EntityManager, input: Omit<RegistrationMessageInput, 'enrollmentId'>): Promise<ClassValues> {
    const given = input.read?.cls.id === input.classId && input.read.org.id === input.organizationId ? input.read : null;
    const cls = mapClass(given?.cls ?? (await this.classes.require(input.classId, input.organizationId, manager)));
    // In the caller's transaction: a second pool connection per registration could exhaust the pool under load.
    const org = given ? lookOf(given.org) : await this.look(input.organizationId, manager);
    const values: TemplateValues = { ...personValues(input), ...classFacts(cls), ...orgValues(org) };
    return { cls: { ...cls, sessions: cls.sessions.map((d) => new Date(d)) }, values, org };
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
    primaryColor: b.primaryColor,
    footerBackgroundColor: b.footerBackgroundColor,
    footerTextColor: b.footerTextColor,
    email: c.email,
    phone: c.phone,
    address: c.address,
  };
}
