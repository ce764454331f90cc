import { ApiProperty } from '@nestjs/swagger';

export class StripeConfigResponseDto {
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Stripe publishable key; null when card payments are not configured',
    example: null,
  })
  publicKey: string | null;
  @ApiProperty({ enum: ['production', 'test'], example: 'test' }) environment: string;
}

/** Stripe Connect status of an organization (no connected accounts yet: always false). */
export class ConnectStatusResponseDto {
  @ApiProperty({ example: false }) hasAccount: boolean;
  @ApiProperty({ example: false }) charges_enabled: boolean;
  @ApiProperty({ example: false }) payouts_enabled: boolean;
  @ApiProperty({ example: false }) details_submitted: boolean;
}
