import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ConfigCopies, organizationIdOf, type OrganizationRef } from '../../common/cache/config-copies';
import type { Statement } from '../../common/db/together';
import { ReceiptLinks } from '../../common/links/receipt-links';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { AdminEmails } from './admin-emails';
import { WrittenMessages } from './written-messages';
import { classCalendar } from './calendar';
import {
  type Channel,
  type NewCommunication,
  type PaymentMessageInput,
  type RatingMessageInput,
  type RefundMessageInput,
  type RegistrationMessageInput,
  type TemplatedKind,
  type WrittenEmail,
} from './communication.types';
import { CommunicationsRepository, type TemplateRow } from './communications.repository';
import { type ClassValues, MessageComposer, messageLanguage, type MessageRecipient } from './message-composer';
import { langQuery, type Language, type Localized } from '../../common/i18n/languages';
import { MESSAGE_WORDS } from './i18n/message-words';
import { dollars, householdList, priceList } from './message-format';
import { type HtmlValue, linkValue, type OrganizationLook, ratingLinks, type TemplateVariable, type TemplateValues } from './templates';

/** Rows of the communications log read per page for the data export. */
const EXPORT_PAGE = 1000;

/**
 * The messages the product sends by itself, queued by other modules inside their own transaction (every message is
 * an outbox row first; the dispatcher sends it), and what other modules ask of the communications log (counts,
 * export, erasure). How a message is written is MessageComposer's; the emails to an organization's admins are
 * AdminEmails'; the Communication Center is its own service.
 */
@Injectable()
export class CommunicationsService {
  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly composer: MessageComposer,
    private readonly admins: AdminEmails,
    private readonly written: WrittenMessages,
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly receiptLinks: ReceiptLinks,
  ) {}

  /** IT-admin overview: communications per organization. */
  countByOrganization(organizationIds: string[]) {
    return this.repo.countByOrganization(organizationIds);
  }

  /** IT-admin bulk delete and organization delete: pending (scheduled or queued) messages; answers how many. */
  deletePendingOfOrganization(organizationId: string, manager?: EntityManager) {
    return this.repo.deletePendingOfOrganization(organizationId, manager);
  }

  // --- Messages the product sends by itself (call these inside your own transaction) ---

  /**
   * The registration confirmation email with an .ics of every session, queued in the registering transaction
   * (dedupe key per enrollment: a retried registration never queues two).
   */
  async queueRegistrationConfirmation(manager: EntityManager, input: RegistrationMessageInput): Promise<void> {
    await this.repo.insertRows([await this.registrationConfirmationRow(manager, input)], manager);
  }

  /**
   * The confirmation's outbox insert, for the registering repository to send with the enrollment's insert in one
   * round trip (`together`): it commits with the registration or not at all, exactly as queueRegistrationConfirmation.
   */
  async registrationConfirmationStatement(manager: EntityManager, input: RegistrationMessageInput): Promise<Statement> {
    return this.repo.insertRowsStatement([await this.registrationConfirmationRow(manager, input)]);
  }

  private async registrationConfirmationRow(manager: EntityManager, input: RegistrationMessageInput): Promise<NewCommunication> {
    const read = await this.classValues(manager, input);
    // The organization row the registering request read, when it is this organization's: its config_version dates
    // the template copy.
    const org = input.read?.org.id === input.organizationId ? input.read.org : input.organizationId;
    const own = await this.ownTemplate(manager, org, 'confirmation', 'email');
    return this.confirmationRow(input, read, own);
  }

  /**
   * The organization's own active template of a kind (null: the built-in one). Given the organization's row as this
   * request read it, from a copy kept under its config_version (ConfigCopies): every template write bumps that number
   * in its own transaction (a database trigger), so a change made on any instance is used by the very next message.
   * In an opening rush this saves a read per registration.
   */
  private ownTemplate(manager: EntityManager, org: OrganizationRef, kind: string, type: string): Promise<TemplateRow | null> {
    return this.ownTemplates.get(org, `${kind}:${type}`, () => this.repo.activeTemplateFor(organizationIdOf(org), kind, type, manager));
  }
  private readonly ownTemplates = new ConfigCopies<TemplateRow | null>(5000);

  /** The card payment's receipt (one per payment reference). */
  async queuePaymentReceipt(manager: EntityManager, input: PaymentMessageInput): Promise<void> {
    const read = await this.classValues(manager, input);
    const own = await this.repo.activeTemplateFor(input.organizationId, 'receipt', 'email', manager);
    await this.repo.insertRows([this.receiptRow(input, read, own)], manager);
  }

  /**
   * A completed card payment's messages from one read of the class, the organization and their templates, queued
   * in one insert: the confirmation (unless `confirmation` is false: a student who switched to paying in person had
   * it then) and the receipt. The same rows and dedupe keys as queueRegistrationConfirmation + queuePaymentReceipt.
   */
  async queueCardPaymentMessages(manager: EntityManager, input: PaymentMessageInput, opts: { confirmation: boolean }): Promise<void> {
    const read = await this.classValues(manager, input);
    const kinds = opts.confirmation ? (['confirmation', 'receipt'] as const) : (['receipt'] as const);
    const own = await this.repo.activeTemplatesFor(input.organizationId, kinds, 'email', manager);
    const receipt = this.receiptRow(input, read, own.get('receipt') ?? null);
    await this.repo.insertRows(
      opts.confirmation ? [this.confirmationRow(input, read, own.get('confirmation') ?? null), receipt] : [receipt],
      manager,
    );
  }

  private confirmationRow(input: RegistrationMessageInput, read: ClassValues, own: TemplateRow | null): NewCommunication {
    const { cls, values, org, language } = read;
    // The attached file in the message's own language, its class link opening the page in it (issue 42 §2).
    const l = messageLanguage(language, org, own);
    const url = `${this.composer.publicUrl}/class/${cls.id}?organizationId=${input.organizationId}${langQuery(l, '&')}`;
    const ics = classCalendar(cls, org.name, url, l);
    const calendar = [{ filename: 'class-sessions.ics', type: 'text/calendar', content: Buffer.from(ics).toString('base64') }];
    const dedupeKey = `confirmation:${input.enrollmentId}:email`;
    return this.composer.automaticRow(
      { ...input, language },
      'confirmation',
      dedupeKey,
      values,
      org,
      own,
      calendar,
      'email',
      undefined,
      {},
      (l) => householdList(input.attendees, l) + priceList(input.priceLines, l),
    )!;
  }

  private receiptRow(input: PaymentMessageInput, read: ClassValues, own: TemplateRow | null): NewCommunication {
    const values = (l: Language) => ({ ...read.values(l), amount: dollars(input.amountCents, l) });
    return this.composer.automaticRow(
      { ...input, language: read.language },
      'receipt',
      `receipt:${input.paymentReference}:email`,
      values,
      read.org,
      own,
      [],
      'email',
      undefined,
      {},
      (l) => priceList(input.priceLines, l),
      // Issue 43 §3: the payment's numbered receipt, opened from the email (it is numbered when the payment commits).
      (l) => [
        {
          intro: MESSAGE_WORDS[l].receiptPdf,
          link: linkValue(
            this.receiptLinks.url(input.organizationId, input.enrollmentId, input.paymentReference),
            MESSAGE_WORDS[l].downloadReceipt,
          ),
        },
      ],
    )!;
  }

  /** The refund notice (one per refund reference). */
  async queueRefundNotice(manager: EntityManager, input: RefundMessageInput): Promise<void> {
    const { values, org, language } = await this.classValues(manager, input);
    await this.queueAutomatic(
      manager,
      { ...input, language },
      'refund',
      `refund:${input.refundReference}:email`,
      (l) => ({ ...values(l), refundAmount: dollars(input.refundCents, l) }),
      org,
    );
  }

  /**
   * The satisfaction request after a class's last session: 'How was {className}?' with the five signed
   * one-click links (`links[0]` rates 1), one per student and class whatever the job retries. Not transactional:
   * it carries List-Unsubscribe, waits for the opt-in and counts toward the monthly cap. False when not queued.
   */
  async queueRatingRequest(manager: EntityManager, input: RatingMessageInput, links: string[]): Promise<boolean> {
    const { values, org, language } = await this.classValues(manager, input);
    return this.queueAutomatic(
      manager,
      { ...input, language },
      'rating',
      `rating:${input.classId}:${input.studentId}:email`,
      values,
      org,
      [],
      'email',
      undefined,
      (l) => ({ ratingLinks: ratingLinks(links, l) }),
    );
  }

  /**
   * The go/no-go message to one student of a class: 'Your class is on' (class_confirmed) or the
   * cancellation (class_cancelled). One per student, class and kind whatever the job retries. False when not queued.
   */
  async queueClassDecision(
    manager: EntityManager,
    input: Omit<RegistrationMessageInput, 'enrollmentId'>,
    kind: 'class_confirmed' | 'class_cancelled',
  ): Promise<boolean> {
    const { values, org, language } = await this.classValues(manager, input);
    return this.queueAutomatic(manager, { ...input, language }, kind, `${kind}:${input.classId}:${input.studentId}:email`, values, org);
  }

  /** Tells the organization's admins that a class is below its minimum at its go/no-go time (AdminEmails). */
  queueBelowMinimumNotice(
    manager: EntityManager,
    c: { organizationId: string; classId: string; enrolled: number; minEnrollment: number; outcome: string },
  ): Promise<number> {
    return this.admins.queueBelowMinimumNotice(manager, c);
  }

  /**
   * A message the product writes in full itself (the student portal's sign-in link): kind 'system', always sent (the
   * student asked for it), never an organization template. `link` is shown as a link in the HTML part. False when a
   * message with this dedupe key was already queued.
   */
  queueSystemEmail(manager: EntityManager, m: WrittenEmail): Promise<boolean> {
    return this.written.queueEmail(manager, 'system', m);
  }

  /**
   * A term's early-access invitation, written in full by the caller. Nobody asked for it (it sells the term), so it is
   * not transactional: the dispatcher sends it only while the student's opt-in holds (read again when it goes, so an
   * unsubscribe after queueing still stops it), adds the one-click List-Unsubscribe headers as to every
   * non-transactional email, and counts it toward the monthly cap; its footer has the unsubscribe link. False when a
   * message with this dedupe key was already queued.
   */
  queueEarlyAccessEmail(manager: EntityManager, m: WrittenEmail): Promise<boolean> {
    return this.written.queueEmail(manager, 'early_access', m);
  }

  /** An email to each of the organization's admins (users with the admin role); answers how many were queued. */
  queueAdminEmail(
    manager: EntityManager,
    organizationId: string,
    m: { subject: string; message: string; dedupeKey: string },
  ): Promise<number> {
    return this.admins.queueAdminEmail(manager, organizationId, m);
  }

  /**
   * The same email to the class's teachers: the teacher users named as its instructor, as a teacher's calendar feed
   * finds their classes (a cancelled session). Answers how many were queued.
   */
  queueTeacherEmail(
    manager: EntityManager,
    organizationId: string,
    instructor: string,
    m: { subject: string; message: string; dedupeKey: string },
  ): Promise<number> {
    const name = instructor.trim().toLowerCase();
    const teaches = (u: { role: string; firstName: string; lastName: string }) =>
      u.role === 'teacher' && `${u.firstName} ${u.lastName}`.toLowerCase() === name;
    return this.admins.queueAdminEmail(manager, organizationId, m, teaches);
  }

  /**
   * A text message the product writes in full (a cancelled session), kind 'system'. The dispatcher still applies the
   * SMS rules (STOP list, the student's opt-in). False when the student has no usable phone or the key was queued.
   */
  queueSystemSms(
    manager: EntityManager,
    m: Pick<WrittenEmail, 'organizationId' | 'studentId' | 'recipient' | 'dedupeKey' | 'message' | 'language'>,
  ): Promise<boolean> {
    return this.written.queueSms(manager, m);
  }

  /**
   * The organization's communications log for its data export, oldest key first, read 1,000 rows at a
   * time: bounded memory at any size. Without bodies, HTML and attachments.
   */
  async *exportLog(organizationId: string): AsyncGenerator<Record<string, unknown>> {
    let after: string | null = null;
    for (;;) {
      const page = await this.repo.exportPage(organizationId, after, EXPORT_PAGE);
      for (const r of page) yield r;
      if (page.length < EXPORT_PAGE) return;
      after = page[page.length - 1].id as string;
    }
  }

  /** Every message to one student (any kind: confirmations, receipts, reminders, ratings, manual), for their own export. */
  messagesOfStudent(organizationId: string, studentId: string): Promise<Record<string, unknown>[]> {
    return this.repo.ofStudent(organizationId, studentId);
  }

  /** A student's erasure: the messages to them go (their address and name are in each row). */
  eraseStudentMessages(manager: EntityManager, organizationId: string, studentId: string): Promise<number> {
    return this.repo.deleteOfStudent(manager, organizationId, studentId);
  }

  /** The class calendar (public): one event per session. */
  async calendarFile(classId: string): Promise<string> {
    const cls = await this.classes.publicGet(classId);
    const org = await this.orgs.publicOrganization(cls.organizationId);
    return classCalendar(
      { ...cls, sessions: cls.sessions.map((d) => new Date(d)) },
      org.branding?.businessName || org.name,
      `${this.composer.publicUrl}/class/${cls.id}?organizationId=${cls.organizationId}`,
    );
  }

  /** Used by the reminders job, which has the values at hand. */
  async queueAutomatic(
    manager: EntityManager,
    /** The recipient, with their language when the caller read it (else it is read here). */
    input: MessageRecipient,
    kind: TemplatedKind,
    dedupeKey: string,
    /** A function of the message's language when the values hold dates or money (issue 42: written as it writes them). */
    values: Localized<TemplateValues>,
    org: OrganizationLook,
    attachments: { filename: string; type: string; content: string }[] = [],
    channel: Channel = 'email',
    scheduledAt?: Date,
    /** Values whose HTML is not their escaped text (links); their text form goes into the text part. */
    rich: Localized<Partial<Record<TemplateVariable, HtmlValue>>> = {},
    /** Text added after the template's (a household's list of people), whatever template the organization uses. */
    appendix: Localized<string> = '',
  ): Promise<boolean> {
    const own = await this.repo.activeTemplateFor(input.organizationId, kind, channel, manager);
    const language = await this.composer.recipientLanguage(manager, input);
    const row = this.composer.automaticRow(
      { ...input, language },
      kind,
      dedupeKey,
      values,
      org,
      own,
      attachments,
      channel,
      scheduledAt,
      rich,
      appendix,
    );
    return row !== null && (await this.repo.insert(row, manager)) !== null;
  }
  /** What a class message says about the class (sessions from ClassesService, never recomputed here). */
  classValues(manager: EntityManager, input: Omit<RegistrationMessageInput, 'enrollmentId'>): Promise<ClassValues> {
    return this.composer.classValues(manager, input);
  }

  /** The organization's name, colours and contact details as its messages show them. */
  look(organizationId: string, manager?: EntityManager): Promise<OrganizationLook> {
    return this.composer.look(organizationId, manager);
  }
}
