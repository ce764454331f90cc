import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { QUESTION_TYPES, type QuestionType } from '../answer-rules';

const trimEach = ({ value }: { value: unknown }) =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : v)) : value;

/*
 * The rules of each field, written once: a new question must have a label and a type, an edit may send any field
 * (absent = unchanged, never null where the column is not nullable).
 */
const LabelRules = () =>
  applyDecorators(
    Transform(trim),
    IsString({ message: 'Label is required' }),
    IsNotEmpty({ message: 'Label is required' }),
    MaxLength(200, { message: 'Label must be at most 200 characters' }),
  );
const HintRules = () =>
  applyDecorators(
    IsOptional(),
    Transform(trim),
    IsString({ message: 'Hint must be text' }),
    MaxLength(300, { message: 'Hint must be at most 300 characters' }),
  );
const TypeRules = () => IsIn(QUESTION_TYPES, { message: `type must be one of ${QUESTION_TYPES.join(', ')}` });
const OptionsRules = () =>
  applyDecorators(
    IsOptionalNotNull(),
    Transform(trimEach),
    IsArray({ message: 'options must be a list of texts' }),
    ArrayMaxSize(50, { message: 'A question can have at most 50 options' }),
    ArrayUnique({ message: 'Each option can be listed once' }),
    IsString({ each: true, message: 'Each option must be text' }),
    IsNotEmpty({ each: true, message: 'An option cannot be empty' }),
    MaxLength(100, { each: true, message: 'An option must be at most 100 characters' }),
  );
/** A list of class ids, or null for every class (questions and waivers alike). */
export const ClassIdsRules = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ type: [String], nullable: true, description }),
    IsOptional(),
    ValidateIf((_, v) => v !== null),
    IsArray({ message: 'classIds must be a list of class ids' }),
    ArrayMaxSize(500),
    IsUUID('all', { each: true, message: 'classIds must be a list of class ids' }),
  );
/** An optional true/false that, when sent, is not null. */
export const FlagRules = (name: string) => applyDecorators(IsOptionalNotNull(), IsBoolean({ message: `${name} must be true or false` }));
const PositionRules = () =>
  applyDecorators(
    IsOptionalNotNull(),
    IsInt({ message: 'position must be a whole number' }),
    Min(0, { message: 'position must be 0 or more' }),
    Max(10000, { message: 'position must be at most 10000' }),
  );

/** A question of the registration form (admin). `classIds` absent or null: every class. */
export class CreateQuestionDto {
  @LabelRules() label: string;
  @HintRules() hint?: string | null;
  @TypeRules() type: QuestionType;
  @OptionsRules() options?: string[];
  @FlagRules('required') required?: boolean;
  @ClassIdsRules('Absent or null: every class') classIds?: string[] | null;
  @FlagRules('perAttendee') perAttendee?: boolean;
  @FlagRules('showToTeacher') showToTeacher?: boolean;
  @PositionRules() position?: number;
  @FlagRules('active') active?: boolean;
}

/** Any field of the question; read-only fields the admin form echoes back are accepted and ignored. */
export class UpdateQuestionDto {
  @IsOptionalNotNull() @LabelRules() label?: string;
  @HintRules() hint?: string | null;
  @IsOptionalNotNull() @TypeRules() type?: QuestionType;
  @OptionsRules() options?: string[];
  @FlagRules('required') required?: boolean;
  @ClassIdsRules('null: every class') classIds?: string[] | null;
  @FlagRules('perAttendee') perAttendee?: boolean;
  @FlagRules('showToTeacher') showToTeacher?: boolean;
  @PositionRules() position?: number;
  @FlagRules('active') active?: boolean;
  @IsOptional() id?: unknown;
  @IsOptional() archived?: unknown;
  @IsOptional() answerCount?: unknown;
  @IsOptional() createdAt?: unknown;
  @IsOptional() updatedAt?: unknown;
}

export class QuestionResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Allergies' }) label: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'Food, latex, anything we should know' }) hint: string | null;
  @ApiProperty({ enum: QUESTION_TYPES, example: 'long_text' }) type: QuestionType;
  @ApiProperty({ type: [String], example: [] }) options: string[];
  @ApiProperty({ example: true }) required: boolean;
  @ApiProperty({ type: [String], nullable: true, example: null, description: 'null: every class' }) classIds: string[] | null;
  @ApiProperty({ example: true }) perAttendee: boolean;
  @ApiProperty({ example: true }) showToTeacher: boolean;
  @ApiProperty({ example: 0 }) position: number;
  @ApiProperty({ example: true }) active: boolean;
  @ApiProperty({ example: false, description: 'Deleted while it had answers: kept so old answers stay readable' }) archived: boolean;
  @ApiProperty({ example: 3 }) answerCount: number;
  @ApiProperty({ example: EXAMPLE_TIME }) createdAt: Date;
  @ApiProperty({ example: EXAMPLE_TIME }) updatedAt: Date;
}

export class QuestionDeletedDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: true, description: 'true: it had answers and was archived instead of deleted' }) archived: boolean;
}

export class ListQuestionsQuery {
  @IsOptional() @IsString() sort?: string;
  @IsOptional() @IsString() range?: string;
  @IsOptional() @IsString() filter?: string;
}
