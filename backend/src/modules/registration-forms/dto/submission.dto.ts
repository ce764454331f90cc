import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';

/** One answer of the registration form; the value's shape depends on the question's type (checked by the service). */
export class AnswerInputDto {
  @IsUUID('all', { message: 'questionId must be a question id' }) questionId: string;
  @ApiPropertyOptional({
    description:
      'Text (short_text, long_text, single_choice, date YYYY-MM-DD, phone), a list of options (multi_choice), true/false (checkbox) or a number',
    oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: { type: 'string' } }],
  } as never)
  @IsOptional()
  value?: unknown;
}

/** The signature of one waiver: its newest version, the typed full name, and (households) which attendee it is for. */
export class WaiverAcceptanceInputDto {
  @IsUUID('all', { message: 'waiverVersionId must be a waiver version id' }) waiverVersionId: string;
  @ApiProperty({ example: 'Olivia Martinez' })
  @Transform(trim)
  @IsString({ message: 'Type your full name to sign' })
  @IsNotEmpty({ message: 'Type your full name to sign' })
  @MaxLength(200, { message: 'The signed name must be at most 200 characters' })
  signedName: string;
  @ApiPropertyOptional({ description: 'A household registration: the index of the attendee signed for (absent: everyone)' })
  @IsOptionalNotNull()
  @IsInt({ message: 'attendee must be the index of a person in attendees' })
  @Min(0, { message: 'attendee must be the index of a person in attendees' })
  @Max(9, { message: 'attendee must be the index of a person in attendees' })
  attendee?: number;
}

/**
 * The parent or guardian who signs the class's waivers for an attendee under 18 on the first day (a one-person
 * registration of a minor, or a household whose contact is one): each of those signatures carries this name.
 */
export class GuardianInputDto {
  @ApiProperty({ example: 'Maria Martinez', description: 'The parent or guardian’s full name, as they type it to sign' })
  @Transform(trim)
  @IsString({ message: 'Enter the parent or guardian’s full name' })
  @IsNotEmpty({ message: 'Enter the parent or guardian’s full name' })
  @MaxLength(200, { message: 'The parent or guardian’s name must be at most 200 characters' })
  name: string;
}

/**
 * `guardian` of register, create-intent and the waiver signing link: a parent or guardian signing for an attendee under
 * 18 on the first day of class (a minor cannot sign). No @ApiProperty: on the register DTO (a subclass) an explicit one
 * would hide the parent class's fields; the schema is derived from these rules.
 */
export const GuardianField = () =>
  applyDecorators(
    IsOptionalNotNull(),
    IsObject({ message: 'guardian must be an object { name }' }),
    ValidateNested(),
    Type(() => GuardianInputDto),
  );

/** `answers` of register, create-intent and each household attendee. */
export const AnswersField = () =>
  applyDecorators(
    IsOptionalNotNull(),
    IsArray({ message: 'answers must be a list of { questionId, value }' }),
    ArrayMaxSize(100, { message: 'answers can list at most 100 answers' }),
    ValidateNested({ each: true }),
    Type(() => AnswerInputDto),
  );

/** `waiverAcceptances` of register and create-intent. */
export const WaiverAcceptancesField = () =>
  applyDecorators(
    IsOptionalNotNull(),
    IsArray({ message: 'waiverAcceptances must be a list of { waiverVersionId, signedName }' }),
    ArrayMaxSize(50, { message: 'waiverAcceptances can list at most 50 signatures' }),
    ValidateNested({ each: true }),
    Type(() => WaiverAcceptanceInputDto),
  );
