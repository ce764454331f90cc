import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { cancellationPoliciesOf, OrganizationsService } from '../organizations/organizations.service';
import { PricingService, type Quote } from '../pricing/pricing.service';
import { RegistrationFormsService, type PreparedForm } from '../registration-forms/registration-forms.service';
import type { StudentFieldsDto } from '../students/dto/student-fields.dto';
import { StudentsService } from '../students/students.service';
import { RegistrantsService } from './registrants.service';
import { SeatOffers } from './seat-offers';
import { CreditsLedger } from '../credits/credits-ledger';
import type { ClassEntity } from '../classes/class.entity';

/**
 * The pieces every seat write (seat-writer.ts) shares, in the caller's transaction: the person, a waitlist offer's
 * seat, the frozen cancellation policy, and what is written beside the enrollment (the code's use, the offer accepted,
 * the form's answers and signatures).
 */
@Injectable()
export class SeatParts {
  constructor(
    private readonly registrants: RegistrantsService,
    private readonly students: StudentsService,
    private readonly offers: SeatOffers,
    private readonly orgs: OrganizationsService,
    private readonly pricing: PricingService,
    private readonly forms: RegistrationFormsService,
    private readonly credits: CreditsLedger,
  ) {}

  /**
   * A registration paid with a credit: one use (or the quoted price, from account credit) taken for the enrollment, in
   * the seat's transaction; a refusal (expired, exhausted, not covering this class or session, not theirs) rolls the
   * seat back with it.
   */
  useCredit(
    m: EntityManager,
    u: {
      organizationId: string;
      creditId: string;
      studentId: string;
      enrollmentId: string;
      cls: ClassEntity;
      sessionId: string | null;
      quote?: Quote;
    },
  ) {
    return this.credits.use(m, {
      organizationId: u.organizationId,
      entitlementId: u.creditId,
      studentId: u.studentId,
      enrollmentId: u.enrollmentId,
      target: { classId: u.cls.id, termId: u.cls.termId ?? null, dropIn: u.sessionId !== null },
      cents: u.quote?.totalCents,
    });
  }

  /** The organization's student with this email, or a new one; the date of birth the price used is kept on one without. */
  async person(m: EntityManager, organizationId: string, fields: StudentFieldsDto, dateOfBirth?: string) {
    const found = await this.registrants.findOrCreate(m, organizationId, fields);
    if (dateOfBirth && !found.student.dateOfBirth) await this.students.fillDateOfBirth(m, found.student.id, dateOfBirth);
    return found;
  }

  /** A waitlist offer's held seat, claimed for this email (null without a token): it becomes the registration's seat. */
  claimOffer(m: EntityManager, organizationId: string, classId: string, email: string, token?: string) {
    return this.offers.claim(m, organizationId, classId, email, token);
  }

  /** §4: what this student was promised stays what it was, whatever the organization changes later. */
  policy(m: EntityManager, organizationId: string, org?: OrganizationEntity) {
    return org ? Promise.resolve(cancellationPoliciesOf(org)) : this.orgs.cancellationPolicies(m, organizationId);
  }

  /**
   * What is written beside the new enrollments, in their transaction: the promo code's use (when its last use went to
   * someone else, the seat rolls back), the offer accepted, and each person's answers and signatures on their seat.
   */
  async beside(
    m: EntityManager,
    w: {
      organizationId: string;
      classId: string;
      email: string;
      /** The enrollment the code's use and the offer name (a household's: its first, which names the group). */
      enrollmentId: string;
      quote?: Quote;
      offerEntryId?: string | null;
      form?: PreparedForm;
      seats: { enrollmentId: string; studentId: string }[];
      /** The enrollments are new in this transaction (nothing stored to replace). */
      fresh: boolean;
    },
  ): Promise<void> {
    if (w.quote)
      await this.pricing.redeem(m, w.quote, {
        organizationId: w.organizationId,
        enrollmentId: w.enrollmentId,
        email: w.email,
        classId: w.classId,
      });
    if (w.offerEntryId) await this.offers.accepted(m, w.offerEntryId, w.enrollmentId);
    if (w.form) await this.forms.store(m, w.form, w.seats, { fresh: w.fresh });
  }

  /** A card hold asked for again while open: the answers given now replace the earlier ones (signatures add up). */
  async storeAgain(m: EntityManager, form: PreparedForm | undefined, seat: { enrollmentId: string; studentId: string }) {
    if (form) await this.forms.store(m, form, [seat]);
  }
}
