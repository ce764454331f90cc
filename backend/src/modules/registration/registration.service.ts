import { randomUUID } from 'node:crypto';
import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService } from '../classes/classes.service';
import { CommunicationsService } from '../communications/communications.service';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { cancellationPoliciesOf, OrganizationsService } from '../organizations/organizations.service';
import { breakdown, PricingService, type Quote } from '../pricing/pricing.service';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import { StudentsService } from '../students/students.service';
import { UsageService, type SeatPlan } from '../subscriptions/usage.service';
import { CardEnrollmentsRepository } from './card-enrollments.repository';
import { CardEnrollmentsService } from './card-enrollments.service';
import { assertOneSeatOffer, CardHoldsService, noSeatOf, type SeatRead } from './card-holds.service';
import { withoutServerOwned, type CheckEnrollmentDto, type RegisterStudentDto } from './dto/student.dto';
import type { PaymentMethod, PaymentStatus } from './enrollment.entity';
import { EnrollmentsRepository } from './enrollments.repository';
import { HouseholdService } from './household.service';
import { isStudentLimit, RegistrantsService } from './registrants.service';
import { alreadyEnrolledRace, isUniqueViolation, PAYMENT_LABEL, RegistrationError, RegistrationException } from './registration.exception';
import { SeatOffers } from './seat-offers';
import { RegistrationWindow } from './registration-window.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import { SERVER_TIME_ZONE } from '../../common/time-zone';
import { RegistrationFormsService, type ClientInfo, type PreparedForm } from '../registration-forms/registration-forms.service';

/** The public registration's reply: this registration only (decision 15). */
export interface RegistrationReply {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  communicationOptIn: boolean;
  classEnrollments: {
    id: string;
    classId: string;
    classTitle: string;
    enrollmentDate: Date;
    paymentStatus: PaymentStatus;
    paymentMethod: PaymentMethod;
    amountPaid: number;
  }[];
}

/**
 * The public registration of one person or a household, in person (payment pending), and the enrollment check the
 * public form asks first. A teacher's walk-in registration uses `enrollNew` too. Card registrations take their seat
 * through CardHoldsService and become enrollments when the payments module records the payment.
 */
@Injectable()
export class RegistrationService {
  constructor(
    private readonly students: StudentsService,
    private readonly enrollments: EnrollmentsRepository,
    private readonly registrants: RegistrantsService,
    private readonly holds: CardHoldsService,
    private readonly cards: CardEnrollmentsService,
    private readonly cardsRepo: CardEnrollmentsRepository,
    private readonly household: HouseholdService,
    private readonly offers: SeatOffers,
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    private readonly communications: CommunicationsService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly forms: RegistrationFormsService,
    private readonly pricing: PricingService,
    private readonly window: RegistrationWindow,
    private readonly usage: UsageService,
  ) {}

  /** The already-enrolled answer of spec 2 §7, with what the dialog shows. */
  async checkEnrollment(dto: CheckEnrollmentDto) {
    const cls = await this.classes.publicGet(dto.classId);
    if (cls.organizationId !== dto.organizationId) throw new NotFoundException(`Class with ID ${dto.classId} not found`);
    const student = await this.students.findByEmail(dto.organizationId, dto.email);
    const enrollment = student ? await this.enrollments.findEnrollment(student.id, dto.classId) : null;
    if (!enrollment) {
      const classFull = cls.enrolledStudents >= cls.maxStudents;
      // A new student the plan cannot take would only fail at the last step: say so now.
      if (!student && !classFull && (await this.registrants.studentLimitReached(dto.organizationId)))
        return this.registrants.registrationClosed(dto.organizationId, cls);
      return { enrolled: false, classFull };
    }
    const org = await this.orgs.publicOrganization(dto.organizationId);
    throw new RegistrationException(
      RegistrationError.AlreadyEnrolled,
      `You are already enrolled in ${cls.title} (${PAYMENT_LABEL[enrollment.paymentStatus]}).`,
      {
        isAlreadyEnrolled: true,
        details: {
          className: cls.title,
          classId: cls.id,
          existingEnrollment: { enrollmentDate: enrollment.enrollmentDate, paymentStatus: enrollment.paymentStatus },
        },
        organizationData: { name: org.branding.businessName || org.name, contactInfo: org.contactInfo },
        classInstructor: cls.instructor,
      },
    );
  }

  /**
   * Public registration (in person, payment pending). One transaction: the seat, the student (one
   * record per email in an organization) and the enrollment commit together or not at all.
   */
  async register(
    sent: RegisterStudentDto,
    client: ClientInfo = { ip: null, userAgent: null },
    /** The class as the controller's early full check read it for this body (readClass), when it did. */
    read?: SeatRead,
  ): Promise<RegistrationReply & { enrollments?: unknown[] }> {
    const dto = withoutServerOwned(sent);
    const classId = dto.classEnrollments[0]?.classId;
    if (!classId)
      throw new RegistrationException(RegistrationError.NoClass, 'Choose a class to register for', {
        errors: { classEnrollments: 'Choose a class to register for' },
      });
    assertOneSeatOffer(dto);
    // One read of the class and of the organization serves the whole request: the full check, the opening, the
    // price, the frozen cancellation policy and the confirmation. In a last-seat race most callers stop at the class
    // read (one statement), before the form and the price are worked out for a seat that is gone. The controller
    // may have read it already, before the body was validated.
    const seat =
      read?.cls.id === classId && read.cls.organizationId === dto.organizationId
        ? read
        : await this.holds.requireClass(dto.organizationId, classId, dto.email, {
            offerToken: dto.waitlistOfferToken,
            household: !!dto.attendees,
          });
    const { cls } = seat;
    // The organization and the plan its seat checks use, in one statement before the transaction.
    const { org, seatPlan } = await this.orgs.requireForRegistration(dto.organizationId);
    // The form's answers and signatures are checked before any seat is taken, and stored with the seat.
    const form = await this.forms.prepare(
      dto.organizationId,
      classId,
      {
        contact: dto,
        answers: dto.answers,
        waiverAcceptances: dto.waiverAcceptances,
        attendees: dto.attendees,
        guardian: dto.guardian,
        firstSession: { at: cls.startDate, timeZone: org.settings?.timeZone ?? SERVER_TIME_ZONE },
      },
      client,
      org.configVersion,
    );
    try {
      const {
        attendees,
        answers: _answers,
        waiverAcceptances: _signed,
        guardian: _guardian,
        promoCode,
        earlyAccessToken,
        waitingRoomTicket,
        dateOfBirth,
        ...fields
      } = dto;
      // Before its opening or after its closing, the class takes no registration (an early-access link lets its email in
      // early); during an opening's waiting room, only a person whose turn has come.
      await this.window.assertOpen(cls, {
        email: fields.email,
        earlyAccessToken,
        waitingRoomTicket,
        waitlistOffer: !!dto.waitlistOfferToken,
        org,
      });
      // The one price quote: what this registration owes, kept on its enrollments (a code that does not apply refuses it).
      const quote = await this.pricing.quoteForRegistration({
        organizationId: dto.organizationId,
        org,
        cls,
        // One person may give their date of birth (the senior discount); a household gives each attendee's.
        attendees: attendees ?? (dateOfBirth ? [{ dateOfBirth }] : undefined),
        email: fields.email,
        promoCode,
      });
      // Household registration: its own path, every seat or none.
      if (attendees) return await this.household.registerInPerson(dto.organizationId, fields, attendees, classId, quote, form);
      return await this.enrollNew(
        dto.organizationId,
        fields,
        classId,
        'in-person',
        'pending',
        'online',
        0,
        dto.waitlistOfferToken,
        quote,
        form,
        dateOfBirth,
        { cls, org, noSeatOfEmail: noSeatOf(seat, fields.email), seatPlan },
      );
    } catch (e) {
      // The limit was reached between the check and this step: the same student-facing answer, never the admin's plan text.
      if (!isStudentLimit(e)) throw e;
      throw await this.registrants.registrationClosedError(dto.organizationId, classId);
    }
  }

  /**
   * Shared by in-person registration and (later) confirmed card payments. Locks: the class row (its seat), then the
   * organization's usage row only when a new student counts toward a limited plan. Nothing is locked organization-wide,
   * so registrations in different classes never wait on each other.
   */
  async enrollNew(
    organizationId: string,
    fields: StudentFieldsDto,
    classId: string,
    method: PaymentMethod,
    status: PaymentStatus,
    source: 'online' | 'walk_in',
    amountPaidCents = 0,
    waitlistOfferToken?: string,
    quote?: Quote,
    form?: PreparedForm,
    dateOfBirth?: string,
    /** The class and organization as the caller read them for this request (its quote and opening check), when it did. */
    read?: { cls: ClassEntity; org: OrganizationEntity; noSeatOfEmail?: boolean; seatPlan?: SeatPlan },
  ): Promise<RegistrationReply> {
    await this.holds.refuseEarlyWhenFull(organizationId, classId, fields.email, waitlistOfferToken, read?.cls);
    try {
      return await this.db.transaction(async (manager) => {
        if (read?.seatPlan) this.usage.useSeatPlan(manager, organizationId, read.seatPlan);
        // The same email holding a seat for a card payment in this class switches to paying in person: the held seat
        // becomes the registration (no second seat, no 409). Its PaymentIntent stays on the row: if the student pays
        // it after all, the payment is recorded as a card payment of this enrollment.
        // A waitlist offer's held seat becomes the registration's: no second seat.
        const offer = await this.offers.claim(manager, organizationId, classId, fields.email, waitlistOfferToken);
        // Not when this request's class read found no seat of this email's in the class.
        const held =
          method === 'in-person' && !offer && !read?.noSeatOfEmail
            ? await this.cards.heldFor(manager, organizationId, fields.email, classId)
            : null;
        const switched = held?.status === 'held' ? await this.cardsRepo.holdToInPerson(manager, held.id) : null;
        const cls =
          switched || offer
            ? await this.classes.require(classId, organizationId, manager)
            : await this.classes.takeSeat(manager, classId, organizationId);
        const { student, created } = switched
          ? { student: (await this.students.findInOrganization(held!.studentId, organizationId, manager))!, created: false }
          : await this.registrants.findOrCreate(manager, organizationId, fields);
        // The date of birth the price was quoted on stays with the person (a stored one is never overwritten).
        if (dateOfBirth && !student.dateOfBirth) await this.students.fillDateOfBirth(manager, student.id, dateOfBirth);
        const name = `${student.firstName} ${student.lastName}`;
        // The registration's activity events in one insert (a new person, the enrollment, a class now full).
        const events = this.activity.recordManyStatement(organizationId, [
          ...(created
            ? [
                {
                  type: 'student_registration' as const,
                  description: `${name} registered`,
                  metadata: { studentId: student.id, studentName: name },
                },
              ]
            : []),
          {
            type: 'class_enrollment' as const,
            description: `${name} enrolled in ${cls.title}`,
            metadata: { studentId: student.id, studentName: name, classId, className: cls.title, paymentMethod: method, source },
          },
          ...(cls.enrolledStudents >= cls.maxStudents
            ? [
                {
                  type: 'class_full' as const,
                  description: `${cls.title} is now full`,
                  metadata: { classId, className: cls.title, studentsCount: cls.enrolledStudents },
                },
              ]
            : []),
        ]);
        // The enrollment's id is chosen here: the confirmation's outbox row names it (its dedupe key) and is sent with it.
        const enrollmentId = switched?.id ?? randomUUID();
        const priceBreakdown = switched ? (switched.priceBreakdown ?? null) : quote ? breakdown(quote.lines) : null;
        // The confirmation (with every session in an .ics) commits with the registration or not at all.
        const confirmation =
          method === 'in-person'
            ? await this.communications.registrationConfirmationStatement(manager, {
                organizationId,
                enrollmentId,
                classId,
                studentId: student.id,
                firstName: fields.firstName,
                lastName: fields.lastName,
                email: student.email,
                phone: fields.phone,
                priceLines: priceBreakdown,
                read: read ? { cls, org: read.org } : undefined,
              })
            : null;
        // The enrollment, its activity events and its confirmation go to the database as one statement (one round
        // trip instead of three), in this transaction: all of them commit or none.
        const enrollment =
          switched ??
          (await this.enrollments.insertEnrollment(
            manager,
            {
              id: enrollmentId,
              organizationId,
              studentId: student.id,
              classId,
              paymentMethod: method,
              paymentStatus: status,
              amountPaidCents,
              enrollmentDate: new Date(),
              // §4: what this student was promised stays what it was, whatever the organization changes later.
              cancellationPolicy: read ? cancellationPoliciesOf(read.org) : await this.orgs.cancellationPolicies(manager, organizationId),
              // Decision 15: the typed details are kept on the enrollment, never written over the stored student.
              registeredFirstName: fields.firstName,
              registeredLastName: fields.lastName,
              registeredPhone: fields.phone,
              registeredCommunicationOptIn: fields.communicationOptIn ?? true,
              amountDueCents: quote?.totalCents ?? null,
              priceBreakdown,
            },
            [events, confirmation],
          ));
        // A held card seat switched to in person is an update already made: its events and confirmation go alone.
        if (switched) await this.enrollments.writeTogether(manager, [events, confirmation]);
        // The code is used in the seat's transaction: when its last use went to someone else, this seat rolls back.
        if (quote) await this.pricing.redeem(manager, quote, { organizationId, enrollmentId: enrollment.id, email: fields.email, classId });
        if (offer) await this.offers.accepted(manager, offer.entryId, enrollment.id);
        if (form) await this.forms.store(manager, form, [{ enrollmentId: enrollment.id, studentId: student.id }], { fresh: !switched });
        await this.webhooks.publish(
          manager,
          organizationId,
          'enrollment.created',
          {
            enrollmentId: enrollment.id,
            classId,
            className: cls.title,
            studentId: student.id,
            studentName: name,
            email: student.email,
            paymentMethod: method,
            paymentStatus: enrollment.paymentStatus,
            source,
          },
          read?.org.configVersion,
        );
        // Paid on the spot (a teacher's walk-in marked paid now): announced like any other payment.
        if (enrollment.paymentStatus === 'completed' && method === 'in-person')
          await this.webhooks.paymentSucceeded(manager, organizationId, {
            studentId: student.id,
            studentName: name,
            classId,
            className: cls.title,
            enrollmentId: enrollment.id,
            amountCents: amountPaidCents,
            paymentMethod: 'in-person',
          });
        // Only what the confirmation page needs for this registration: the caller is anonymous, so
        // nothing of the stored student (other classes, payments, stored name or phone) goes back.
        return {
          id: student.id,
          organizationId,
          firstName: fields.firstName,
          lastName: fields.lastName,
          email: fields.email,
          phone: fields.phone,
          communicationOptIn: fields.communicationOptIn ?? true,
          classEnrollments: [
            {
              id: enrollment.id,
              classId,
              classTitle: cls.title,
              enrollmentDate: enrollment.enrollmentDate,
              paymentStatus: enrollment.paymentStatus,
              paymentMethod: enrollment.paymentMethod,
              amountPaid: enrollment.amountPaidCents / 100,
            },
          ],
        };
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw alreadyEnrolledRace();
      throw e;
    }
  }
}
