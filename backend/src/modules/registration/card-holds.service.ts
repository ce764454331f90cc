import { Injectable, NotFoundException } from '@nestjs/common';
import { lowerTrim } from '../../common/http/transforms';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { ClassesService, classFull } from '../classes/classes.service';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { cancellationPoliciesOf, OrganizationsService } from '../organizations/organizations.service';
import { breakdown, PricingService, type Quote } from '../pricing/pricing.service';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import { StudentsService } from '../students/students.service';
import { UsageService, type SeatPlan } from '../subscriptions/usage.service';
import { CardEnrollmentsRepository } from './card-enrollments.repository';
import { CardEnrollmentsService } from './card-enrollments.service';
import { isStudentLimit, RegistrantsService } from './registrants.service';
import {
  alreadyEnrolledRace,
  isUniqueViolation,
  OFFER_ONE_SEAT,
  PAYMENT_LABEL,
  RegistrationError,
  RegistrationException,
} from './registration.exception';
import { SeatOffers } from './seat-offers';
import { RegistrationFormsService, type PreparedForm } from '../registration-forms/registration-forms.service';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the cheap full-class check needs from a registration body that has not been validated yet: the class and
 * organization (well-formed ids) and the email. Null when the body does not name them plainly, or asks for something
 * a plain 'full' does not answer (a waitlist offer's seat, a household's seats): such a body is validated first and
 * goes the ordinary way.
 */
export function plainSeatRequest(
  body: unknown,
  classId: unknown,
  email: unknown,
): { organizationId: string; classId: string; email: string | null } | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as { organizationId?: unknown; waitlistOfferToken?: unknown; attendees?: unknown };
  if (typeof b.organizationId !== 'string' || !UUID.test(b.organizationId) || typeof classId !== 'string' || !UUID.test(classId))
    return null;
  if (b.waitlistOfferToken !== undefined || b.attendees !== undefined) return null;
  // The email as validation will leave it (lowerTrim), so the seat it is found to hold is the one the registration
  // then looks for.
  const normalized = lowerTrim({ value: email });
  return { organizationId: b.organizationId, classId, email: typeof normalized === 'string' ? normalized : null };
}

/** The class as a registration read it, and whether the email it was read for (exactly as sent) holds a seat in it. */
export interface SeatRead {
  cls: ClassEntity;
  email: string | null;
  emailHoldsSeat: boolean;
}

/** True when this read says the email a registration is for has no seat in the class (so no held seat to switch or reuse). */
export const noSeatOf = (read: SeatRead | null | undefined, email: string): boolean =>
  !!read && read.email === email && !read.emailHoldsSeat;

/** A waitlist offer is one seat: a household registration (attendees) cannot use it. */
export function assertOneSeatOffer(dto: { waitlistOfferToken?: string }): void {
  const attendees = (dto as { attendees?: unknown }).attendees;
  if (dto.waitlistOfferToken && Array.isArray(attendees) && attendees.length)
    throw new RegistrationException(RegistrationError.OfferOneSeat, OFFER_ONE_SEAT, { errors: { attendees: OFFER_ONE_SEAT } });
}

/**
 * The seat of one person's card registration while the payment is open: taken, reused by the same email, or given
 * back. The PaymentIntent itself is the payments module's, which calls this before and after talking to Stripe.
 */
@Injectable()
export class CardHoldsService {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly cardsRepo: CardEnrollmentsRepository,
    private readonly classes: ClassesService,
    private readonly orgs: OrganizationsService,
    private readonly activity: ActivityService,
    private readonly registrants: RegistrantsService,
    private readonly offers: SeatOffers,
    @InjectDataSource() private readonly db: DataSource,
    private readonly forms: RegistrationFormsService,
    private readonly pricing: PricingService,
    private readonly students: StudentsService,
    private readonly usage: UsageService,
  ) {}

  /**
   * The class a registration or card hold is for, read once for the whole request (the full check, the opening, the
   * price, the confirmation) in one statement that also tells whether this email already holds a seat in it. A plain
   * 'full' (no waitlist offer, one person, no seat of this email's) is refused here, before anything else is read.
   * Null: no such class in this organization.
   */
  async readClass(
    organizationId: string,
    classId: string,
    email: string | null,
    opts: { offerToken?: string; household?: boolean } = {},
  ): Promise<SeatRead | null> {
    const read = await this.cardsRepo.classForRegistration(classId, organizationId, email);
    if (!read) return null;
    const { cls } = read;
    if (!opts.offerToken && !opts.household && !read.emailHoldsSeat && cls.status !== 'Archived' && cls.enrolledStudents >= cls.maxStudents)
      throw classFull();
    return { cls, email, emailHoldsSeat: read.emailHoldsSeat };
  }

  /** readClass for a path that answers 404 for a class it cannot find. */
  async requireClass(
    organizationId: string,
    classId: string,
    email: string,
    opts: { offerToken?: string; household?: boolean } = {},
  ): Promise<SeatRead> {
    const read = await this.readClass(organizationId, classId, email, opts);
    if (!read) throw new NotFoundException(`Class with ID ${classId} not found`);
    return read;
  }

  /**
   * A last-seat race ends with most callers finding the class full. Telling them before the class lock keeps
   * them out of the queue behind the winners' transactions (100 holds racing for 5 seats in the benchmark). Only a plain
   * "full" is answered here: a caller with a seat of their own in the class (a hold to reuse or switch, an enrollment)
   * and a waitlist offer's holder take the locked path, whose seat update decides everything else.
   */
  async refuseEarlyWhenFull(
    organizationId: string,
    classId: string,
    email: string,
    offerToken?: string,
    /** The class as the caller read it moments ago: its seats answer without reading the row again. */
    read?: Pick<ClassEntity, 'status' | 'enrolledStudents' | 'maxStudents'>,
  ): Promise<void> {
    if (offerToken) return;
    const full = read
      ? read.status !== 'Archived' && read.enrolledStudents >= read.maxStudents
      : await this.classes.isFull(classId, organizationId);
    if (!full) return;
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
      if (!hold.offerEntryId || !this.offers.available) {
        await this.cards.expire(m, e, false);
        return;
      }
      // Still held (no job expired it meanwhile, which would have passed the seat on): the seat stays the offer's.
      if (await this.cards.expireKeepingSeat(m, e)) await this.offers.returned(m, hold.offerEntryId, hold.enrollmentId);
    });
  }

  /**
   * The seat of a card registration: one transaction takes the seat with the same conditional
   * update as in-person registration (a held seat counts against capacity) and writes a `held` card enrollment
   * with its hold expiry, the price due and the frozen cancellation policy. The same email asking again while
   * its hold is open gets that hold back (no second seat); a hold that lapsed is released first. `assertAllowed`
   * runs inside the transaction after the seat is taken (the plan checks serialise what they count themselves).
   */
  async holdCardSeat(
    organizationId: string,
    fields: StudentFieldsDto,
    classId: string,
    opts: {
      /** The price quote this person agreed to: its total is the amount due, its code is redeemed with the seat. */
      quote: Quote;
      holdMinutes: number;
      assertAllowed: (manager: EntityManager) => Promise<void>;
      waitlistOfferToken?: string;
      /** The registration form's checked answers and signatures, stored on the hold's enrollment. */
      form?: PreparedForm;
      /** The person's date of birth the quote used (kept on a student without one). */
      dateOfBirth?: string;
      /** The organization as the caller read it for this request: its cancellation policy is frozen on the hold. */
      org?: OrganizationEntity;
      /** This request's class read found no seat of this email's in the class (noSeatOf). */
      noSeatOfEmail?: boolean;
      /** The plan as the caller read it with the organization, before the transaction (its seat checks use it). */
      seatPlan?: SeatPlan;
    },
  ): Promise<CardHold> {
    try {
      return await this.db.transaction(async (manager) => {
        if (opts.seatPlan) this.usage.useSeatPlan(manager, organizationId, opts.seatPlan);
        let released: string | null = null;
        // The class read of this request found no seat of this email's: nothing to reuse or release.
        const existing = opts.noSeatOfEmail ? null : await this.cards.heldFor(manager, organizationId, fields.email, classId);
        if (existing?.status === 'active') {
          throw new RegistrationException(
            RegistrationError.AlreadyEnrolled,
            `You are already enrolled in ${existing.classTitle} (${PAYMENT_LABEL[existing.paymentStatus]}).`,
            { isAlreadyEnrolled: true },
          );
        }
        if (existing && existing.holdExpiresAt && existing.holdExpiresAt.getTime() > Date.now()) {
          // Asked again while the hold is open: the answers given now replace the earlier ones (signatures add up).
          if (opts.form) await this.forms.store(manager, opts.form, [{ enrollmentId: existing.id, studentId: existing.studentId }]);
          return {
            enrollmentId: existing.id,
            reused: true,
            offerEntryId: null,
            paymentIntentId: existing.stripePaymentIntentId,
            holdExpiresAt: existing.holdExpiresAt,
            amountDueCents: existing.amountDueCents ?? opts.quote.totalCents,
            released,
          };
        }
        if (existing) {
          await this.cards.expire(manager, existing, false);
          released = existing.stripePaymentIntentId;
        }
        // The seat first: in a last-seat race most callers stop here, at the class's lock (the plan checks
        // after it roll the seat back with the transaction when they refuse).
        // A waitlist offer's held seat becomes the card hold: no second seat.
        const offer = await this.offers.claim(manager, organizationId, classId, fields.email, opts.waitlistOfferToken);
        if (!offer) await this.classes.claimSeat(manager, classId, organizationId);
        await opts.assertAllowed(manager);
        const { student, created } = await this.registrants.findOrCreate(manager, organizationId, fields);
        if (opts.dateOfBirth && !student.dateOfBirth) await this.students.fillDateOfBirth(manager, student.id, opts.dateOfBirth);
        const name = `${student.firstName} ${student.lastName}`;
        // A new person's activity event goes to the database with the hold's insert, in one round trip.
        const events = created
          ? this.activity.recordManyStatement(organizationId, [
              { type: 'student_registration', description: `${name} registered`, metadata: { studentId: student.id, studentName: name } },
            ])
          : null;
        const [held] = await this.cardsRepo.insertHeld(
          manager,
          {
            organizationId,
            studentId: student.id,
            classId,
            amountDueCents: opts.quote.totalCents,
            priceBreakdown: breakdown(opts.quote.lines),
            holdMinutes: opts.holdMinutes,
            policy: opts.org ? cancellationPoliciesOf(opts.org) : await this.orgs.cancellationPolicies(manager, organizationId),
            registered: {
              firstName: fields.firstName,
              lastName: fields.lastName,
              phone: fields.phone,
              communicationOptIn: fields.communicationOptIn ?? true,
            },
          },
          [events],
        );
        await this.pricing.redeem(manager, opts.quote, { organizationId, enrollmentId: held.id, email: fields.email, classId });
        if (offer) await this.offers.accepted(manager, offer.entryId, held.id);
        if (opts.form) await this.forms.store(manager, opts.form, [{ enrollmentId: held.id, studentId: student.id }], { fresh: true });
        return {
          enrollmentId: held.id,
          reused: false,
          offerEntryId: offer?.entryId ?? null,
          paymentIntentId: null,
          holdExpiresAt: new Date(held.holdExpiresAt),
          amountDueCents: opts.quote.totalCents,
          released,
        };
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw alreadyEnrolledRace();
      if (isStudentLimit(e)) throw await this.registrants.registrationClosedError(organizationId, classId);
      throw e;
    }
  }
}
