import { ConflictException, ForbiddenException, forwardRef, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { AppException, ErrorCode } from '../../common/http/app-exception';
import type { ListParams } from '../../common/http/list-query';
import { amountDueCents } from '../classes/class.entity';
import { ClassesService, classFull } from '../classes/classes.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { ActivityService } from '../activity/activity.service';
import { UsageService } from '../subscriptions/usage.service';
import { CommunicationsService } from '../communications/communications.service';
import type {
  CheckEnrollmentDto,
  CreateStudentDto,
  EnrollmentInputDto,
  RegisterStudentDto,
  StudentFieldsDto,
  UpdateStudentDto,
} from './dto/student.dto';
import { withoutServerOwned } from './dto/student.dto';
import {
  mapStudent,
  type EnrolledStudent,
  type LockedEnrollment,
  type PaymentMethod,
  type PaymentStatus,
  type StudentEntity,
  type StudentResponse,
} from './student.entity';
import { StudentsRepository } from './students.repository';
import { CardEnrollmentsRepository } from './card-enrollments.repository';
import { CardEnrollmentsService } from './card-enrollments.service';
import { HouseholdRepository } from './household.repository';
import { HouseholdService } from './household.service';
import type { WaitlistService } from '../waitlist/waitlist.service';

/** Registering into a seat held by a waitlist offer (the waitlist module plugs itself in at start-up). */
type WaitlistOffers = Pick<WaitlistService, 'claimOffer' | 'offerAccepted' | 'offerReturned'>;

/**
 * A card registration's held seat (holdCardSeat). `released`: the PaymentIntent of a lapsed hold it replaced;
 * `offerEntryId`: the waitlist entry whose offered seat this hold took.
 */
export interface CardHold {
  enrollmentId: string;
  reused: boolean;
  offerEntryId: string | null;
  paymentIntentId: string | null;
  holdExpiresAt: Date;
  amountDueCents: number;
  released: string | null;
}

export const OFFER_ONE_SEAT = 'A waitlist offer holds one seat: register one person with it.';

/** A waitlist offer is one seat: a household registration (attendees) cannot use it. */
export function assertOneSeatOffer(dto: { waitlistOfferToken?: string }): void {
  const attendees = (dto as { attendees?: unknown }).attendees;
  if (dto.waitlistOfferToken && Array.isArray(attendees) && attendees.length)
    throw new AppException(400, OFFER_ONE_SEAT, { errors: { attendees: OFFER_ONE_SEAT } });
}

/** The public registration's reply: this registration only (decision 15). */
interface RegistrationReply {
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

const CARD_REMOVE_MESSAGE =
  'This enrollment has a card payment. Cancel it (with or without a refund) instead of removing it, so its payment record is kept.';
const CARD_DELETE_MESSAGE =
  'This student has a card payment on record. Cancel their card enrollments (with or without a refund) instead of deleting the student.';
const CARD_STATUS_MESSAGE =
  'The payment status of a card payment changes only through the payment provider (refund or cancel the enrollment).';
const PAYMENT_LABEL: Record<PaymentStatus, string> = { completed: 'Paid', pending: 'Payment Pending', failed: 'Payment Failed' };
const isUniqueViolation = (e: unknown) => e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505';

@Injectable()
export class StudentsService {
  private waitlistOffers: WaitlistOffers | null = null;

  constructor(
    private readonly repo: StudentsRepository,
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly usage: UsageService,
    private readonly activity: ActivityService,
    private readonly cards: CardEnrollmentsService,
    private readonly cardsRepo: CardEnrollmentsRepository,
    private readonly household: HouseholdService,
    private readonly households: HouseholdRepository,
    @InjectDataSource() private readonly db: DataSource,
    // A type, not the class, in the signature: the two modules import each other, and decorator metadata would read the
    // class before its module finished loading.
    @Inject(forwardRef(() => CommunicationsService))
    private readonly communications: Pick<CommunicationsService, 'queueRegistrationConfirmation'>,
  ) {}

  /**
   * A last-seat race ends with most callers finding the class full. Telling them before the organization lock keeps
   * them out of the queue behind the winners' transactions (issue 9 §5: 100 holds racing for 5 seats). Only a plain
   * "full" is answered here: a caller with a seat of their own in the class (a hold to reuse or switch, an enrollment)
   * and a waitlist offer's holder take the locked path, whose seat update decides everything else.
   */
  async refuseEarlyWhenFull(organizationId: string, classId: string, email: string, offerToken?: string): Promise<void> {
    if (offerToken || !(await this.classes.isFull(classId, organizationId))) return;
    if (await this.cards.heldFor(undefined, organizationId, email, classId, false)) return;
    throw classFull();
  }

  /**
   * A new hold whose PaymentIntent could not be opened (Stripe failed): nothing was registered, so its seat is freed,
   * except that a waitlist offer's seat goes back to the offer. Its holder keeps the offer until its own expiry and can
   * try again with the same link: a provider outage must not pass their place to the next person.
   */
  async abandonHold(organizationId: string, hold: CardHold): Promise<void> {
    if (hold.reused) return;
    const e = { id: hold.enrollmentId, organizationId };
    await this.db.transaction(async (m) => {
      if (!hold.offerEntryId || !this.waitlistOffers) {
        await this.cards.expire(m, e, false);
        return;
      }
      // Still held (no job expired it meanwhile, which would have passed the seat on): the seat stays the offer's.
      if (await this.cards.expireKeepingSeat(m, e)) await this.waitlistOffers.offerReturned(m, hold.offerEntryId, hold.enrollmentId);
    });
  }

  useWaitlistOffers(offers: WaitlistOffers): void {
    this.waitlistOffers = offers;
  }

  /** The offer a registration names (`waitlistOfferToken`), locked; null without a token. */
  private claimOffer(manager: EntityManager, organizationId: string, classId: string, email: string, token?: string) {
    if (!token) return null;
    if (!this.waitlistOffers) throw new NotFoundException('Waitlist offers are not available');
    return this.waitlistOffers.claimOffer(manager, organizationId, classId, token, email);
  }

  async list(organizationId: string, params: ListParams) {
    const { rows, enrollments, total } = await this.repo.list(organizationId, params);
    const contacts = await this.households.contactsOf(rows);
    return { rows: rows.map((s) => mapStudent(s, enrollments.get(s.id) ?? [], { contact: contacts.get(s.id) })), total };
  }

  async get(id: string, organizationId: string): Promise<StudentResponse> {
    const s = await this.repo.findInOrganization(id, organizationId);
    if (!s) throw new NotFoundException(`Student ${id} not found`);
    return (await this.withEnrollments([s]))[0];
  }

  async studentsOfClass(classId: string, organizationId: string) {
    await this.classes.require(classId, organizationId);
    const rows = await this.repo.studentsOfClass(classId, organizationId);
    const contacts = await this.households.contactsOf(rows.map((r) => r.student));
    return rows.map(({ student, enrollment }) => mapStudent(student, [enrollment], { contact: contacts.get(student.id) }));
  }

  /** The already-enrolled answer of spec 2 §7, with what the dialog shows. */
  async checkEnrollment(dto: CheckEnrollmentDto) {
    const cls = await this.classes.publicGet(dto.classId);
    if (cls.organizationId !== dto.organizationId) throw new NotFoundException(`Class with ID ${dto.classId} not found`);
    const student = await this.repo.findByEmail(dto.organizationId, dto.email);
    const enrollment = student ? await this.repo.findEnrollment(student.id, dto.classId) : null;
    if (!enrollment) {
      const classFull = cls.enrolledStudents >= cls.maxStudents;
      // A new student the plan cannot take would only fail at the last step: say so now (issue 8 §6).
      if (!student && !classFull && (await this.studentLimitReached(dto.organizationId)))
        return this.registrationClosed(dto.organizationId, cls);
      return { enrolled: false, classFull };
    }
    const org = await this.orgs.publicOrganization(dto.organizationId);
    throw new AppException(409, `You are already enrolled in ${cls.title} (${PAYMENT_LABEL[enrollment.paymentStatus]}).`, {
      code: ErrorCode.AlreadyEnrolled,
      isAlreadyEnrolled: true,
      details: {
        className: cls.title,
        classId: cls.id,
        existingEnrollment: { enrollmentDate: enrollment.enrollmentDate, paymentStatus: enrollment.paymentStatus },
      },
      organizationData: { name: org.branding.businessName || org.name, contactInfo: org.contactInfo },
      classInstructor: cls.instructor,
    });
  }

  /** The student-facing 403 when the plan's student limit stops a registration (a household's card hold uses it too). */
  async registrationClosedError(organizationId: string, classId: string): Promise<AppException> {
    const closed = await this.registrationClosed(organizationId, await this.classes.publicGet(classId));
    return new AppException(403, closed.message, {
      code: ErrorCode.RegistrationClosed,
      registrationClosed: true,
      organizationData: closed.organizationData,
    });
  }

  /** The household contacts of these students (attendees), by attendee id: for rosters built elsewhere (teacher screens). */
  householdContacts(students: { id: string; householdContactId?: string | null }[]) {
    return this.households.contactsOf(students);
  }

  private async studentLimitReached(organizationId: string): Promise<boolean> {
    try {
      await this.usage.assertCanAddStudent(organizationId);
      return false;
    } catch (e) {
      if (e instanceof ForbiddenException) return true;
      throw e;
    }
  }

  /**
   * Registration is closed by the organization's plan (its student limit): the student gets a text naming the
   * organization and its contact, never the plan talk meant for the admin; the admin gets an activity event.
   */
  private async registrationClosed(organizationId: string, cls: { id: string; title: string }) {
    const org = await this.orgs.publicOrganization(organizationId);
    const name = org.branding.businessName || org.name;
    const plan = await this.usage.planOf(organizationId);
    await this.activity.record(
      organizationId,
      'registration_blocked',
      `A new student could not register for ${cls.title}: the ${plan.name} plan's limit of ${plan.limits.maxStudents} students is reached`,
      { classId: cls.id, className: cls.title, plan: plan.id, maxStudents: plan.limits.maxStudents },
    );
    return {
      enrolled: false,
      classFull: false,
      registrationClosed: true,
      message: `${name} is not accepting new online registrations right now. Please contact ${name} to register for this class.`,
      organizationData: { name, contactInfo: org.contactInfo },
    };
  }

  /**
   * Public registration (in person, payment pending). One transaction: the seat, the student (one
   * record per email in an organization) and the enrollment commit together or not at all.
   */
  async register(sent: RegisterStudentDto): Promise<RegistrationReply & { enrollments?: unknown[] }> {
    const dto = withoutServerOwned(sent);
    const classId = dto.classEnrollments[0]?.classId;
    if (!classId)
      throw new AppException(400, 'Choose a class to register for', { errors: { classEnrollments: 'Choose a class to register for' } });
    assertOneSeatOffer(dto);
    try {
      const { attendees, ...fields } = dto;
      // Household registration (issue 14 §2): its own path, every seat or none.
      if (attendees) return await this.household.registerInPerson(dto.organizationId, fields, attendees, classId);
      return await this.enrollNew(dto.organizationId, dto, classId, 'in-person', 'pending', 'online', 0, dto.waitlistOfferToken);
    } catch (e) {
      // The limit was reached between the check and this step: the same student-facing answer, never the admin's plan text.
      if (!(e instanceof ForbiddenException) || !e.message.startsWith('Student limit reached')) throw e;
      const closed = await this.registrationClosed(dto.organizationId, await this.classes.publicGet(classId));
      throw new AppException(403, closed.message, {
        code: ErrorCode.RegistrationClosed,
        registrationClosed: true,
        organizationData: closed.organizationData,
      });
    }
  }

  /**
   * Shared by in-person registration and (later) confirmed card payments. Lock order is always
   * organization row, then class row, so it cannot deadlock with class edits.
   */
  async enrollNew(
    organizationId: string,
    fields: StudentFieldsDto,
    classId: string,
    method: PaymentMethod,
    status: PaymentStatus,
    source: string,
    amountPaidCents = 0,
    waitlistOfferToken?: string,
  ): Promise<RegistrationReply> {
    await this.refuseEarlyWhenFull(organizationId, classId, fields.email, waitlistOfferToken);
    try {
      return await this.db.transaction(async (manager) => {
        await this.orgs.lockForUpdate(manager, organizationId);
        // The same email holding a seat for a card payment in this class switches to paying in person: the held seat
        // becomes the registration (no second seat, no 409). Its PaymentIntent stays on the row: if the student pays
        // it after all, the payment is recorded as a card payment of this enrollment.
        // A waitlist offer's held seat becomes the registration's: no second seat.
        const offer = await this.claimOffer(manager, organizationId, classId, fields.email, waitlistOfferToken);
        const held = method === 'in-person' && !offer ? await this.cards.heldFor(manager, organizationId, fields.email, classId) : null;
        const switched = held?.status === 'held' ? await this.cardsRepo.holdToInPerson(manager, held.id) : null;
        const cls =
          switched || offer
            ? await this.classes.require(classId, organizationId, manager)
            : await this.classes.takeSeat(manager, classId, organizationId);
        const { student, created } = switched
          ? { student: (await this.repo.findInOrganization(held!.studentId, organizationId, manager))!, created: false }
          : await this.findOrCreateStudent(manager, organizationId, fields);
        const enrollment =
          switched ??
          (await this.repo.insertEnrollment(manager, {
            organizationId,
            studentId: student.id,
            classId,
            paymentMethod: method,
            paymentStatus: status,
            amountPaidCents,
            enrollmentDate: new Date(),
            // §4: what this student was promised stays what it was, whatever the organization changes later.
            cancellationPolicy: await this.orgs.cancellationPolicies(manager, organizationId),
            // Decision 15: the typed details are kept on the enrollment, never written over the stored student.
            registeredFirstName: fields.firstName,
            registeredLastName: fields.lastName,
            registeredPhone: fields.phone,
            registeredCommunicationOptIn: fields.communicationOptIn ?? true,
          }));
        if (offer) await this.waitlistOffers!.offerAccepted(manager, offer.entryId, enrollment.id);
        const name = `${student.firstName} ${student.lastName}`;
        if (created)
          await this.activity.record(
            organizationId,
            'student_registration',
            `${name} registered`,
            { studentId: student.id, studentName: name },
            manager,
          );
        await this.activity.record(
          organizationId,
          'class_enrollment',
          `${name} enrolled in ${cls.title}`,
          { studentId: student.id, studentName: name, classId, className: cls.title, paymentMethod: method, source },
          manager,
        );
        if (cls.enrolledStudents >= cls.maxStudents) {
          await this.activity.record(
            organizationId,
            'class_full',
            `${cls.title} is now full`,
            { classId, className: cls.title, studentsCount: cls.enrolledStudents },
            manager,
          );
        }
        // The confirmation (with every session in an .ics) commits with the registration or not at all.
        if (method === 'in-person')
          await this.communications.queueRegistrationConfirmation(manager, {
            organizationId,
            enrollmentId: enrollment.id,
            classId,
            studentId: student.id,
            firstName: fields.firstName,
            lastName: fields.lastName,
            email: student.email,
            phone: fields.phone,
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
      if (isUniqueViolation(e))
        throw new AppException(409, 'This email is already enrolled in this class.', {
          code: ErrorCode.AlreadyEnrolled,
          isAlreadyEnrolled: true,
        });
      throw e;
    }
  }

  /**
   * The seat of a card registration (issue 9 §3): one transaction takes the seat with the same conditional
   * update as in-person registration (a held seat counts against capacity) and writes a `held` card enrollment
   * with its hold expiry, the price due and the frozen cancellation policy. The same email asking again while
   * its hold is open gets that hold back (no second seat); a hold that lapsed is released first. `assertAllowed`
   * runs inside the transaction, after the organization row is locked (plan checks see what commits).
   */
  async holdCardSeat(
    organizationId: string,
    fields: StudentFieldsDto,
    classId: string,
    opts: {
      amountDueCents: number;
      holdMinutes: number;
      assertAllowed: (manager: EntityManager) => Promise<void>;
      waitlistOfferToken?: string;
    },
  ): Promise<CardHold> {
    try {
      return await this.db.transaction(async (manager) => {
        await this.orgs.lockForUpdate(manager, organizationId);
        let released: string | null = null;
        const existing = await this.cards.heldFor(manager, organizationId, fields.email, classId);
        if (existing?.status === 'active') {
          throw new AppException(409, `You are already enrolled in ${existing.classTitle} (${PAYMENT_LABEL[existing.paymentStatus]}).`, {
            code: ErrorCode.AlreadyEnrolled,
            isAlreadyEnrolled: true,
          });
        }
        if (existing && existing.holdExpiresAt && existing.holdExpiresAt.getTime() > Date.now()) {
          return {
            enrollmentId: existing.id,
            reused: true,
            offerEntryId: null,
            paymentIntentId: existing.stripePaymentIntentId,
            holdExpiresAt: existing.holdExpiresAt,
            amountDueCents: existing.amountDueCents ?? opts.amountDueCents,
            released,
          };
        }
        if (existing) {
          await this.cards.expire(manager, existing, false);
          released = existing.stripePaymentIntentId;
        }
        // The seat first: in a last-seat race most callers stop here, one query after the lock (the plan checks
        // after it roll the seat back with the transaction when they refuse).
        // A waitlist offer's held seat becomes the card hold: no second seat.
        const offer = await this.claimOffer(manager, organizationId, classId, fields.email, opts.waitlistOfferToken);
        if (!offer) await this.classes.claimSeat(manager, classId, organizationId);
        await opts.assertAllowed(manager);
        const { student, created } = await this.findOrCreateStudent(manager, organizationId, fields);
        const [held] = await this.cardsRepo.insertHeld(manager, {
          organizationId,
          studentId: student.id,
          classId,
          amountDueCents: opts.amountDueCents,
          holdMinutes: opts.holdMinutes,
          policy: await this.orgs.cancellationPolicies(manager, organizationId),
          registered: {
            firstName: fields.firstName,
            lastName: fields.lastName,
            phone: fields.phone,
            communicationOptIn: fields.communicationOptIn ?? true,
          },
        });
        if (offer) await this.waitlistOffers!.offerAccepted(manager, offer.entryId, held.id);
        if (created) {
          const name = `${student.firstName} ${student.lastName}`;
          await this.activity.record(
            organizationId,
            'student_registration',
            `${name} registered`,
            { studentId: student.id, studentName: name },
            manager,
          );
        }
        return {
          enrollmentId: held.id,
          reused: false,
          offerEntryId: offer?.entryId ?? null,
          paymentIntentId: null,
          holdExpiresAt: new Date(held.holdExpiresAt),
          amountDueCents: opts.amountDueCents,
          released,
        };
      });
    } catch (e) {
      if (isUniqueViolation(e))
        throw new AppException(409, 'This email is already enrolled in this class.', {
          code: ErrorCode.AlreadyEnrolled,
          isAlreadyEnrolled: true,
        });
      if (e instanceof ForbiddenException && e.message.startsWith('Student limit reached')) {
        const closed = await this.registrationClosed(organizationId, await this.classes.publicGet(classId));
        throw new AppException(403, closed.message, {
          code: ErrorCode.RegistrationClosed,
          registrationClosed: true,
          organizationData: closed.organizationData,
        });
      }
      throw e;
    }
  }

  async create(organizationId: string, dto: CreateStudentDto): Promise<StudentResponse> {
    try {
      const id = await this.db.transaction(async (manager) => {
        await this.orgs.lockForUpdate(manager, organizationId);
        if (await this.repo.findByEmail(organizationId, dto.email, manager))
          throw new ConflictException('A student with this email already exists');
        await this.usage.assertCanAddStudent(organizationId, manager);
        const student = await this.repo.insertStudent(manager, this.studentFields(organizationId, dto));
        const name = `${student.firstName} ${student.lastName}`;
        await this.activity.record(
          organizationId,
          'student_registration',
          `${name} was added`,
          { studentId: student.id, studentName: name },
          manager,
        );
        await this.applyEnrollments(manager, student, dto.classEnrollments ?? []);
        return student.id;
      });
      return this.get(id, organizationId);
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException('A student with this email already exists, or is enrolled twice in one class');
      throw e;
    }
  }

  async update(id: string, organizationId: string, dto: UpdateStudentDto): Promise<StudentResponse> {
    try {
      await this.db.transaction(async (manager) => {
        await this.orgs.lockForUpdate(manager, organizationId);
        const student = await this.repo.findInOrganization(id, organizationId, manager);
        if (!student) throw new NotFoundException(`Student ${id} not found`);
        const other = await this.repo.findByEmail(organizationId, dto.email, manager);
        // A household attendee shares the contact's email (issue 14 §2).
        if (other && other.id !== id && other.id !== student.householdContactId)
          throw new ConflictException('A student with this email already exists');
        Object.assign(student, this.studentFields(organizationId, dto));
        await this.repo.saveStudent(manager, student);
        if (dto.classEnrollments) await this.applyEnrollments(manager, student, dto.classEnrollments);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new ConflictException('A student with this email already exists');
      throw e;
    }
    return this.get(id, organizationId);
  }

  /** Deleting a student frees each of their seats exactly once. */
  async delete(id: string, organizationId: string) {
    await this.db.transaction(async (manager) => {
      const student = await this.repo.findInOrganization(id, organizationId, manager);
      if (!student) throw new NotFoundException(`Student ${id} not found`);
      if ((await this.repo.cardEnrollmentClasses(manager, id)).length) throw new ConflictException(CARD_DELETE_MESSAGE);
      // Attendees share the contact's email and phone: the household loses its contact only once they are gone.
      const members = (await this.households.membersOf([id])).get(id) ?? [];
      if (members.length)
        throw new ConflictException(
          `This student is the household contact of ${members.map((m) => `${m.firstName} ${m.lastName}`).join(', ')}. Remove them first.`,
        );
      const freed = await this.repo.deleteEnrollments(manager, id);
      await this.classes.releaseSeats(manager, organizationId, freed);
      await this.repo.deleteStudent(manager, id, organizationId);
      const name = `${student.firstName} ${student.lastName}`;
      await this.activity.record(organizationId, 'student_removed', `${name} was removed`, { studentId: id, studentName: name }, manager);
    });
    return { id };
  }

  /** Frees one enrollment's seat (cancel). */
  async cancelEnrollment(studentId: string, classId: string, organizationId: string) {
    await this.db.transaction(async (manager) => {
      const student = await this.repo.findInOrganization(studentId, organizationId, manager);
      if (!student) throw new NotFoundException(`Student ${studentId} not found`);
      if ((await this.repo.cardEnrollmentClasses(manager, studentId, [classId])).length) throw new ConflictException(CARD_REMOVE_MESSAGE);
      const freed = await this.repo.deleteEnrollments(manager, studentId, [classId]);
      if (!freed.length) throw new NotFoundException('This student is not enrolled in this class');
      await this.classes.releaseSeats(manager, organizationId, freed);
      const name = `${student.firstName} ${student.lastName}`;
      await this.activity.record(
        organizationId,
        'enrollment_cancelled',
        `${name}'s enrollment was cancelled`,
        { studentId, studentName: name, classId },
        manager,
      );
    });
    return this.get(studentId, organizationId);
  }

  /**
   * Makes the student's enrollments match the list sent by the admin form: new classes take a seat,
   * removed ones free theirs, and a changed payment status is applied.
   */
  private async applyEnrollments(manager: EntityManager, student: StudentEntity, all: EnrollmentInputDto[]) {
    // Past enrollments sent back with the record (cancelled, expired) are history, not classes to enroll in.
    const wanted = all.filter((w) => w.status === undefined || w.status === 'held' || w.status === 'active');
    // Only seat-taking enrollments are the form's to edit: cancelled and expired ones are history.
    const current = (await this.repo.enrollmentsOf([student.id], manager, true)).get(student.id) ?? [];
    const wantedIds = new Set(wanted.map((w) => w.classId));
    if (wantedIds.size !== wanted.length) throw new AppException(400, 'A class appears twice in classEnrollments');
    const removed = current.filter((e) => !wantedIds.has(e.classId)).map((e) => e.classId);
    if (removed.length && (await this.repo.cardEnrollmentClasses(manager, student.id, removed)).length)
      throw new ConflictException(CARD_REMOVE_MESSAGE);
    const freed = await this.repo.deleteEnrollments(manager, student.id, removed);
    await this.classes.releaseSeats(manager, student.organizationId, freed);
    for (const w of wanted) {
      const existing = current.find((e) => e.classId === w.classId);
      if (!existing) {
        const cls = await this.classes.takeSeat(manager, w.classId, student.organizationId);
        const status = w.paymentStatus ?? 'pending';
        await this.repo.insertEnrollment(manager, {
          organizationId: student.organizationId,
          studentId: student.id,
          classId: w.classId,
          enrollmentDate: new Date(),
          paymentMethod: w.paymentMethod ?? 'in-person',
          paymentStatus: status,
          amountPaidCents: status === 'completed' ? amountDueCents(cls) : 0,
          cancellationPolicy: await this.orgs.cancellationPolicies(manager, student.organizationId),
        });
        const name = `${student.firstName} ${student.lastName}`;
        // An admin or teacher adding a student is a walk-in enrollment (issue 12 §1); the public site's is online.
        await this.activity.record(
          student.organizationId,
          'class_enrollment',
          `${name} enrolled in ${cls.title}`,
          {
            studentId: student.id,
            studentName: name,
            classId: w.classId,
            className: cls.title,
            paymentMethod: w.paymentMethod ?? 'in-person',
            source: 'walk_in',
          },
          manager,
        );
      } else if (w.paymentStatus && w.paymentStatus !== existing.paymentStatus) {
        if (existing.paymentMethod === 'card' || existing.status === 'held') throw new ConflictException(CARD_STATUS_MESSAGE);
        const cls = await this.classes.require(w.classId, student.organizationId, manager);
        await this.repo.updateEnrollmentPayment(manager, existing.id, {
          paymentStatus: w.paymentStatus,
          amountPaidCents: w.paymentStatus === 'completed' ? amountDueCents(cls) : 0,
        });
      }
    }
  }

  private async findOrCreateStudent(manager: EntityManager, organizationId: string, f: StudentFieldsDto) {
    const existing = await this.repo.findByEmail(organizationId, f.email, manager);
    // Decision 15: a known email matches the student, whose stored name, phone and consent stay as they are.
    // One left by card attempts that never completed does not count toward maxStudents: enrolling it now counts it.
    if (existing && !(await this.repo.countsTowardLimit(manager, existing.id)))
      await this.usage.assertCanAddStudent(organizationId, manager);
    if (existing) return { student: existing, created: false };
    await this.usage.assertCanAddStudent(organizationId, manager);
    return { student: await this.repo.insertStudent(manager, this.studentFields(organizationId, f)), created: true };
  }

  private studentFields(organizationId: string, f: StudentFieldsDto & { status?: string }): Partial<StudentEntity> {
    return {
      organizationId,
      firstName: f.firstName,
      lastName: f.lastName,
      email: f.email,
      phone: f.phone,
      communicationOptIn: f.communicationOptIn ?? true,
      ...(f.status ? { status: f.status } : {}),
    };
  }

  /** The class's enrolled students (id and name), sorted by name: the attendance register. */
  rosterOfClass(classId: string, organizationId: string): Promise<EnrolledStudent[]> {
    return this.repo.rosterOfClass(classId, organizationId);
  }

  /**
   * Which of these students are enrolled in the class, with their names; the enrollment rows are
   * share-locked for the caller's transaction so none is cancelled before its write commits.
   */
  lockEnrolledInClass(manager: EntityManager, classId: string, organizationId: string, studentIds: string[]): Promise<EnrolledStudent[]> {
    return this.repo.lockEnrolledInClass(manager, classId, organizationId, studentIds);
  }

  /** The student of this organization, read in the caller's transaction (null when not found). */
  findInOrganization(manager: EntityManager, organizationId: string, id: string) {
    return this.repo.findInOrganization(id, organizationId, manager);
  }

  /** Locks the enrollment row for the caller's transaction, so two payment marks of it run one after the other. */
  lockEnrollment(manager: EntityManager, organizationId: string, studentId: string, classId: string): Promise<LockedEnrollment | null> {
    return this.repo.lockEnrollment(manager, organizationId, studentId, classId);
  }

  /** pending -> completed in person for the amount due; null when it was not pending (a second click changes nothing). */
  markEnrollmentPaidInPerson(manager: EntityManager, enrollmentId: string, amountCents: number) {
    return this.repo.markEnrollmentPaidInPerson(manager, enrollmentId, amountCents);
  }

  /** completed in person -> pending with nothing paid; null for anything else (a card payment is never undone here). */
  markEnrollmentUnpaid(manager: EntityManager, enrollmentId: string) {
    return this.repo.markEnrollmentUnpaid(manager, enrollmentId);
  }

  /** IT-admin overview (issue 13): students and active enrollments per organization. */
  countsByOrganization(organizationIds: string[]) {
    return this.repo.countsByOrganization(organizationIds);
  }

  /** IT-admin student payments (issue 13), newest first. */
  paymentsOfOrganization(organizationId: string, offset: number, limit: number) {
    return this.repo.paymentsOfOrganization(organizationId, offset, limit);
  }

  /** IT-admin payment reset (issue 13): in-person payments back to pending; card payments listed as skipped. */
  resetInPersonPayments(manager: EntityManager, organizationId: string) {
    return this.repo.resetInPersonPayments(manager, organizationId);
  }

  /** IT-admin bulk delete (issue 13): every student of the organization, each seat freed once. */
  async deleteAllOfOrganization(manager: EntityManager, organizationId: string) {
    await this.orgs.lockForUpdate(manager, organizationId);
    const result = await this.repo.deleteAllOfOrganization(manager, organizationId);
    await this.classes.releaseSeats(manager, organizationId, result.seatClassIds);
    return { students: result.students, enrollments: result.enrollments };
  }

  /** Seat holds whose card payment is still open (their PaymentIntents are cancelled when the organization is deleted). */
  openCardHolds(organizationId: string, manager?: EntityManager) {
    return this.repo.openCardHolds(organizationId, manager);
  }

  /** The organization's students as message recipients (the Communication Center's dropdown), by name. */
  listContacts(organizationId: string) {
    return this.repo.listContacts(organizationId);
  }

  /** Each student's current communicationOptIn (messages are checked against it when they go, not only when queued). */
  communicationOptIns(ids: string[], manager?: EntityManager): Promise<Map<string, boolean>> {
    return this.repo.communicationOptIns(ids, manager);
  }

  /** The one-click unsubscribe link (and a later opt-in change): false when the student is not in the organization. */
  setCommunicationOptIn(organizationId: string, id: string, optIn: boolean): Promise<boolean> {
    return this.repo.setCommunicationOptIn(organizationId, id, optIn);
  }

  /** Where these enrollments stand now (the waitlist shows what became of a registration from an offer). */
  enrollmentStates(organizationId: string, ids: string[]) {
    return this.repo.enrollmentStates(organizationId, ids);
  }

  /** Registered (active) enrollments of these classes with the student's contact (the reminders job). */
  activeEnrollmentsOfClasses(classIds: string[]) {
    return this.repo.activeEnrollmentsOfClasses(classIds);
  }

  private async withEnrollments(rows: StudentEntity[]) {
    const enrollments = await this.repo.enrollmentsOf(rows.map((r) => r.id));
    const contacts = await this.households.contactsOf(rows);
    const members = await this.households.membersOf(rows.filter((r) => !r.householdContactId).map((r) => r.id));
    return rows.map((s) => mapStudent(s, enrollments.get(s.id) ?? [], { contact: contacts.get(s.id), members: members.get(s.id) }));
  }
}
