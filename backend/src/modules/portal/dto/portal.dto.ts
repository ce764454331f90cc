import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsNotEmpty, IsNumber, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsUsPhone, normaliseUsPhone } from '../../../common/http/phone';
import { lowerTrim, trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import type { Language } from '../../../common/i18n/languages';
import { ChosenLanguageField } from '../../students/dto/student-fields.dto';

export class RequestPortalLinkDto {
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  @Transform(lowerTrim)
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(320, { message: 'Email address is too long' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  email: string;
}

export class PortalSessionDto {
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'token is required' })
  @MaxLength(200, { message: 'This sign-in link is not valid' })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'This sign-in link is not valid' })
  token: string;
}

/** The student's own details: the email stays (it is who they are), the phone, consent and language may change. */
export class UpdatePortalProfileDto {
  @IsOptionalNotNull() @Transform(normaliseUsPhone) @IsUsPhone() phone?: string;
  @IsOptionalNotNull() @IsBoolean({ message: 'communicationOptIn must be true or false' }) communicationOptIn?: boolean;
  /** The language of their emails and texts (issue 42 §2); null forgets it. */
  @ChosenLanguageField() language?: Language | null;
}

export class TransferEnrollmentDto {
  @IsUUID('all', { message: 'toClassId must be an id' }) toClassId: string;
  /** A dearer class: switch now and pay the difference in person (when the organization allows it). */
  @IsOptionalNotNull() @IsBoolean({ message: 'payDifferenceInPerson must be true or false' }) payDifferenceInPerson?: boolean;
}

/** Paying the difference of a switch to a dearer class by card: the amount the page showed must be the difference now. */
export class TransferPaymentDto {
  @IsUUID('all', { message: 'toClassId must be an id' }) toClassId: string;
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'amount must be an amount in dollars' })
  @Min(0.01, { message: 'amount must be an amount in dollars' })
  @Max(100_000, { message: 'amount must be an amount in dollars' })
  amount: number;
}

export class ConfirmTransferPaymentDto {
  @IsString()
  @Matches(/^pi_[A-Za-z0-9_]{1,200}$/, { message: 'paymentIntentId must be a PaymentIntent id' })
  paymentIntentId: string;
}
