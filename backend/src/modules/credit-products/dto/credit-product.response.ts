import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { MEMBERSHIP_PERIODS, PRODUCT_KINDS, PRODUCT_SCOPES } from '../credit-product.types';

export class CreditProductResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: PRODUCT_KINDS }) kind: string;
  @ApiProperty({ example: '10-class pack' }) name: string;
  @ApiProperty({ type: 'string', nullable: true, example: null }) description: string | null;
  @ApiProperty({ example: 150, description: 'Dollars' }) price: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 10 }) uses: number | null;
  @ApiProperty({ type: 'number', nullable: true, example: null, description: 'Account credit: dollars of credit' }) credit: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 90 }) validityDays: number | null;
  @ApiProperty({ enum: MEMBERSHIP_PERIODS, nullable: true }) period: string | null;
  @ApiProperty({ enum: PRODUCT_SCOPES }) scope: string;
  @ApiProperty({ type: [String], example: [] }) classIds: string[];
  @ApiProperty({ example: true }) soldOnline: boolean;
  @ApiProperty({ example: false }) introOffer: boolean;
  @ApiProperty({ example: true }) active: boolean;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
}

/** What the public site shows of a product sold online. */
export class PublicCreditProductDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: PRODUCT_KINDS }) kind: string;
  @ApiProperty({ example: '10-class pack' }) name: string;
  @ApiProperty({ type: 'string', nullable: true, example: null }) description: string | null;
  @ApiProperty({ example: 150 }) price: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 10 }) uses: number | null;
  @ApiProperty({ type: 'number', nullable: true, example: null }) credit: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 90 }) validityDays: number | null;
  @ApiProperty({ enum: MEMBERSHIP_PERIODS, nullable: true }) period: string | null;
  @ApiProperty({ enum: PRODUCT_SCOPES }) scope: string;
  @ApiProperty({ type: [String], example: [] }) classIds: string[];
  @ApiProperty({ example: false }) introOffer: boolean;
}

export class CreditProductRemovedDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: ['deleted'] }) status: string;
}

export class CreditSaleResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) productId: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: EXAMPLE_ID }) studentId: string | null;
  @ApiProperty({ example: 'ana@example.com' }) buyerEmail: string;
  @ApiProperty({ enum: ['card', 'in_person'] }) channel: string;
  @ApiProperty({ enum: ['pending', 'paid', 'cancelled'] }) status: string;
  @ApiProperty({ example: 150 }) amount: number;
  @ApiProperty({ example: false }) intro: boolean;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null, description: 'The credit granted when paid' })
  entitlementId: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) paidAt: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
}

export class CardCheckoutResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) saleId: string;
  @ApiProperty({ example: 'pi_123_secret_456' }) clientSecret: string;
  @ApiProperty({ example: 'pi_123' }) paymentIntentId: string;
  @ApiProperty({ example: 150 }) amount: number;
}
