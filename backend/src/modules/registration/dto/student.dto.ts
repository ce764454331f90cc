import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { lowerTrim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { ChosenLanguageField, PersonFieldsDto, StudentFieldsDto } from '../../students/dto/student-fields.dto';
import type { Language } from '../../../common/i18n/languages';
import { AttendeeDto, AttendeesField, DateOfBirthField } from './attendee.dto';
import {
  AnswerInputDto,
  AnswersField,
  GuardianField,
  GuardianInputDto,
  WaiverAcceptanceInputDto,
  WaiverAcceptancesField,
} from '../../registration-forms/dto/submission.dto';
import { PromoCodeField } from '../../pricing/dto/pricing.dto';

/** Spec 2 §3 fields the server owns (decision 17). */
const SERVER_OWNED = 'Accepted and ignored: the server sets it (spec 2 §3 lists it in the registration)';

export const WAITLIST_OFFER_TOKEN = /^[A-Za-z0-9_-]{1,200}\.[A-Za-z0-9_-]{1,100}$/;

export class EnrollmentInputDto {
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
  @IsOptionalNotNull()
  @IsIn(['pending', 'completed', 'failed'], { message: 'paymentStatus must be pending, completed or failed' })
  paymentStatus?: 'pending' | 'completed' | 'failed';
  @IsOptionalNotNull() @IsIn(['in-person', 'card'], { message: 'paymentMethod must be in-person or card' }) paymentMethod?:
    'in-person' | 'card';
  // Read-only fields a client may echo back.
  @IsOptional() id?: unknown;
  /** A drop-in's session: drop-ins are bought on the public page and cancelled, never edited by this form. */
  @IsOptional() classSessionId?: unknown;
  @IsOptional() classTitle?: unknown;
  @IsOptional() enrollmentDate?: unknown;
  @IsOptional() registeredAs?: unknown;
  // Kept by a trigger (payment date); echoed back by react-admin's edit form, never read from the client.
  @IsOptional() paidAt?: unknown;
  /**
   * Read-only fields of the enrollment reply sent back by the admin form (react-admin sends the record it read). A
   * `status` other than held/active marks a past enrollment (cancelled, expired): the form does not edit those.
   */
  @IsOptional()
  @IsIn(['held', 'active', 'cancelled', 'expired'], { message: 'status must be held, active, cancelled or expired' })
  status?: 'held' | 'active' | 'cancelled' | 'expired';
  @IsOptional() holdExpiresAt?: unknown;
  @IsOptional() platformFee?: unknown;
  @IsOptional() organizationAmount?: unknown;
  @IsOptional() refundedAmount?: unknown;
  @IsOptional() stripePaymentIntentId?: unknown;
  // The price quote kept at registration: read only, echoed back by the admin form.
  @IsOptional() priceBreakdown?: unknown;
  @IsOptional() amountDue?: unknown;
  // What is still to collect in person (a class switch's difference): worked out from the payments, never from the client.
  @IsOptional() balanceDue?: unknown;
  @IsOptional() cancelledAt?: unknown;
  @IsOptional() refunds?: unknown;
  @IsOptional() @IsNumber() amountPaid?: number;
  // The registration form's answers and signatures, read only here (echoed back by the admin form).
  @IsOptional() answers?: unknown;
  @IsOptional() waivers?: unknown;
  @IsOptional() unsignedWaivers?: unknown;
  // A payment plan's instalment unpaid past the grace days (issue 40): a flag the plan's job keeps, echoed back.
  @IsOptional() pastDue?: unknown;
}

/** Public registration: in-person only here; card payments are confirmed by the payments module. */
export class RegisterEnrollmentDto {
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
  /** A drop-in (issue 39 §3): the one session of the class bought, at its drop-in price; none: the whole class. */
  @IsOptional() @IsUUID('all', { message: 'classSessionId must be a session id' }) classSessionId?: string;
  @IsOptionalNotNull() @IsIn(['in-person'], { message: 'Only in-person registration is accepted here' }) paymentMethod?: 'in-person';
  /**
   * Paid with a credit (issue 41): the id of the registrant's entitlement (a pack, membership allowance, make-up token or
   * account credit, their own or their household's); one use (or the price, from account credit) is taken with the seat.
   */
  @ApiPropertyOptional({ format: 'uuid', description: "Pay with this credit (an entitlement of the registrant's) instead of money" })
  @IsOptional()
  @IsUUID('all', { message: 'creditId must be a credit id' })
  creditId?: string;
  @IsOptionalNotNull() @IsIn(['pending'], { message: 'A registration starts with payment pending' }) paymentStatus?: 'pending';
  /** Spec 2 §3 lists it in the form's payload; the server records the enrollment's own date (decision 17): ignored. */
  @ApiPropertyOptional({ description: SERVER_OWNED })
  @IsOptionalNotNull()
  @IsISO8601({}, { message: 'enrollmentDate must be an ISO 8601 date' })
  enrollmentDate?: string;
}

/**
 * Exactly the public form's fields (anonymous callers): anything else is refused by forbidNonWhitelisted instead
 * of being stored. Spec 2 §3's server-owned fields (`registrationDate`, `status: 'active'`, an enrollment's
 * `enrollmentDate`) are accepted so a client built from the spec works, and ignored: the server sets them
 * (decision 17; `withoutServerOwned` drops them before anything is stored).
 */
export class RegisterStudentDto extends StudentFieldsDto {
  // No @ApiProperty here: an explicit one on this subclass would hide the parent's fields from the OpenAPI schema
  // (theirs are derived at start-up, after this class is defined); the endpoint's description says they are ignored.
  @IsOptionalNotNull()
  @IsISO8601({}, { message: 'registrationDate must be an ISO 8601 date' })
  registrationDate?: string;
  @IsOptionalNotNull()
  @IsIn(['active'], { message: "status of a new registration can only be 'active'" })
  status?: 'active';
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  /** The signed link of a waitlist offer: the registration takes the seat held for it. */
  @IsOptional()
  @IsString()
  @Matches(WAITLIST_OFFER_TOKEN, { message: 'waitlistOfferToken is not a valid offer link' })
  waitlistOfferToken?: string;
  @IsArray()
  @ArrayMaxSize(1, { message: 'Register for one class at a time' })
  @ValidateNested({ each: true })
  @Type(() => RegisterEnrollmentDto)
  classEnrollments: RegisterEnrollmentDto[];
  /** A household registration: the people enrolled; the fields above are the contact. */
  @AttendeesField() attendees?: AttendeeDto[];
  /** The registration form's answers (household: the questions asked once; each attendee answers the per-person ones). */
  @AnswersField() answers?: AnswerInputDto[];
  /** A signature for each waiver of the class (its newest version), with the contact's typed full name. */
  @WaiverAcceptancesField() waiverAcceptances?: WaiverAcceptanceInputDto[];
  /** The parent or guardian signing for an attendee under 18 (their name is each such signature's). */
  @GuardianField() guardian?: GuardianInputDto;
  /** A promo code (any case); one that does not apply refuses the registration with its reason. */
  @PromoCodeField() promoCode?: string;
  /** The token of an early-access link (a term's early access): lets this email register before the opening. */
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-f]{32}\.[A-Za-z0-9_-]{22}$/, { message: 'earlyAccessToken is not a valid early-access link' })
  earlyAccessToken?: string;
  /** The opening's waiting room: the signed place in line (from its ticket route), when the opening has one. */
  @IsOptional()
  @IsString({ message: 'waitingRoomTicket must be a waiting-room ticket' })
  @MaxLength(300, { message: 'waitingRoomTicket must be a waiting-room ticket' })
  waitingRoomTicket?: string;
  /** One person (no `attendees`): their date of birth, optional (the senior discount reads it; kept on a student without one). */
  @DateOfBirthField() dateOfBirth?: string;
}

/** The registration without the server-owned fields a client may send (spec 2 §3, decision 17): what is stored. */
export function withoutServerOwned(dto: RegisterStudentDto): Omit<RegisterStudentDto, 'registrationDate' | 'status'> {
  const { registrationDate: _registrationDate, status: _status, ...fields } = dto;
  return { ...fields, classEnrollments: fields.classEnrollments.map(({ enrollmentDate: _enrollmentDate, ...e }) => e) };
}

export class CheckEnrollmentDto {
  @Transform(lowerTrim)
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(320)
  email: string;
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  /** A drop-in: whether this email already holds that session (not the whole class). */
  @IsOptional() @IsUUID('all', { message: 'classSessionId must be a session id' }) classSessionId?: string;
}

/** The admin's student form: the person's details, and a language chosen from the form's list (strictly checked). */
export class CreateStudentDto extends PersonFieldsDto {
  @ChosenLanguageField() language?: Language | null;
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => EnrollmentInputDto)
  classEnrollments?: EnrollmentInputDto[];
  /** Read-only (the reply's past enrollments, echoed back by the admin form): ignored. */
  @IsOptional() pastEnrollments?: unknown;
  @IsOptionalNotNull() @IsIn(['active', 'inactive']) status?: 'active' | 'inactive';
  @IsOptional() @IsUUID() organizationId?: string;
}

export class UpdateStudentDto extends CreateStudentDto {
  @IsOptional() id?: unknown;
  @IsOptional() registrationDate?: unknown;
  @IsOptional() createdAt?: unknown;
  @IsOptional() updatedAt?: unknown;
  @IsOptional() stripeCustomerId?: unknown;
  // Household links: read only, echoed back by the admin form.
  @IsOptional() householdContactId?: unknown;
  @IsOptional() householdContact?: unknown;
  @IsOptional() householdMembers?: unknown;
  @IsOptional() dateOfBirth?: unknown;
}

export class ListStudentsQuery {
  @IsOptional() @IsUUID() organizationId?: string;
  @IsOptional() @IsString() sort?: string;
  @IsOptional() @IsString() range?: string;
  @IsOptional() @IsString() filter?: string;
}
