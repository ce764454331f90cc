import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { PaymentPlanChoiceDto } from '../../payment-plans/dto/payment-plan.dto';
import { PromoCodeField } from '../../pricing/dto/pricing.dto';
import { AttendeeDto, AttendeesField, DateOfBirthField } from '../../registration/dto/attendee.dto';
import { WAITLIST_OFFER_TOKEN } from '../../registration/dto/student.dto';
import {
  AnswerInputDto,
  AnswersField,
  GuardianField,
  GuardianInputDto,
  WaiverAcceptanceInputDto,
  WaiverAcceptancesField,
} from '../../registration-forms/dto/submission.dto';
import { StudentFieldsDto } from '../../students/dto/student-fields.dto';

/** Spec 2 §7 "Create payment intent": the student form and the price the page showed (dollars). */
export class CreatePaymentIntentDto {
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
  /** A drop-in (issue 39 §3): the one session of the class paid for, at its drop-in price; none: the whole class. */
  @IsOptional() @IsUUID('all', { message: 'classSessionId must be a session id' }) classSessionId?: string;
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  @IsDefined({ message: 'studentData is required' })
  @IsObject({ message: 'studentData must be an object' })
  @ValidateNested()
  @Type(() => StudentFieldsDto)
  studentData: StudentFieldsDto;
  @IsDefined({ message: 'amount is required' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'amount must be a price in dollars, such as 80 or 79.99' },
  )
  @Min(0, { message: 'amount must not be negative' })
  @Max(1_000_000, { message: 'amount is too large' })
  amount: number;
  /** A household registration: the people enrolled; `amount` is then the total for all of them. */
  @AttendeesField() attendees?: AttendeeDto[];
  /** A promo code (any case): `amount` is the quote's total with it; one that does not apply is refused with its reason. */
  @PromoCodeField() promoCode?: string;
  /** One person (no `attendees`): their date of birth, optional (the senior discount reads it; kept on a student without one). */
  @DateOfBirthField() dateOfBirth?: string;
  /** The signed link of a waitlist offer: the card hold is the seat held for it. */
  @IsOptional()
  @IsString()
  @Matches(WAITLIST_OFFER_TOKEN, { message: 'waitlistOfferToken is not a valid offer link' })
  waitlistOfferToken?: string;
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
  /** The registration form's answers (household: the questions asked once; each attendee answers the per-person ones). */
  @AnswersField() answers?: AnswerInputDto[];
  /** A signature for each waiver of the class (its newest version), with the contact's typed full name. */
  @WaiverAcceptancesField() waiverAcceptances?: WaiverAcceptanceInputDto[];
  /** The parent or guardian signing for an attendee under 18 (their name is each such signature's). */
  @GuardianField() guardian?: GuardianInputDto;
  /** A payment plan the class offers (one person): the deposit is charged now and the method saved for the instalments. */
  @IsOptional()
  @IsObject({ message: 'paymentPlan must be an object' })
  @ValidateNested()
  @Type(() => PaymentPlanChoiceDto)
  paymentPlan?: PaymentPlanChoiceDto;
}

/** Spec 2 §7 "Confirm enrollment": the PaymentIntent the browser confirmed with Stripe. */
export class ConfirmEnrollmentDto {
  @IsString({ message: 'paymentIntentId must be a PaymentIntent id' })
  @MaxLength(255, { message: 'paymentIntentId must be a PaymentIntent id' })
  @Matches(/^pi_[A-Za-z0-9_]+$/, { message: 'paymentIntentId must be a PaymentIntent id' })
  paymentIntentId: string;
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  @IsDefined({ message: 'studentData is required' })
  @IsObject({ message: 'studentData must be an object' })
  @ValidateNested()
  @Type(() => StudentFieldsDto)
  studentData: StudentFieldsDto;
}

/** An optional refund amount in dollars (cents at most), as the admin's cancel and refund take it. */
const OptionalRefundAmount = () =>
  // Listed bottom-up, the order stacked decorators run in: the checks (and their messages) come out as before.
  applyDecorators(
    Max(1_000_000, { message: 'amount is too large' }),
    Min(0.01, { message: 'amount must be at least 0.01' }),
    IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: 'amount must be an amount in dollars, such as 40 or 39.99' },
    ),
    IsOptionalNotNull(),
  );

/** Admin cancel: `refund` defaults to true for a card payment; `amount` (dollars) defaults to the quote. */
export class CancelEnrollmentDto {
  @IsOptionalNotNull() @IsBoolean({ message: 'refund must be true or false' }) refund?: boolean;
  @OptionalRefundAmount() amount?: number;
}

/** Admin refund without cancelling: `amount` (dollars) defaults to everything left unrefunded. */
export class RefundEnrollmentDto {
  @OptionalRefundAmount() amount?: number;
}

/**
 * An admin moves a registration to another class. A dearer class for a card payment needs `differenceInPerson`: the
 * switch happens now and the difference is due in person (the admin cannot take a card payment for the student).
 */
export class TransferEnrollmentAdminDto {
  @IsUUID('all', { message: 'toClassId must be an id' }) toClassId: string;
  @IsOptionalNotNull() @IsBoolean({ message: 'differenceInPerson must be true or false' }) differenceInPerson?: boolean;
}
