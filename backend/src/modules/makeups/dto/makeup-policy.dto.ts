import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { MAKEUP_ELIGIBILITY, type MakeupEligibility } from '../makeup-policy';

const whole = (field: string, min: number, max: number) => ({ message: `${field} must be a whole number from ${min} to ${max}` });

/**
 * A make-up policy as the admin saves it (the whole policy: a field left out takes its default). Null for a cap or
 * an expiry: none; null for announceHoursBefore: portal absences earn no token.
 */
export class MakeupPolicyDto {
  @ApiProperty({ type: 'integer', required: false, nullable: true, example: 24 })
  @IsOptional()
  @IsInt(whole('announceHoursBefore', 0, 8760))
  @Min(0, whole('announceHoursBefore', 0, 8760))
  @Max(8760, whole('announceHoursBefore', 0, 8760))
  announceHoursBefore?: number | null;

  @IsOptionalNotNull() @IsBoolean({ message: 'teacherMarkedAbsences must be true or false' }) teacherMarkedAbsences?: boolean;

  @ApiProperty({ type: 'integer', required: false, nullable: true, example: 2 })
  @IsOptional()
  @IsInt(whole('capPerMonth', 0, 1000))
  @Min(0, whole('capPerMonth', 0, 1000))
  @Max(1000, whole('capPerMonth', 0, 1000))
  capPerMonth?: number | null;

  @ApiProperty({ type: 'integer', required: false, nullable: true, example: null })
  @IsOptional()
  @IsInt(whole('capPerTerm', 0, 1000))
  @Min(0, whole('capPerTerm', 0, 1000))
  @Max(1000, whole('capPerTerm', 0, 1000))
  capPerTerm?: number | null;

  @ApiProperty({ type: 'integer', required: false, nullable: true, example: null })
  @IsOptional()
  @IsInt(whole('capPerYear', 0, 1000))
  @Min(0, whole('capPerYear', 0, 1000))
  @Max(1000, whole('capPerYear', 0, 1000))
  capPerYear?: number | null;

  @ApiProperty({ type: 'integer', required: false, nullable: true, example: 30 })
  @IsOptional()
  @IsInt(whole('expiryDays', 1, 3650))
  @Min(1, whole('expiryDays', 1, 3650))
  @Max(3650, whole('expiryDays', 1, 3650))
  expiryDays?: number | null;

  @IsOptionalNotNull() @IsBoolean({ message: 'expiryEndOfTerm must be true or false' }) expiryEndOfTerm?: boolean;

  @IsOptionalNotNull()
  @IsInt(whole('bookAheadDays', 1, 730))
  @Min(1, whole('bookAheadDays', 1, 730))
  @Max(730, whole('bookAheadDays', 1, 730))
  bookAheadDays?: number;

  @IsOptionalNotNull()
  @IsInt(whole('bookUntilHoursBefore', 0, 8760))
  @Min(0, whole('bookUntilHoursBefore', 0, 8760))
  @Max(8760, whole('bookUntilHoursBefore', 0, 8760))
  bookUntilHoursBefore?: number;

  @ApiProperty({ required: false, enum: MAKEUP_ELIGIBILITY, example: 'same_term' })
  @IsOptionalNotNull()
  @IsIn(MAKEUP_ELIGIBILITY, { message: `eligible must be one of ${MAKEUP_ELIGIBILITY.join(', ')}` })
  eligible?: MakeupEligibility;

  @ApiProperty({ required: false, type: [String], example: [] })
  @IsOptionalNotNull()
  @IsArray({ message: 'eligibleClassIds must be a list of class ids' })
  @ArrayMaxSize(200, { message: 'eligibleClassIds lists at most 200 classes' })
  @IsUUID('all', { each: true, message: 'eligibleClassIds must be a list of class ids' })
  eligibleClassIds?: string[];

  @IsOptionalNotNull()
  @IsInt(whole('extraSeats', 0, 100))
  @Min(0, whole('extraSeats', 0, 100))
  @Max(100, whole('extraSeats', 0, 100))
  extraSeats?: number;

  @IsOptionalNotNull() @IsBoolean({ message: 'cancelledSessionToken must be true or false' }) cancelledSessionToken?: boolean;
}
