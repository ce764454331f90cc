import { ApiProperty } from '@nestjs/swagger';

export const WEBHOOK_OUTCOMES = ['processed', 'duplicate', 'in_progress'] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export class StripeWebhookResponseDto {
  @ApiProperty({ description: "The event's id (stored once, whatever the deliveries)", example: 'evt_1QfV2aLkdIwHu7ix' })
  eventId: string;

  @ApiProperty({
    enum: WEBHOOK_OUTCOMES,
    description:
      'processed: handled now (or stored, when the product does not handle its type); duplicate: already processed ' +
      'before, nothing ran again; in_progress: another instance is processing this event now (the reconciliation job ' +
      'retries it if that fails)',
    example: 'processed',
  })
  status: WebhookOutcome;
}
