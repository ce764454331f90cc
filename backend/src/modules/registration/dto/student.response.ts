import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { QuoteLineTaxDto } from '../../pricing/dto/pricing.response';
import { ContactInfoResponseDto } from '../../organizations/dto/organization.response';
import { EnrollmentAnswerResponseDto, EnrollmentWaiverResponseDto } from '../../registration-forms/dto/waiver.dto';

export class PriceLineResponseDto {
  @ApiProperty({ example: 'Class price' }) label: string;
  @ApiProperty({ example: 80, description: 'Dollars; discounts are negative' }) amount: number;
  @ApiProperty({ type: QuoteLineTaxDto, required: false, description: 'Present on a tax line (issue 43)' }) tax?: QuoteLineTaxDto;
  @ApiProperty({ required: false, description: 'Present (true) on a registration fee line' }) fee?: boolean;
}

export class EnrollmentResponseDto {
  @ApiProperty({ format: 'uuid', example: '9076790a-923e-482e-977e-408883466a8c' }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) classTitle: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: "A drop-in's session; null: the whole class", example: null })
  classSessionId: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) enrollmentDate: string;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'], example: 'completed' }) paymentStatus: string;
  @ApiProperty({ enum: ['in-person', 'card'], example: 'in-person' }) paymentMethod: string;
  @ApiProperty({ description: 'Dollars', example: 99 }) amountPaid: number;
  @ApiProperty({
    type: [PriceLineResponseDto],
    nullable: true,
    description: 'The price quote when the seat was taken (class price, discounts, promo code; dollars, discounts negative)',
  })
  priceBreakdown: PriceLineResponseDto[] | null;
  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Dollars: what the price quote asked for this seat (null for enrollments from before price quotes)',
    example: 80,
  })
  amountDue: number | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    description: 'When the payment was completed',
    example: EXAMPLE_TIME,
  })
  paidAt: string | null;
  @ApiProperty({
    enum: ['held', 'active', 'cancelled', 'expired'],
    example: 'active',
    description:
      'held: a card payment is open and the seat is held until holdExpiresAt (show as "Awaiting card payment"); active: registered; ' +
      'cancelled: cancelled by the organization (kept with its money trail); expired: a card hold that lapsed or whose payment failed',
  })
  status: string;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'While held: when the seat is released', example: null })
  holdExpiresAt: string | null;
  @ApiProperty({ description: 'Dollars: the platform fee taken from a card payment', example: 2.4 })
  platformFee: number;
  @ApiProperty({
    description: "Dollars: the organization's share (card: after the platform fee; in person: the whole amount)",
    example: 77.6,
  })
  organizationAmount: number;
  @ApiProperty({ description: 'Dollars refunded so far', example: 0 }) refundedAmount: number;
  @ApiProperty({
    description: 'Dollars still to pay in person on a paid registration (a switch to a dearer class with the difference due at class)',
    example: 0,
  })
  balanceDue: number;
  @ApiProperty({ type: 'string', nullable: true, example: 'pi_3Q0abc' }) stripePaymentIntentId: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) cancelledAt: string | null;
  @ApiProperty({ type: () => [RefundResponseDto] }) refunds: RefundResponseDto[];
  @ApiProperty({ description: "A payment plan's instalment is unpaid past the organization's grace days", example: false })
  pastDue: boolean;
  @ApiProperty({
    type: () => RegisteredDetailsResponseDto,
    nullable: true,
    required: false,
    description:
      'The details typed at a public registration, only when they differ from the stored student (decision 15); on student replies',
  })
  registeredAs?: RegisteredDetailsResponseDto | null;
  @ApiProperty({
    type: () => [EnrollmentAnswerResponseDto],
    required: false,
    description: 'Registration form answers (student and roster replies; teachers see only showToTeacher ones)',
  })
  answers?: EnrollmentAnswerResponseDto[];
  @ApiProperty({ type: () => [EnrollmentWaiverResponseDto], required: false, description: 'Waivers signed for this enrollment' })
  waivers?: EnrollmentWaiverResponseDto[];
  @ApiProperty({
    type: [String],
    required: false,
    description: 'Roster only: titles of the class’s waivers not signed in their newest version',
  })
  unsignedWaivers?: string[];
}

/** One refund of a card enrollment. */
export class RefundResponseDto {
  @ApiProperty({ format: 'uuid', example: '1b6f0d2e-8d0f-4f4c-9d7e-3c1f2b7a9e10' }) id: string;
  @ApiProperty({ description: 'Dollars', example: 40 }) amount: number;
  @ApiProperty({
    enum: ['pending', 'succeeded', 'failed'],
    example: 'succeeded',
    description:
      'pending: made here and not final at Stripe yet (counted as refunded until it fails); failed: failed or canceled at Stripe, not counted',
  })
  status: string;
  @ApiProperty({
    enum: ['admin', 'stripe_dashboard', 'late_payment', 'class_cancelled', 'self_service', 'session_cancelled'],
    example: 'admin',
    description:
      "admin: cancel or refund in the app; stripe_dashboard: made in the Stripe dashboard (read from the payment's refunds when charge.refunded or refund.created arrives, once it succeeded); " +
      'late_payment: paid after its hold lapsed into a full class; class_cancelled: the class was cancelled for too few students; ' +
      'self_service: the student cancelled (or moved to a cheaper class) in their portal',
  })
  source: string;
  @ApiProperty({ example: 'Cancelled 10 days before the class: 100% refund' }) reason: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
}

/** What a person typed at a public registration with an email the organization already knew (decision 15). */
export class RegisteredDetailsResponseDto {
  @ApiProperty({ example: 'Liv' }) firstName: string;
  @ApiProperty({ example: 'Brown' }) lastName: string;
  @ApiProperty({ description: 'Digits only', example: '5595550222' }) phone: string;
  @ApiProperty({ example: true }) communicationOptIn: boolean;
}

/** The one enrollment a public registration made. */
export class RegistrationEnrollmentResponseDto {
  @ApiProperty({ format: 'uuid', example: '9076790a-923e-482e-977e-408883466a8c' }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) classTitle: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) enrollmentDate: string;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'], example: 'pending' }) paymentStatus: string;
  @ApiProperty({ enum: ['in-person', 'card'], example: 'in-person' }) paymentMethod: string;
  @ApiProperty({ description: 'Dollars', example: 0 }) amountPaid: number;
}

/** One person of a household registration. */
export class HouseholdEnrollmentResponseDto {
  @ApiProperty({ format: 'uuid', example: '9076790a-923e-482e-977e-408883466a8c' }) enrollmentId: string;
  @ApiProperty({ format: 'uuid', example: '6ce1f1f8-50fc-4694-af01-d92231027404' }) studentId: string;
  @ApiProperty({ example: 'Emma' }) firstName: string;
  @ApiProperty({ example: 'Martinez' }) lastName: string;
}

/** An attendee's household contact. */
export class HouseholdContactResponseDto {
  @ApiProperty({ format: 'uuid', example: '6ce1f1f8-50fc-4694-af01-d92231027404' }) id: string;
  @ApiProperty({ example: 'Olivia' }) firstName: string;
  @ApiProperty({ example: 'Martinez' }) lastName: string;
  @ApiProperty({ format: 'email', example: 'olivia@example.com' }) email: string;
  @ApiProperty({ description: 'Digits only', example: '5595551234' }) phone: string;
}

/** A person registered under a household contact. */
export class HouseholdMemberResponseDto {
  @ApiProperty({ format: 'uuid', example: '0b7c1c8e-4a44-4d0e-9c55-0f5d8f1d2a33' }) id: string;
  @ApiProperty({ example: 'Emma' }) firstName: string;
  @ApiProperty({ example: 'Martinez' }) lastName: string;
  @ApiProperty({ type: 'string', format: 'date', nullable: true, example: '2016-04-12' }) dateOfBirth: string | null;
}

/**
 * The reply to an anonymous registration: this registration only, as typed (decision 15): never the stored
 * student's other enrollments, payments or stored details.
 */
export class RegistrationResponseDto {
  @ApiProperty({ format: 'uuid', example: '6ce1f1f8-50fc-4694-af01-d92231027404' }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organizationId: string;
  @ApiProperty({ example: 'Olivia' }) firstName: string;
  @ApiProperty({ example: 'Martinez' }) lastName: string;
  @ApiProperty({ format: 'email', example: 'olivia@example.com' }) email: string;
  @ApiProperty({ description: 'Digits only', example: '5595551234' }) phone: string;
  @ApiProperty({ example: true }) communicationOptIn: boolean;
  @ApiProperty({ type: [RegistrationEnrollmentResponseDto] }) classEnrollments: RegistrationEnrollmentResponseDto[];
  @ApiProperty({
    type: [HouseholdEnrollmentResponseDto],
    required: false,
    description: 'A household registration (with `attendees`): one enrollment per person; the fields above are the contact',
  })
  enrollments?: HouseholdEnrollmentResponseDto[];
}

/** A student as mapStudent returns it, with every enrollment of the organization. */
export class StudentResponseDto {
  @ApiProperty({ format: 'uuid', example: '6ce1f1f8-50fc-4694-af01-d92231027404' }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organizationId: string;
  @ApiProperty({ example: 'Liam' }) firstName: string;
  @ApiProperty({ example: 'Brown' }) lastName: string;
  @ApiProperty({ format: 'email', example: 'liam.brown@example.com' }) email: string;
  @ApiProperty({ description: 'Digits only', example: '5595550104' }) phone: string;
  @ApiProperty({ example: 'active' }) status: string;
  @ApiProperty({ example: true }) communicationOptIn: boolean;
  @ApiProperty({
    enum: ['en', 'es', 'fr'],
    nullable: true,
    example: 'es',
    description: "The language of the student's messages; null: not known (the organization's default language applies)",
  })
  language: 'en' | 'es' | 'fr' | null;
  @ApiProperty({ type: 'string', format: 'date', nullable: true, example: null, description: 'YYYY-MM-DD, when known' })
  dateOfBirth: string | null;
  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    example: null,
    description: 'Set on a household attendee: the contact (whose email and phone the attendee shares)',
  })
  householdContactId: string | null;
  @ApiProperty({ type: () => HouseholdContactResponseDto, nullable: true, description: "An attendee's household contact" })
  householdContact: HouseholdContactResponseDto | null;
  @ApiProperty({ type: () => [HouseholdMemberResponseDto], description: "A contact's attendees (on GET /api/students/{id}; else empty)" })
  householdMembers: HouseholdMemberResponseDto[];
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) registrationDate: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
  @ApiProperty({
    type: [EnrollmentResponseDto],
    description: 'Enrollments holding a seat: registered (active) and card payments still open (held, "Awaiting card payment")',
  })
  classEnrollments: EnrollmentResponseDto[];
  @ApiProperty({
    type: [EnrollmentResponseDto],
    description: 'Cancelled enrollments and lapsed card holds that took money, with their money trail and refunds (read only)',
  })
  pastEnrollments: EnrollmentResponseDto[];
}

/** Not enrolled yet: whether a seat is left. An existing enrollment is a 409 with `isAlreadyEnrolled`. */
/** Who to contact when registration is closed (the public organization's name and contact). */
export class EnrollmentCheckOrganizationResponseDto {
  @ApiProperty({ example: 'Sunrise Community Arts' }) name: string;
  @ApiProperty({ type: ContactInfoResponseDto }) contactInfo: ContactInfoResponseDto;
}

export class EnrollmentCheckResponseDto {
  @ApiProperty({ example: false }) enrolled: boolean;
  @ApiProperty({ example: false }) classFull: boolean;
  @ApiProperty({
    required: false,
    description: "Present (true) when the organization's plan cannot take a new student",
    example: true,
  })
  registrationClosed?: boolean;
  @ApiProperty({
    required: false,
    description: 'With registrationClosed: the student-facing text',
    example:
      'Sunrise Community Arts is not accepting new online registrations right now. Please contact Sunrise Community Arts to register for this class.',
  })
  message?: string;
  @ApiProperty({ required: false, type: EnrollmentCheckOrganizationResponseDto, description: 'With registrationClosed' })
  organizationData?: EnrollmentCheckOrganizationResponseDto;
}

/** The fields of a student form, as examples of the create and register bodies. */
export const STUDENT_EXAMPLE = {
  firstName: 'Olivia',
  lastName: 'Martinez',
  email: 'olivia@example.com',
  phone: '5595551234',
  communicationOptIn: true,
};
