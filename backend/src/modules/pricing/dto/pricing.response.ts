import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { OfferedPlanDto, QuotePaymentPlanDto } from '../../payment-plans/dto/payment-plan.response';

/** What a tax line of a quote is (issue 43): its rate, and whether the prices already include it. */
export class QuoteLineTaxDto {
  @ApiProperty({ example: 'GST' }) label: string;
  @ApiProperty({ example: 5, description: 'Percent' }) rate: number;
  @ApiProperty({ example: false, description: 'true: included in the prices, not added to the total' }) included: boolean;
}

export class QuoteLineDto {
  @ApiProperty({ example: 'Early bird discount' }) label: string;
  @ApiProperty({ example: -10, description: 'Dollars; discounts are negative' }) amount: number;
  @ApiProperty({ type: QuoteLineTaxDto, required: false, description: 'Present on a tax line' }) tax?: QuoteLineTaxDto;
  @ApiProperty({ required: false, example: true, description: 'Present (true) on a registration fee line' }) fee?: boolean;
}

export class QuotePromoDto {
  @ApiProperty({ example: 'SPRING10' }) code: string;
  @ApiProperty({ example: true }) applied: boolean;
  @ApiProperty({ example: 'Code SPRING10 applied: 10% off', description: "Why a code does not apply, e.g. 'This code has expired'" })
  message: string;
}

export class PriceQuoteResponseDto {
  @ApiProperty({ example: 'usd' }) currency: string;
  @ApiProperty({ type: [QuoteLineDto] }) lines: QuoteLineDto[];
  @ApiProperty({ example: 72, description: 'Dollars: what create-intent and registration charge (taxes and fees included)' }) total: number;
  @ApiProperty({ example: 3.6, description: 'Dollars: the tax in the total (included or added)' }) tax: number;
  @ApiProperty({ type: QuotePromoDto, nullable: true }) promo: QuotePromoDto | null;
  @ApiProperty({
    example: false,
    description: 'The organization has a senior discount: the form may ask for a date of birth (optional) to quote it',
  })
  asksDateOfBirth: boolean;
  @ApiProperty({
    type: [OfferedPlanDto],
    required: false,
    description: 'The payment plans this registration may choose (absent: none, pay in full)',
  })
  paymentPlans?: OfferedPlanDto[];
  @ApiProperty({ type: QuotePaymentPlanDto, required: false, description: 'The schedule of the plan asked for (paymentPlanId)' })
  paymentPlan?: QuotePaymentPlanDto;
}

export class PromoUsageDto {
  @ApiProperty({ type: 'integer', example: 3, description: 'Registrations that used the code (a lapsed card hold gives its use back)' })
  redemptions: number;
  @ApiProperty({ example: 30, description: 'Dollars the code took off' }) discountGiven: number;
  @ApiProperty({ example: 270, description: 'Dollars charged for the registrations that used it' }) revenue: number;
}

export class PromoCodeResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'SPRING10' }) code: string;
  @ApiProperty({ enum: ['percent', 'amount'] }) kind: string;
  @ApiProperty({ example: 10 }) value: number;
  @ApiProperty({ type: [String], example: [] }) classIds: string[];
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) validFrom: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: EXAMPLE_TIME }) validUntil: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 50 }) maxRedemptions: number | null;
  @ApiProperty({ type: 'integer', example: 1 }) maxPerEmail: number;
  @ApiProperty({ example: true }) active: boolean;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ type: PromoUsageDto }) usage: PromoUsageDto;
}

export class PromoCodeRemovedDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: ['deleted', 'deactivated'], description: 'A code already used is deactivated (its usage stays in the report)' })
  status: string;
}
