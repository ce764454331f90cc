import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsISO8601, IsString, Matches, ValidateNested } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { AnswersField, AnswerInputDto } from '../../registration-forms/dto/submission.dto';
import { PersonNameField } from '../../students/dto/student-fields.dto';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One person a household registers: the same name rules as the contact (spec 2 §5). */
export class AttendeeDto {
  @PersonNameField('First name', { typeMessage: true }) firstName: string;
  @PersonNameField('Last name', { typeMessage: true }) lastName: string;

  @DateOfBirthField() dateOfBirth?: string;

  /** This person's own answers to the registration form's per-attendee questions. */
  @AnswersField() answers?: AnswerInputDto[];
}

/**
 * A registered person's date of birth: optional, the senior discount reads it. A one-person registration sends it
 * beside the contact; a household sends each attendee's own.
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
