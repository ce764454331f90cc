import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { trim } from '../../../common/http/transforms';
import { DiscountValue } from '../../../common/dto/fields';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Letters, digits, '-' and '_': a code people can type and read out loud. */
const CODE = /^[A-Za-z0-9_-]+$/;

/** One person of the quote: only what a price depends on. */
export class QuoteAttendeeDto {
  @IsOptionalNotNull()
  @IsString({ message: 'Date of birth must be a date (YYYY-MM-DD)' })
  @Matches(DATE, { message: 'Date of birth must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'Date of birth must be a date (YYYY-MM-DD)' })
  dateOfBirth?: string;
  /**
   * The attendee's name, as far as typed (a per-student registration fee is once per child of the household, known
   * by the contact's email and the child's name). Not checked as a name here: the registration checks it.
   */
  @ApiPropertyOptional({ example: 'Mia', description: "The attendee's first name: a per-student registration fee is due once per child" })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'First name must be text' })
  @MaxLength(49, { message: 'First name must be less than 50 characters long' })
  firstName?: string;
  @ApiPropertyOptional({ example: 'Roy', description: "The attendee's last name" })
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Last name must be text' })
  @MaxLength(49, { message: 'Last name must be less than 50 characters long' })
  lastName?: string;
}

/** The `promoCode` field of price-quote, register and create-intent: blank is no code. */
export const PromoCodeField = () =>
  applyDecorators(
    IsOptional(),
    Transform(trim),
    IsString({ message: 'promoCode must be text' }),
    MaxLength(40, { message: 'promoCode has at most 40 characters' }),
  );

export class PriceQuoteDto {
  @IsUUID('all', { message: 'organizationId must be an id' }) organizationId: string;
  @IsUUID('all', { message: 'classId must be a class id' }) classId: string;
  /** A drop-in (issue 39 §3): the price of this one session of the class. */
  @IsOptional() @IsUUID('all', { message: 'classSessionId must be a session id' }) classSessionId?: string;
  @IsOptionalNotNull()
  @IsArray({ message: 'attendees must be a list of people' })
  @ArrayMaxSize(10, { message: 'Register at most 10 people at a time' })
  @ValidateNested({ each: true })
  @Type(() => QuoteAttendeeDto)
  attendees?: QuoteAttendeeDto[];
  @IsOptional()
  @Transform(trim)
  @ValidateIf((_, v) => v !== '')
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(320)
  email?: string;
  @PromoCodeField() promoCode?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'A payment plan the class offers: the reply carries its schedule' })
  @IsOptional()
  @IsUUID('all', { message: 'paymentPlanId must be a payment plan id' })
  paymentPlanId?: string;
}

/** A promo code as the admin writes it (POST creates, PUT replaces). `value`: a whole percent, or dollars off. */
export class PromoCodeDto {
  @ApiProperty({ example: 'SPRING10', description: 'Letters, digits, - and _; unique in the organization whatever its case' })
  @Transform(trim)
  @IsString({ message: 'code is required' })
  @IsNotEmpty({ message: 'code is required' })
  @MaxLength(40, { message: 'A code has at most 40 characters' })
  @Matches(CODE, { message: 'A code can only contain letters, digits, - and _' })
  code: string;
  @ApiProperty({ enum: ['percent', 'amount'] })
  @IsIn(['percent', 'amount'], { message: "kind must be 'percent' or 'amount'" })
  kind: 'percent' | 'amount';
  @ApiProperty({
    example: 10,
    description: 'percent: a whole percentage (1-100); amount: dollars off each seat, 0.01 to 100000 with at most 2 decimals (15, 14.99)',
  })
  @DiscountValue()
  value: number;
  @ApiProperty({ required: false, type: [String], description: 'Only these classes; empty or absent: every class' })
  @IsOptionalNotNull()
  @IsArray({ message: 'classIds must be a list of class ids' })
  @ArrayMaxSize(200)
  @IsUUID('all', { each: true, message: 'classIds must be a list of class ids' })
  classIds?: string[];
  @ApiProperty({ required: false, type: 'string', nullable: true, format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'validFrom must be a date and time' })
  validFrom?: string | null;
  @ApiProperty({ required: false, type: 'string', nullable: true, format: 'date-time' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'validUntil must be a date and time' })
  validUntil?: string | null;
  @ApiProperty({ required: false, nullable: true, type: 'integer', minimum: 1 })
  @IsOptional()
  @IsInt({ message: 'maxRedemptions must be a whole number of at least 1' })
  @Min(1, { message: 'maxRedemptions must be a whole number of at least 1' })
  @Max(1_000_000)
  maxRedemptions?: number | null;
  @ApiProperty({ required: false, type: 'integer', minimum: 1, default: 1 })
  @IsOptionalNotNull()
  @IsInt({ message: 'maxPerEmail must be a whole number of at least 1' })
  @Min(1, { message: 'maxPerEmail must be a whole number of at least 1' })
  @Max(1000)
  maxPerEmail?: number;
  @ApiProperty({ required: false, default: true })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'active must be true or false' })
  active?: boolean;
}
