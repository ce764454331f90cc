import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
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
  MinDate,
  IsDate,
  IsArray,
} from 'class-validator';
import { trim } from '../../../common/http/transforms';
import { IsOptionalNotNull } from '../../../common/http/optional';

const RECIPIENT_REQUIRED = { message: 'Recipient is required' };
const MESSAGE_REQUIRED = { message: 'Message is required' };

/** The send payload of spec 3 §3 (the organization is the caller's; a sent organizationId must be the caller's). */
export class SendCommunicationDto {
  @IsOptional() @IsUUID('all', { message: 'Organization ID is required' }) organizationId?: string;
  @IsNotEmpty(RECIPIENT_REQUIRED) @IsUUID('all', RECIPIENT_REQUIRED) recipientId: string;
  @IsOptionalNotNull() @IsIn(['student', 'user'], { message: 'recipientType must be student or user' }) recipientType?: 'student' | 'user';
  @IsIn(['email', 'sms'], { message: 'communicationType must be email or sms' }) communicationType: 'email' | 'sms';
  /** Email only: required for an email, refused for an SMS (both checked by the service, with these messages). */
  @IsOptional()
  @Transform(trim)
  @IsString({ message: 'Subject is required for email' })
  @MaxLength(300)
  subject?: string;
  @Transform(trim) @IsString(MESSAGE_REQUIRED) @IsNotEmpty(MESSAGE_REQUIRED) @MaxLength(10000) message: string;
  @IsOptional() @IsUUID('all', { message: 'templateId must be an id' }) templateId?: string;
}

export class ScheduleCommunicationDto extends SendCommunicationDto {
  @IsNotEmpty({ message: 'Date and time are required when scheduling' })
  @Type(() => Date)
  @IsDate({ message: 'Date and time are required when scheduling' })
  @MinDate(() => new Date(), { message: 'Scheduled time must be in the future' })
  scheduledAt: Date;
}

export class ListCommunicationsQuery {
  @IsOptional() @IsUUID('all', { message: 'Organization ID is required' }) organizationId?: string;
  @IsOptional() @Type(() => Number) @IsInt({ message: 'limit must be a whole number' }) @Min(1) @Max(500) limit?: number;
}

export class OrganizationQuery {
  @IsOptional() @IsUUID('all', { message: 'Organization ID is required' }) organizationId?: string;
}

/** The kinds a template may replace the built-in message of ('manual' is the Communication Center's own). */
export const TEMPLATE_KINDS = [
  'manual',
  'reminder',
  'confirmation',
  'receipt',
  'refund',
  'rating',
  'class_confirmed',
  'class_cancelled',
  'class_below_minimum',
] as const;

const NAME_REQUIRED = { message: 'Template name is required' };
const TEMPLATE_MESSAGE_REQUIRED = { message: 'Message template is required' };

export class TemplateDto {
  @IsOptional() @IsUUID('all', { message: 'Organization ID is required' }) organizationId?: string;
  @Transform(trim) @IsString(NAME_REQUIRED) @IsNotEmpty(NAME_REQUIRED) @MaxLength(120) name: string;
  @IsIn(['email', 'sms'], { message: 'type must be email or sms' }) type: 'email' | 'sms';
  @IsOptionalNotNull()
  @IsIn(TEMPLATE_KINDS, { message: `kind must be one of ${TEMPLATE_KINDS.join(', ')}` })
  kind?: (typeof TEMPLATE_KINDS)[number];
  @IsOptional() @Transform(trim) @IsString() @MaxLength(300) subject_template?: string | null;
  @Transform(trim) @IsString(TEMPLATE_MESSAGE_REQUIRED) @IsNotEmpty(TEMPLATE_MESSAGE_REQUIRED) @MaxLength(10000) message_template: string;
  /** Ignored on input beyond a check: the variables are read from the texts. */
  @IsOptional() @IsArray() @ArrayMaxSize(50) @IsString({ each: true }) @MaxLength(100, { each: true }) variables?: string[];
  @IsOptionalNotNull() @IsBoolean({ message: 'is_active must be true or false' }) is_active?: boolean;
}
