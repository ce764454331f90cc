import { ApiProperty } from '@nestjs/swagger';

/** A dispute of one of the enrollment's payments, as the admin app shows it. */
export class PaymentDisputeResponseDto {
  @ApiProperty({ example: 'dp_1Q2w3E4r5T6y' }) stripeDisputeId: string;
  @ApiProperty({ example: 'pi_3Q2w3E4r5T6y' }) paymentIntentId: string;
  @ApiProperty({ description: 'Dollars disputed', example: 80 }) amount: number;
  @ApiProperty({ description: "The bank's reason, as Stripe names it", example: 'fraudulent' }) reason: string;
  @ApiProperty({ description: "Stripe's status of the dispute as last heard", example: 'needs_response' }) status: string;
  @ApiProperty({ type: String, enum: ['won', 'lost'], nullable: true, description: 'How it ended; null while open', example: null })
  outcome: 'won' | 'lost' | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Dollars of the organization's share taken back from its transfer",
    example: 77.6,
  })
  recoveredAmount: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the share could not be taken back automatically', example: null })
  recoveryError: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) closedAt: Date | null;
}
