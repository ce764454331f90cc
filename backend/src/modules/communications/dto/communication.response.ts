import { TEMPLATE_KINDS } from './communication.dto';
import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class RecipientPersonDto {
  @ApiProperty({ example: 'Olivia' }) firstName: string;
  @ApiProperty({ example: 'Martinez' }) lastName: string;
  @ApiProperty({ type: String, nullable: true, example: 'olivia@example.com' }) email: string | null;
  @ApiProperty({ type: String, nullable: true, example: '+15595551234' }) phone: string | null;
}

/** A communication log / scheduled item (spec 3 §3), as it was queued and what became of it. */
export class CommunicationResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: ['student', 'user'] }) recipient_type: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) recipient_id: string;
  @ApiProperty({ enum: ['email', 'sms'] }) communication_type: string;
  @ApiProperty({ description: 'The address it goes to, as it was when queued (email, or phone in E.164)', example: 'olivia@example.com' })
  to: string;
  @ApiProperty({ type: String, nullable: true, example: 'Room change' }) subject: string | null;
  @ApiProperty({ example: 'Class meets in Studio B tonight.' }) message: string;
  @ApiProperty({ enum: [...TEMPLATE_KINDS, 'system', 'waitlist_joined', 'waitlist_offer', 'early_access'] }) kind: string;
  @ApiProperty({ enum: ['pending', 'sending', 'sent', 'delivered', 'failed', 'cancelled', 'skipped'] }) status: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "Why: 'outcome unknown', 'opted out', 'monthly limit of 5 messages reached', 'quiet hours', …",
    example: null,
  })
  status_reason: string | null;
  @ApiProperty({ type: String, format: 'date-time', example: EXAMPLE_TIME }) scheduled_at: Date;
  @ApiProperty({ type: String, format: 'date-time', example: EXAMPLE_TIME }) created_at: Date;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null }) sent_at: Date | null;
  @ApiProperty({ example: 0 }) attempts: number;
  @ApiProperty({ example: 3 }) max_attempts: number;
  @ApiProperty({ type: String, nullable: true, example: null }) last_error: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) error_code: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) provider_message_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null }) template_id: string | null;
  @ApiProperty({ type: RecipientPersonDto, nullable: true, description: 'The student, when recipient_type is student' })
  students: RecipientPersonDto | null;
  @ApiProperty({ type: RecipientPersonDto, nullable: true, description: 'The user, when recipient_type is user' })
  users: RecipientPersonDto | null;
}

export class RecipientResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: ['student', 'user'] }) type: string;
  @ApiProperty({ example: 'Olivia' }) firstName: string;
  @ApiProperty({ example: 'Martinez' }) lastName: string;
  @ApiProperty({ example: 'olivia@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: '5595551234' }) phone: string | null;
  @ApiProperty({ description: 'SMS only goes to students who opted in (users: always true)', example: true })
  communicationOptIn: boolean;
}

export class TemplateResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Room change' }) name: string;
  @ApiProperty({ enum: ['email', 'sms'] }) type: string;
  @ApiProperty({
    enum: TEMPLATE_KINDS,
    description: 'An active template of an automatic kind replaces the built-in message of that kind',
  })
  kind: string;
  @ApiProperty({ type: String, nullable: true, example: '{{className}}: new room' }) subject_template: string | null;
  @ApiProperty({ example: 'Hi {{firstName}}, {{className}} meets in Studio B.' }) message_template: string;
  @ApiProperty({ type: [String], example: ['firstName', 'className'] }) variables: string[];
  @ApiProperty({ example: true }) is_active: boolean;
  @ApiProperty({ type: String, format: 'date-time', example: EXAMPLE_TIME }) created_at: Date;
  @ApiProperty({ type: String, format: 'date-time', example: EXAMPLE_TIME }) updated_at: Date;
}

export class TwilioWebhookResponseDto {
  @ApiProperty({ example: true }) received: boolean;
}
