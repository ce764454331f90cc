import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import type { AllConfigType } from '../../config/config.type';
import { AuthService } from '../auth/auth.service';
import { mapClass, type ClassEntity } from '../classes/class.entity';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { ClassesService } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { classCalendar } from './calendar';
import {
  type Channel,
  type CommunicationRow,
  type MessageKind,
  type NewCommunication,
  type RecipientSnapshot,
  type RecipientType,
  TRANSACTIONAL_KINDS,
} from './communication.types';
import { CommunicationsJobs } from './communications.jobs';
import { CommunicationsRepository, type TemplateRow } from './communications.repository';
import { RecipientDirectoryPort } from './recipient-directory';
import type { ScheduleCommunicationDto, SendCommunicationDto, TemplateDto } from './dto/communication.dto';
import {
  BUILT_IN,
  htmlEmail,
  htmlMarker,
  type HtmlValue,
  linkValue,
  type OrganizationLook,
  ratingLinks,
  render,
  TEMPLATE_VARIABLES,
  type TemplateVariable,
  type TemplateValues,
  unknownVariables,
  variablesOf,
} from './templates';
import { unsubscribeUrl } from './unsubscribe';
import { toE164Phone } from './phone';

// One formatter each, made once: toLocale*String and a new NumberFormat build the locale data on every call
// (about 0.5 ms of a card payment's messages). Same output, the server's time zone as before.
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const LONG_DATE = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
const TIME_12 = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dollars = (cents: number) => DOLLARS.format(cents / 100);
const longDate = (d: Date) => LONG_DATE.format(d);
const time12 = (d: Date) => TIME_12.format(d);

/** The messages that carry 'Manage your registration' (the student portal's page, decision 18). */
const MANAGE_LINK_KINDS: MessageKind[] = ['confirmation', 'reminder', 'receipt'];

/** The people of a registration, as the registering code has them (nothing is read back from the students table). */
export interface RegistrationMessageInput {
  organizationId: string;
  enrollmentId: string;
  classId: string;
  studentId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  /** A household registration: everyone registered, listed in the one confirmation to the contact. */
  attendees?: { firstName: string; lastName: string }[];
  /** The price quote's lines kept on the enrollment (dollars, discounts negative): listed when something came off. */
  priceLines?: { label: string; amount: number }[] | null;
  /** The class and organization as the registering code read them in this transaction (not read again). */
  read?: { cls: ClassEntity; org: OrganizationEntity };
}

export interface PaymentMessageInput extends RegistrationMessageInput {
  /** A stable id of the payment (the PaymentIntent id): one receipt per payment. */
  paymentReference: string;
  amountCents: number;
}

export interface RefundMessageInput extends RegistrationMessageInput {
  /** The refund's own id (refunds.id or the Stripe refund id): one notice per refund. */
  refundReference: string;
  refundCents: number;
}

/** The 'How was {className}?' request to one student of a class that has just ended. */
export type RatingMessageInput = Omit<RegistrationMessageInput, 'enrollmentId'>;

/** The class and organization as a class message reads them (classValues). */
interface ClassValues {
  cls: ReturnType<typeof mapClass> & { sessions: Date[] };
  values: TemplateValues;
  org: OrganizationLook;
}

/** Rows of the communications log read per page for the data export. */
const EXPORT_PAGE = 1000;

export const mapCommunication = (r: CommunicationRow) => {
  const person = { ...r.recipient };
  return {
    id: r.id,
    recipient_type: r.recipientType,
    recipient_id: r.recipientId,
    communication_type: r.channel,
    to: r.toAddress,
    subject: r.subject,
    message: r.message,
    kind: r.kind,
    status: r.status,
    status_reason: r.statusReason,
    scheduled_at: r.scheduledAt,
    created_at: r.createdAt,
    sent_at: r.sentAt,
    attempts: r.attempts,
    max_attempts: r.maxAttempts,
    last_error: r.lastError,
    error_code: r.errorCode,
    provider_message_id: r.providerMessageId,
    template_id: r.templateId,
    students: r.recipientType === 'student' ? person : null,
    users: r.recipientType === 'user' ? person : null,
  };
};

export const mapTemplate = (t: TemplateRow) => ({
  id: t.id,
  name: t.name,
  type: t.type,
  kind: t.kind,
  subject_template: t.subjectTemplate,
  message_template: t.messageTemplate,
  variables: t.variables,
  is_active: t.isActive,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});

/**
 * Messages: the outbox (every message is a row first), the Communication Center's API, and the methods other
 * modules call inside their own transaction to queue the messages the product sends by itself.
 */
@Injectable()
export class CommunicationsService {
  private readonly publicUrl: string;
  private readonly secret: string;

  constructor(
    private readonly repo: CommunicationsRepository,
    private readonly jobs: CommunicationsJobs,
    private readonly students: RecipientDirectoryPort,
    private readonly auth: AuthService,
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
    this.secret = config.getOrThrow('auth', { infer: true }).jwtSecret;
  }

  // --- The Communication Center ---

  async recipients(organizationId: string) {
    const [students, users] = await Promise.all([this.students.contacts(organizationId), this.auth.listUsers(organizationId)]);
    return [
      ...students.map((s) => ({
        id: s.id,
        type: 'student',
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        phone: s.phone,
        communicationOptIn: s.communicationOptIn,
      })),
      ...users.map((u) => ({
        id: u.id,
        type: 'user',
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        phone: u.phone,
        communicationOptIn: true,
      })),
    ];
  }

  send(organizationId: string, userId: string | null, dto: SendCommunicationDto) {
    return this.queueManual(organizationId, userId, dto, null);
  }

  schedule(organizationId: string, userId: string | null, dto: ScheduleCommunicationDto) {
    return this.queueManual(organizationId, userId, dto, dto.scheduledAt);
  }

  private async queueManual(organizationId: string, userId: string | null, dto: SendCommunicationDto, scheduledAt: Date | null) {
    if (dto.communicationType === 'email' && !dto.subject)
      throw new AppException(400, 'Subject is required for email', { errors: { subject: 'Subject is required for email' } });
    if (dto.communicationType === 'sms' && dto.subject)
      throw new AppException(400, 'Subject is only for email', { errors: { subject: 'Subject is only for email' } });
    const recipientType: RecipientType = dto.recipientType ?? 'student';
    const person = await this.recipient(organizationId, recipientType, dto.recipientId);
    if (dto.templateId && !(await this.repo.findTemplate(dto.templateId, organizationId)))
      throw new NotFoundException('Template not found');
    const channel: Channel = dto.communicationType;
    const to = this.addressOf(person, channel);
    if (channel === 'sms' && !person.optIn)
      throw new AppException(400, 'This student has not opted in to text messages', {
        errors: { recipientId: 'This student has not opted in to text messages' },
      });
    const org = await this.look(organizationId);
    const values: TemplateValues = { ...this.personValues(person), ...orgValues(org) };
    const message = render(dto.message, values);
    const subject = channel === 'email' ? render(dto.subject ?? '', values) : null;
    const row = await this.repo.insert({
      organizationId,
      recipientType,
      recipientId: person.id,
      recipient: snapshot(person),
      channel,
      toAddress: to,
      subject,
      message,
      html:
        channel === 'email'
          ? htmlEmail(
              message,
              org,
              recipientType === 'student' ? unsubscribeUrl(this.publicUrl, this.secret, organizationId, person.id) : undefined,
            )
          : null,
      templateId: dto.templateId ?? null,
      kind: 'manual',
      scheduledAt: scheduledAt ?? undefined,
      createdBy: userId,
    });
    if (!scheduledAt) this.jobs.wake();
    return mapCommunication(row!);
  }

  async cancel(organizationId: string, id: string) {
    const cancelled = await this.repo.cancel(id, organizationId);
    if (cancelled) return mapCommunication(cancelled);
    const row = await this.repo.find(id, organizationId);
    if (!row) throw new NotFoundException('Scheduled communication not found');
    throw new ConflictException(
      row.status === 'sending'
        ? 'This communication is being sent and can no longer be cancelled'
        : `Only a pending communication can be cancelled (this one is ${row.status})`,
    );
  }

  /** IT-admin overview: communications per organization. */
  countByOrganization(organizationIds: string[]) {
    return this.repo.countByOrganization(organizationIds);
  }

  /** IT-admin bulk delete and organization delete: pending (scheduled or queued) messages; answers how many. */
  deletePendingOfOrganization(organizationId: string, manager?: EntityManager) {
    return this.repo.deletePendingOfOrganization(organizationId, manager);
  }

  async logs(organizationId: string, limit = 50) {
    return (await this.repo.history(organizationId, limit)).map(mapCommunication);
  }

  async scheduled(organizationId: string, limit = 50) {
    return (await this.repo.scheduled(organizationId, limit)).map(mapCommunication);
  }

  async studentHistory(organizationId: string, studentId: string, limit = 50) {
    if (!(await this.students.find(organizationId, studentId))) throw new NotFoundException(`Student ${studentId} not found`);
    return (await this.repo.history(organizationId, limit, studentId)).map(mapCommunication);
  }

  // --- Templates ---

  async templates(organizationId: string) {
    return (await this.repo.listTemplates(organizationId)).map(mapTemplate);
  }

  async template(organizationId: string, id: string) {
    const t = await this.repo.findTemplate(id, organizationId);
    if (!t) throw new NotFoundException('Template not found');
    return mapTemplate(t);
  }

  async createTemplate(organizationId: string, dto: TemplateDto) {
    return mapTemplate(await this.repo.insertTemplate({ organizationId, ...templateFields(dto) }));
  }

  async updateTemplate(organizationId: string, id: string, dto: TemplateDto) {
    const t = await this.repo.updateTemplate(id, organizationId, templateFields(dto));
    if (!t) throw new NotFoundException('Template not found');
    return mapTemplate(t);
  }

  async deleteTemplate(organizationId: string, id: string) {
    if (!(await this.repo.deleteTemplate(id, organizationId))) throw new NotFoundException('Template not found');
    return { id };
  }

  // --- Messages the product sends by itself (call these inside your own transaction) ---

  /**
   * The registration confirmation email with an .ics of every session, queued in the registering transaction
   * (dedupe key per enrollment: a retried registration never queues two).
   */
  async queueRegistrationConfirmation(manager: EntityManager, input: RegistrationMessageInput): Promise<void> {
    const read = await this.classValues(manager, input);
    const own = await this.repo.activeTemplateFor(input.organizationId, 'confirmation', 'email', manager);
    await this.repo.insertRows([this.confirmationRow(input, read, own)], manager);
  }

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
    const { cls, values, org } = read;
    const ics = classCalendar(cls, org.name, `${this.publicUrl}/class/${cls.id}?organizationId=${input.organizationId}`);
    const calendar = [{ filename: 'class-sessions.ics', type: 'text/calendar', content: Buffer.from(ics).toString('base64') }];
    const dedupeKey = `confirmation:${input.enrollmentId}:email`;
    return this.automaticRow(
      input,
      'confirmation',
      dedupeKey,
      values,
      org,
      own,
      calendar,
      'email',
      undefined,
      {},
      householdList(input.attendees) + priceList(input.priceLines),
    )!;
  }

  private receiptRow(input: PaymentMessageInput, read: ClassValues, own: TemplateRow | null): NewCommunication {
    const values = { ...read.values, amount: dollars(input.amountCents) };
    return this.automaticRow(
      input,
      'receipt',
      `receipt:${input.paymentReference}:email`,
      values,
      read.org,
      own,
      [],
      'email',
      undefined,
      {},
      priceList(input.priceLines),
    )!;
  }

  /** The refund notice (one per refund reference). */
  async queueRefundNotice(manager: EntityManager, input: RefundMessageInput): Promise<void> {
    const { values, org } = await this.classValues(manager, input);
    await this.queueAutomatic(
      manager,
      input,
      'refund',
      `refund:${input.refundReference}:email`,
      { ...values, refundAmount: dollars(input.refundCents) },
      org,
    );
  }

  /**
   * The satisfaction request after a class's last session: 'How was {className}?' with the five signed
   * one-click links (`links[0]` rates 1), one per student and class whatever the job retries. Not transactional:
   * it carries List-Unsubscribe, waits for the opt-in and counts toward the monthly cap. False when not queued.
   */
  async queueRatingRequest(manager: EntityManager, input: RatingMessageInput, links: string[]): Promise<boolean> {
    const { values, org } = await this.classValues(manager, input);
    return this.queueAutomatic(
      manager,
      input,
      'rating',
      `rating:${input.classId}:${input.studentId}:email`,
      values,
      org,
      [],
      'email',
      undefined,
      {
        ratingLinks: ratingLinks(links),
      },
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
    const { values, org } = await this.classValues(manager, input);
    return this.queueAutomatic(manager, input, kind, `${kind}:${input.classId}:${input.studentId}:email`, values, org);
  }

  /**
   * Tells the organization's admins (users with the admin role) that a class is below its minimum at its go/no-go
   * time, with what happened (`outcome`). One email per admin and class. Answers how many were queued.
   */
  async queueBelowMinimumNotice(
    manager: EntityManager,
    c: { organizationId: string; classId: string; enrolled: number; minEnrollment: number; outcome: string },
  ): Promise<number> {
    const admins = (await this.auth.listUsers(c.organizationId)).filter((u) => u.role === 'admin');
    if (!admins.length) return 0;
    const cls = mapClass(await this.classes.require(c.classId, c.organizationId, manager));
    const org = await this.look(c.organizationId, manager);
    const first = new Date(cls.sessions[0] ?? cls.startDate);
    let queued = 0;
    for (const u of admins) {
      const values: TemplateValues = {
        firstName: u.firstName,
        lastName: u.lastName,
        fullName: `${u.firstName} ${u.lastName}`,
        email: u.email,
        className: cls.title,
        startDate: longDate(first),
        startTime: time12(first),
        location: cls.location,
        instructor: cls.instructor,
        sessionCount: String(cls.sessions.length),
        enrolledCount: String(c.enrolled),
        minEnrollment: String(c.minEnrollment),
        decisionOutcome: c.outcome,
        classUrl: `${this.publicUrl}/admin/classes?classId=${cls.id}`,
        ...orgValues(org),
      };
      const own = await this.repo.activeTemplateFor(c.organizationId, 'class_below_minimum', 'email', manager);
      const subjectT = own ? (own.subjectTemplate ?? '') : BUILT_IN.class_below_minimum.email.subject;
      const message = render(own ? own.messageTemplate : BUILT_IN.class_below_minimum.email.message, values);
      const row = await this.repo.insert(
        {
          organizationId: c.organizationId,
          recipientType: 'user',
          recipientId: u.id,
          recipient: { firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone ?? null },
          channel: 'email',
          toAddress: u.email,
          subject: render(subjectT, values),
          message,
          html: htmlEmail(message, org),
          templateId: own?.id ?? null,
          kind: 'class_below_minimum',
          // Once per class and start: a class moved and still below its minimum at its new decision time is news.
          dedupeKey: `class_below_minimum:${cls.id}:${new Date(cls.startDate).getTime()}:${u.id}:email`,
        },
        manager,
      );
      if (row) queued += 1;
    }
    return queued;
  }

  /**
   * A message the product writes in full itself (the student portal's sign-in link): kind 'system', always sent (the
   * student asked for it), never an organization template. `link` is shown as a link in the HTML part. False when a
   * message with this dedupe key was already queued.
   */
  async queueSystemEmail(
    manager: EntityManager,
    m: {
      organizationId: string;
      studentId: string;
      recipient: { firstName: string; lastName: string; email: string; phone: string | null };
      subject: string;
      message: string;
      /** Written where `message` has {{link}}: its address in the text part, `label` as a link in the HTML part. */
      link?: { url: string; label: string };
      dedupeKey: string;
    },
  ): Promise<boolean> {
    const org = await this.look(m.organizationId, manager);
    const link = m.link ? linkValue(m.link.url, m.link.label) : null;
    const html = htmlEmail(m.message.split('{{link}}').join(htmlMarker('link')), org, undefined, link ? { link: link.html } : {});
    const row = await this.repo.insert(
      {
        organizationId: m.organizationId,
        recipientType: 'student',
        recipientId: m.studentId,
        recipient: snapshot(m.recipient),
        channel: 'email',
        toAddress: m.recipient.email,
        subject: m.subject,
        message: m.message.split('{{link}}').join(link?.text ?? ''),
        html,
        templateId: null,
        kind: 'system',
        dedupeKey: m.dedupeKey,
      },
      manager,
    );
    return row !== null;
  }

  /** An email to each of the organization's admins (users with the admin role); answers how many were queued. */
  async queueAdminEmail(
    manager: EntityManager,
    organizationId: string,
    m: { subject: string; message: string; dedupeKey: string },
  ): Promise<number> {
    const admins = (await this.auth.listUsers(organizationId)).filter((u) => u.role === 'admin');
    const org = await this.look(organizationId, manager);
    let queued = 0;
    for (const u of admins) {
      const row = await this.repo.insert(
        {
          organizationId,
          recipientType: 'user',
          recipientId: u.id,
          recipient: { firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone ?? null },
          channel: 'email',
          toAddress: u.email,
          subject: m.subject,
          message: m.message,
          html: htmlEmail(m.message, org),
          templateId: null,
          kind: 'system',
          dedupeKey: `${m.dedupeKey}:${u.id}`,
        },
        manager,
      );
      if (row) queued += 1;
    }
    return queued;
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
      `${this.publicUrl}/class/${cls.id}?organizationId=${cls.organizationId}`,
    );
  }

  /** Used by the reminders job, which has the values at hand. */
  async queueAutomatic(
    manager: EntityManager,
    input: Pick<RegistrationMessageInput, 'organizationId' | 'studentId' | 'firstName' | 'lastName' | 'email' | 'phone'>,
    kind: Exclude<MessageKind, 'manual' | 'system'>,
    dedupeKey: string,
    values: TemplateValues,
    org: OrganizationLook,
    attachments: { filename: string; type: string; content: string }[] = [],
    channel: Channel = 'email',
    scheduledAt?: Date,
    /** Values whose HTML is not their escaped text (links); their text form goes into the text part. */
    rich: Partial<Record<TemplateVariable, HtmlValue>> = {},
    /** Text added after the template's (a household's list of people), whatever template the organization uses. */
    appendix = '',
  ): Promise<boolean> {
    const own = await this.repo.activeTemplateFor(input.organizationId, kind, channel, manager);
    const row = this.automaticRow(input, kind, dedupeKey, values, org, own, attachments, channel, scheduledAt, rich, appendix);
    return row !== null && (await this.repo.insert(row, manager)) !== null;
  }

  /** The outbox row of an automatic message, the organization's own template already read (null: the built-in one). */
  private automaticRow(
    input: Pick<RegistrationMessageInput, 'organizationId' | 'studentId' | 'firstName' | 'lastName' | 'email' | 'phone'>,
    kind: Exclude<MessageKind, 'manual' | 'system'>,
    dedupeKey: string,
    values: TemplateValues,
    org: OrganizationLook,
    own: TemplateRow | null,
    attachments: { filename: string; type: string; content: string }[] = [],
    channel: Channel = 'email',
    scheduledAt?: Date,
    rich: Partial<Record<TemplateVariable, HtmlValue>> = {},
    appendix = '',
  ): NewCommunication | null {
    const subjectT = own ? (own.subjectTemplate ?? '') : BUILT_IN[kind][channel].subject;
    const messageT = own ? own.messageTemplate : BUILT_IN[kind][channel].message;
    const richNames = Object.keys(rich) as TemplateVariable[];
    // Every confirmation, reminder and receipt email ends with the way to the student portal, whatever the template.
    const manage = channel === 'email' && MANAGE_LINK_KINDS.includes(kind) ? this.manageLink(input.organizationId, input.email) : null;
    const manageText = (link: string) => (manage ? `\n\nManage your registration: ${link}` : '');
    const message =
      render(messageT, { ...values, ...Object.fromEntries(richNames.map((k) => [k, rich[k]!.text])) }) +
      appendix +
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
                : render(messageT, values) + appendix) + manageText(htmlMarker('manageLink')),
              org,
              transactional ? undefined : unsubscribeUrl(this.publicUrl, this.secret, input.organizationId, input.studentId),
              {
                ...Object.fromEntries(richNames.map((k) => [k, rich[k]!.html])),
                ...(manage ? { manageLink: manage.html } : {}),
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
    const first = cls.sessions[0] ? new Date(cls.sessions[0]) : new Date(cls.startDate);
    const values: TemplateValues = {
      firstName: input.firstName,
      lastName: input.lastName,
      fullName: `${input.firstName} ${input.lastName}`,
      email: input.email,
      className: cls.title,
      startDate: longDate(first),
      startTime: time12(first),
      location: cls.location,
      instructor: cls.instructor,
      sessionCount: String(cls.sessions.length),
      ...orgValues(org),
    };
    return { cls: { ...cls, sessions: cls.sessions.map((d) => new Date(d)) }, values, org };
  }

  // --- helpers ---

  async look(organizationId: string, manager?: EntityManager): Promise<OrganizationLook> {
    return lookOf(await this.orgs.require(organizationId, manager));
  }

  /** A student or user of this organization; anyone else is 404 (decision 4: no one reaches another organization's people). */
  private async recipient(organizationId: string, type: RecipientType, id: string) {
    if (type === 'student') {
      const s = await this.students.find(organizationId, id);
      if (!s) throw new NotFoundException('Recipient not found');
      return { id: s.id, firstName: s.firstName, lastName: s.lastName, email: s.email, phone: s.phone, optIn: s.communicationOptIn };
    }
    try {
      const u = await this.auth.getUser(id, organizationId);
      return { id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email, phone: u.phone, optIn: true };
    } catch (e) {
      if (e instanceof NotFoundException) throw new NotFoundException('Recipient not found');
      throw e;
    }
  }

  private addressOf(person: { email: string; phone: string | null }, channel: Channel): string {
    if (channel === 'email') return person.email;
    const phone = toE164Phone(person.phone);
    if (!phone)
      throw new AppException(400, 'This recipient has no valid mobile number', {
        errors: { recipientId: 'This recipient has no valid mobile number' },
      });
    return phone;
  }

  private personValues(p: { firstName: string; lastName: string; email: string }): TemplateValues {
    return { firstName: p.firstName, lastName: p.lastName, fullName: `${p.firstName} ${p.lastName}`, email: p.email };
  }
}

function snapshot(p: { firstName: string; lastName: string; email: string; phone: string | null }): RecipientSnapshot {
  return { firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone };
}

function orgValues(org: OrganizationLook): TemplateValues {
  return { organizationName: org.name, organizationEmail: org.email ?? '', organizationPhone: org.phone ?? '' };
}

function templateFields(dto: TemplateDto) {
  const unknown = unknownVariables(dto.subject_template, dto.message_template);
  if (unknown.length)
    throw new BadRequestException(
      `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((v) => `{{${v}}}`).join(', ')}. Available: ${TEMPLATE_VARIABLES.map((v) => `{{${v}}}`).join(', ')}`,
    );
  return {
    name: dto.name,
    type: dto.type,
    kind: dto.kind ?? 'manual',
    subjectTemplate: dto.type === 'email' ? (dto.subject_template ?? null) : null,
    messageTemplate: dto.message_template,
    variables: variablesOf(dto.subject_template, dto.message_template),
    isActive: dto.is_active ?? true,
  };
}

/** The people of a household registration, as the confirmation lists them (nothing for one person). */
export function householdList(attendees: { firstName: string; lastName: string }[] | undefined): string {
  if (!attendees?.length) return '';
  return `\n\nRegistered (${attendees.length} ${attendees.length === 1 ? 'person' : 'people'}):\n${attendees
    .map((a) => `- ${a.firstName} ${a.lastName}`)
    .join('\n')}`;
}

/**
 * What was charged, line by line, as the enrollment's price quote keeps it: added to confirmations and receipts
 * whatever the organization's template, so the email says the same as the receipt PDF, the student panel and the
 * reports. Nothing when no discount applied (the amount alone says it all).
 */
export function priceList(lines: { label: string; amount: number }[] | null | undefined): string {
  if (!lines || !lines.some((l) => l.amount < 0)) return '';
  const cents = lines.map((l) => Math.round(l.amount * 100));
  const money = (c: number) => (c < 0 ? `-${dollars(-c)}` : dollars(c));
  const total = Math.max(
    0,
    cents.reduce((a, b) => a + b, 0),
  );
  return `\n\nPrice:\n${lines.map((l, i) => `- ${l.label}: ${money(cents[i])}`).join('\n')}\nTotal: ${dollars(total)}`;
}

/** The lines of several enrollments paid together (a household) as one list: each label's amounts added up. */
export function mergedPriceLines(
  all: ({ label: string; amount: number }[] | null | undefined)[],
): { label: string; amount: number }[] | null {
  if (all.some((l) => !l)) return null;
  const sums = new Map<string, number>();
  for (const lines of all) for (const l of lines!) sums.set(l.label, (sums.get(l.label) ?? 0) + Math.round(l.amount * 100));
  const n = all.length;
  return [...sums].map(([label, c]) => ({ label: label === 'Class price' && n > 1 ? `Class price × ${n}` : label, amount: c / 100 }));
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
