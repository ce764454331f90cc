import { HttpStatus, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { langQuery } from '../../common/i18n/languages';
import type { AllConfigType } from '../../config/config.type';
import { ActivityService } from '../activity/activity.service';
import { classCalendar } from '../communications/calendar';
import { CommunicationsService } from '../communications/communications.service';
import { DataExportService } from '../data-export/data-export.service';
import { selfServiceRules, type OrganizationEntity } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { refundQuote } from '../payments/money';
import { TopUpsService } from '../payments/top-ups.service';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import { StudentsService } from '../students/students.service';
import type { UpdatePortalProfileDto } from './dto/portal.dto';
import { organizationContact, tooLate } from './portal-contact';
import { portalSessions } from './portal-sessions';
import { receiptPdf } from './portal-receipt';
import type { PortalUser } from './portal-user';
import { PortalRepository, type PortalEnrollment, type PortalRefund } from './portal.repository';

export const SELF_SERVICE_OFF = 'This organization does not offer self-service. Please contact them to change your registration.';
export const NOT_FOUND = 'Registration not found';

const HOUR = 3600_000;

/**
 * The student portal (decision 18): a student signs in with a single-use link sent to the email the organization
 * holds, and then sees and manages their own registrations and those of the household members they registered.
 * Everything that moves a seat or money goes through the owners' one path (the payments module's cancel and refund,
 * the registration module's seats); this module decides only who may do it and when.
 */
@Injectable()
export class PortalService {
  private readonly publicUrl: string;

  constructor(
    private readonly repo: PortalRepository,
    private readonly students: StudentsService,
    private readonly orgs: OrganizationsService,
    private readonly communications: CommunicationsService,
    private readonly lifecycle: EnrollmentLifecycleService,
    private readonly activity: ActivityService,
    private readonly exports: DataExportService,
    @InjectDataSource() private readonly db: DataSource,
    config: ConfigService<AllConfigType>,
    private readonly topUps: TopUpsService,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  // --- What the student sees ---

  /** The signed-in student and the household members they are the contact for: whose registrations they manage. */
  private async people(user: PortalUser): Promise<string[]> {
    const members = (await this.students.householdMembers([user.studentId])).get(user.studentId) ?? [];
    return [user.studentId, ...members.map((m) => m.id)];
  }

  async registrations(user: PortalUser) {
    const [org, student, ids] = await Promise.all([
      this.orgs.require(user.organizationId),
      this.students.findInOrganization(user.studentId, user.organizationId),
      this.people(user),
    ]);
    const rules = selfServiceRules(org.settings);
    const rows = await this.repo.enrollments(user.organizationId, ids);
    const refunds = await this.repo.refunds(rows.map((r) => r.id));
    const waitlist = await this.repo.waitlist(user.organizationId, user.email);
    const now = new Date();
    return {
      student: {
        id: user.studentId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        phone: student?.phone ?? '',
        communicationOptIn: student?.communicationOptIn ?? false,
        language: student?.language ?? null,
      },
      organization: organizationContact(org),
      rules,
      enrollments: rows.map((e) => this.enrollmentView(e, refunds, rules, now)),
      waitlist: waitlist.map((w) => ({ ...w, offerExpiresAt: w.status === 'offered' ? w.offerExpiresAt : null })),
    };
  }

  private enrollmentView(e: PortalEnrollment, all: PortalRefund[], rules: ReturnType<typeof selfServiceRules>, now: Date) {
    const { held, cancelled, first } = portalSessions(e);
    // Every session cancelled: the dates still show (marked cancelled), never an empty list.
    const sessions = held.length ? held : cancelled;
    const cancelBefore = new Date(first.getTime() - rules.selfServiceCancelHoursBefore * HOUR);
    const open = e.status === 'active';
    const canCancel = rules.selfService && open && now < cancelBefore;
    return {
      id: e.id,
      student: { id: e.studentId, firstName: e.firstName, lastName: e.lastName },
      class: {
        id: e.classId,
        title: e.classTitle,
        location: e.location,
        instructor: e.instructor,
        duration: e.duration,
        sessions,
        cancelledSessions: cancelled,
      },
      // A drop-in (issue 39 §3): its own registration for one session (`class.sessions` holds that session only).
      dropIn: !!e.classSessionId,
      status: e.status,
      paymentMethod: e.paymentMethod,
      paymentStatus: e.paymentStatus,
      amountPaid: e.amountPaidCents / 100,
      refundedAmount: e.refundedCents / 100,
      // A card registration that switched to a dearer class with the difference left to pay in person.
      balanceDue:
        open && e.paymentStatus === 'completed' ? Math.max(0, (e.amountDueCents ?? 0) - (e.amountPaidCents - e.refundedCents)) / 100 : 0,
      enrolledAt: e.enrollmentDate,
      cancelledAt: e.cancelledAt,
      refunds: all
        .filter((r) => r.enrollmentId === e.id)
        .map((r) => ({ id: r.id, amount: r.amountCents / 100, status: r.status, reason: r.reason, createdAt: r.createdAt })),
      canCancel,
      cancelBefore,
      canTransfer: rules.selfService && rules.selfServiceTransfers && open && !e.classSessionId && now < first,
      refundQuote: open ? quoteOf(e, now) : null,
    };
  }

  // --- What the student does ---

  /** Cancels through the payments module's one cancel path (its row lock makes a repeat a no-op: one refund, one notice). */
  async cancel(user: PortalUser, id: string) {
    const { org, e } = await this.ownEnrollment(user, id);
    const rules = selfServiceRules(org.settings);
    if (!rules.selfService) throw new AppException(HttpStatus.FORBIDDEN, SELF_SERVICE_OFF);
    if (e.status === 'active') {
      const { first } = portalSessions(e);
      if (Date.now() >= first.getTime() - rules.selfServiceCancelHoursBefore * HOUR) throw tooLate(org, rules.selfServiceCancelHoursBefore);
    } else if (e.status !== 'cancelled') {
      throw new AppException(HttpStatus.CONFLICT, 'This registration cannot be cancelled here.', { contact: organizationContact(org) });
    }
    const r = await this.lifecycle.cancel(user.organizationId, null, e.id, {}, undefined, { byStudent: true });
    return {
      id: r.id,
      status: r.status,
      paymentMethod: r.paymentMethod,
      amountPaid: r.amountPaid,
      refundedAmount: r.refundedAmount,
      refund: r.refund ? { id: r.refund.id, amount: r.refund.amount, status: r.refund.status } : null,
    };
  }

  /** The classes this registration may switch to, with seats left and the difference in price (negative: money back). */
  async transferOptions(user: PortalUser, id: string) {
    const { org, e } = await this.ownEnrollment(user, id);
    this.assertTransfers(org, e);
    // The payments module's one list, priced by the one price quote with this registration's discounts kept.
    return this.lifecycle.transferOptions(user.organizationId, e.id);
  }

  /** Moves the registration through the payments module's one transfer (one transaction: never oversold, never both seats). */
  async transfer(user: PortalUser, id: string, toClassId: string, payDifferenceInPerson = false) {
    const { org, e } = await this.ownEnrollment(user, id);
    this.assertTransfers(org, e);
    if (payDifferenceInPerson && !selfServiceRules(org.settings).selfServiceTransferDifferenceInPerson)
      throw new AppException(HttpStatus.FORBIDDEN, `${org.name} takes the difference by card only. Please pay it by card to switch.`);
    const r = await this.lifecycle.transfer(user.organizationId, e.id, toClassId, {
      byStudent: true,
      differenceInPerson: payDifferenceInPerson,
    });
    return {
      id: r.id,
      status: r.status,
      classId: r.classId,
      className: r.className,
      amountPaid: r.amountPaid,
      refundedAmount: r.refundedAmount,
      refund: r.refund ? { id: r.refund.id, amount: r.refund.amount, status: r.refund.status } : null,
      balanceDue: r.balanceDue,
    };
  }

  /**
   * A switch to a dearer class paid by card: a seat held in that class and a PaymentIntent for the difference (the
   * page pays it with Stripe.js, then confirms). The switch happens only when the payment is confirmed.
   */
  async transferPayment(user: PortalUser, id: string, toClassId: string, amount: number) {
    const { org, e } = await this.ownEnrollment(user, id);
    this.assertTransfers(org, e);
    return this.topUps.start(user.organizationId, e.id, toClassId, Math.round(amount * 100), { byStudent: true });
  }

  /** The page came back from Stripe.js: the payment is checked with Stripe and the switch made (once, whoever is first). */
  async confirmTransferPayment(user: PortalUser, id: string, paymentIntentId: string) {
    const { e } = await this.ownEnrollment(user, id);
    await this.topUps.confirm(user.organizationId, e.id, paymentIntentId);
    const { e: moved } = await this.ownEnrollment(user, id);
    return {
      id: moved.id,
      status: moved.status,
      classId: moved.classId,
      className: moved.classTitle,
      amountPaid: moved.amountPaidCents / 100,
      refundedAmount: moved.refundedCents / 100,
      refund: null,
      balanceDue: 0,
    };
  }

  /** The student stepped back from paying: the held seat is given back at once (the registration stays). */
  async abandonTransferPayment(user: PortalUser, id: string) {
    const { e } = await this.ownEnrollment(user, id);
    return this.topUps.abandon(user.organizationId, e.id);
  }

  private assertTransfers(org: OrganizationEntity, e: PortalEnrollment) {
    const rules = selfServiceRules(org.settings);
    if (!rules.selfService) throw new AppException(HttpStatus.FORBIDDEN, SELF_SERVICE_OFF);
    if (!rules.selfServiceTransfers)
      throw new AppException(HttpStatus.FORBIDDEN, 'Switching classes is not offered here. Please contact the organization.', {
        contact: organizationContact(org),
      });
    if (e.status !== 'active') throw new AppException(HttpStatus.CONFLICT, 'Only an active registration can switch classes.');
    if (new Date(e.startDate).getTime() <= Date.now())
      throw new AppException(HttpStatus.CONFLICT, 'This class has already started; it can no longer be switched here.', {
        contact: organizationContact(org),
      });
  }

  async updateProfile(user: PortalUser, dto: UpdatePortalProfileDto) {
    if (dto.phone === undefined && dto.communicationOptIn === undefined && dto.language === undefined)
      throw new AppException(HttpStatus.BAD_REQUEST, 'Send phone, communicationOptIn or language to change');
    const saved = await this.db.transaction(async (m) => {
      const s = await this.students.findInOrganization(user.studentId, user.organizationId, m);
      if (!s) throw new AppException(HttpStatus.NOT_FOUND, 'Student not found');
      // Named before the update, which writes the new values onto the same record.
      const changed = [
        dto.phone !== undefined && dto.phone !== s.phone ? 'phone' : null,
        dto.communicationOptIn !== undefined ? 'message consent' : null,
        dto.language !== undefined && dto.language !== (s.language ?? null) ? 'message language' : null,
      ]
        .filter(Boolean)
        .join(' and ');
      const next = await this.students.update(m, s, {
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        phone: dto.phone ?? s.phone,
        communicationOptIn: dto.communicationOptIn ?? s.communicationOptIn,
        // Absent: kept; null: forgotten (the organization's default language applies again).
        language: dto.language,
      });
      await this.activity.record(
        user.organizationId,
        'student_details_changed',
        `${s.firstName} ${s.lastName} updated their ${changed || 'details'}`,
        { studentId: s.id, studentName: `${s.firstName} ${s.lastName}`, source: 'self_service' },
        m,
      );
      return next;
    });
    return {
      id: saved.id,
      email: saved.email,
      phone: saved.phone,
      communicationOptIn: saved.communicationOptIn,
      language: saved.language ?? null,
    };
  }

  export(user: PortalUser) {
    return this.exports.studentExport(user.organizationId, user.studentId, null);
  }

  /** Asks the organization to erase the student: an activity event and an email to its admins (once a day). */
  async requestErasure(user: PortalUser) {
    const name = `${user.firstName} ${user.lastName}`;
    await this.db.transaction(async (m) => {
      await this.activity.record(
        user.organizationId,
        'erasure_requested',
        `${name} asked for their personal data to be erased`,
        { studentId: user.studentId, studentName: name, email: user.email, source: 'self_service' },
        m,
      );
      await this.communications.queueAdminEmail(m, user.organizationId, {
        subject: `Erasure request: ${name}`,
        message:
          `${name} (${user.email}) asked, from their registrations page, for their personal data to be erased.\n\n` +
          'Open the student in Students and erase their personal data there; payment records are kept.',
        dedupeKey: `erasure-request:${user.studentId}:${new Date().toISOString().slice(0, 10)}`,
      });
    });
    return { requested: true, message: 'Your request was sent to the organization. They will confirm when your data is erased.' };
  }

  // --- Files ---

  async receipt(user: PortalUser, id: string): Promise<Buffer> {
    const { org, e } = await this.ownEnrollment(user, id);
    const [refunds, topUps] = await Promise.all([this.repo.refunds([e.id]), this.topUps.paymentsOf(e.id)]);
    return receiptPdf(org, e, refunds, topUps);
  }

  async calendar(user: PortalUser, id: string): Promise<string> {
    const { org, e } = await this.ownEnrollment(user, id);
    // In the signed-in person's language (a household's contact reads their members' files), else the organization's.
    const me = await this.students.findInOrganization(user.studentId, user.organizationId);
    const language = me?.language ?? org.settings?.defaultLanguage ?? 'en';
    return classCalendar(
      {
        id: e.classId,
        title: e.classTitle,
        description: e.description,
        location: e.location,
        instructor: e.instructor,
        duration: e.duration,
        // The sessions held: a cancelled one is not in the calendar file.
        sessions: portalSessions(e).held,
      },
      org.branding?.businessName || org.name,
      `${this.publicUrl}/class/${e.classId}?organizationId=${org.id}${langQuery(language, '&')}`,
      language,
    );
  }

  /** The enrollment if it is the student's or a household member's; anything else is 404 (nothing is told about it). */
  private async ownEnrollment(user: PortalUser, id: string) {
    const e = await this.repo.enrollment(user.organizationId, await this.people(user), id);
    if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
    return { org: await this.orgs.require(user.organizationId), e };
  }
}

/** What the frozen policy gives back if the registration is cancelled now (nothing for an unpaid or in-person one). */
function quoteOf(e: PortalEnrollment, now: Date) {
  const paidByCard = e.paymentMethod === 'card' && e.paymentStatus === 'completed';
  if (!paidByCard)
    return { refundAmount: 0, refundPercentage: null, noPolicy: false, daysBeforeClass: null, paidAmount: e.amountPaidCents / 100 };
  const q = refundQuote(e.cancellationPolicy, e.amountPaidCents, e.refundedCents, new Date(e.startDate), now);
  const noPolicy = !(e.cancellationPolicy ?? []).length;
  return {
    refundAmount: q.refundCents / 100,
    refundPercentage: q.policyApplied?.refundPercentage ?? (noPolicy ? 100 : 0),
    noPolicy,
    daysBeforeClass: q.daysBeforeClass,
    paidAmount: e.amountPaidCents / 100,
  };
}
