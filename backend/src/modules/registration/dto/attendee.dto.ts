import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsISO8601,
  IsNotEmpty,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { AnswersField, AnswerInputDto } from '../../registration-forms/dto/submission.dto';

const NAME = /^[\p{L}][\p{L} '’-]*$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One person a household registers: the same name rules as the contact (spec 2 §5). */
export class AttendeeDto {
  @Transform(trim)
  @IsString({ message: 'First name is required' })
  @IsNotEmpty({ message: 'First name is required' })
  @Matches(NAME, { message: 'First name can only contain letters, spaces, hyphens, and apostrophes' })
  @MinLength(2, { message: 'First name must be at least 2 characters long' })
  @MaxLength(49, { message: 'First name must be less than 50 characters long' })
  firstName: string;

  @Transform(trim)
  @IsString({ message: 'Last name is required' })
  @IsNotEmpty({ message: 'Last name is required' })
  @Matches(NAME, { message: 'Last name can only contain letters, spaces, hyphens, and apostrophes' })
  @MinLength(2, { message: 'Last name must be at least 2 characters long' })
  @MaxLength(49, { message: 'Last name must be less than 50 characters long' })
  lastName: string;

  @IsOptionalNotNull()
  @IsString({ message: 'Date of birth must be a date (YYYY-MM-DD)' })
  @Matches(DATE, { message: 'Date of birth must be a date (YYYY-MM-DD)' })
  @IsISO8601({ strict: true }, { message: 'Date of birth must be a date (YYYY-MM-DD)' })
  dateOfBirth?: string;

  /** This person's own answers to the registration form's per-attendee questions. */
  @AnswersField() answers?: AnswerInputDto[];
}

/**
 * The date of birth of the one person a registration (not a household) is for: optional, the senior discount reads
 * it. A household sends each attendee's own instead.
 */
export function DateOfBirthField() {
  return applyDecorators(
    IsOptionalNotNull(),
    IsString({ message: 'Date of birth must be a date (YYYY-MM-DD)' }),
    Matches(DATE, { message: 'Date of birth must be a date (YYYY-MM-DD)' }),
    IsISO8601({ strict: true }, { message: 'Date of birth must be a date (YYYY-MM-DD)' }),
  );
}

/** The `attendees` field of register and create-intent: 1 to 10 people, validated one by one. */
export const AttendeesField = () =>
  applyDecorators(
    IsOptionalNotNull(),
    IsArray({ message: 'attendees must be a list of people' }),
    ArrayMinSize(1, { message: 'Add at least one person to register' }),
    ArrayMaxSize(10, { message: 'Register at most 10 people at a time' }),
    ValidateNested({ each: true }),
    Type(() => AttendeeDto),
  );
