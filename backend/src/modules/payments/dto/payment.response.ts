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
