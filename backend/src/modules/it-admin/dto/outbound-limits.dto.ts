import { ApiProperty } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const PER_MINUTE = { min: 1, max: 1_000_000 };
const perMinuteMessage = (field: string) => `${field} must be a whole number from 1 to 1,000,000 per minute, or null for the default`;

/**
 * An organization's own outbound limits. A key left out keeps its figure; null returns it to the deployment's default.
 */
export class UpdateOutboundLimitsDto {
  @ApiProperty({ required: false, nullable: true, type: Number, example: 500 })
  @IsOptional()
  @IsInt({ message: perMinuteMessage('messages_per_minute') })
  @Min(PER_MINUTE.min, { message: perMinuteMessage('messages_per_minute') })
  @Max(PER_MINUTE.max, { message: perMinuteMessage('messages_per_minute') })
  messages_per_minute?: number | null;

  @ApiProperty({ required: false, nullable: true, type: Number, example: null })
  @IsOptional()
  @IsInt({ message: perMinuteMessage('webhooks_per_minute') })
  @Min(PER_MINUTE.min, { message: perMinuteMessage('webhooks_per_minute') })
  @Max(PER_MINUTE.max, { message: perMinuteMessage('webhooks_per_minute') })
  webhooks_per_minute?: number | null;
}

export class OutboundLimitResponseDto {
  @ApiProperty({ nullable: true, type: Number, description: "The organization's own figure; null: the default applies", example: 500 })
  per_minute: number | null;
  @ApiProperty({ description: "The deployment's default (OUTBOUND_MESSAGES_PER_MINUTE, WEBHOOK_DELIVERIES_PER_MINUTE)", example: 2000 })
  default_per_minute: number;
  @ApiProperty({ description: 'What applies now', example: 500 }) effective_per_minute: number;
  @ApiProperty({ description: 'Claimed for sending in the current minute, every instance together', example: 120 })
  used_this_minute: number;
}

export class OutboundLimitsResponseDto {
  @ApiProperty({ type: OutboundLimitResponseDto, description: 'Emails and SMS from the outbox' }) messages: OutboundLimitResponseDto;
  @ApiProperty({ type: OutboundLimitResponseDto, description: 'Webhook delivery attempts' }) webhooks: OutboundLimitResponseDto;
}
