import { ApiProperty } from '@nestjs/swagger';
import { PlanLimitsDto, PlanResponseDto } from './plan.response';

const STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'inactive'];

export class PlanRefDto {
  @ApiProperty({ example: 'essential' }) id: string;
  @ApiProperty({ example: 'Essential' }) name: string;
}

export class ScheduledChangeDto {
  @ApiProperty({ example: 'essential' }) planId: string;
  @ApiProperty({ example: 'Essential' }) planName: string;
  @ApiProperty({ description: 'Epoch seconds: the end of the current period', example: 1767225600 }) effectiveAt: number;
}

export class SubscriptionResponseDto {
  @ApiProperty({ format: 'uuid' }) organizationId: string;
  @ApiProperty({ enum: STATUSES, example: 'active' }) status: string;
  @ApiProperty({ description: 'The plan on record (kept after a cancellation, for Resubscribe)', example: 'essential' }) planId: string;
  @ApiProperty({ type: PlanResponseDto }) plan: PlanResponseDto;
  @ApiProperty({ type: PlanResponseDto, description: 'The plan that applies now (Free when the status does not grant the plan)' })
  effectivePlan: PlanResponseDto;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Epoch seconds', example: 1764547200 }) current_period_start: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Epoch seconds', example: 1767225600 }) current_period_end: number | null;
  @ApiProperty({ example: false }) cancel_at_period_end: boolean;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Epoch seconds', example: null }) trial_end: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Epoch seconds', example: null }) canceled_at: number | null;
  @ApiProperty({ type: ScheduledChangeDto, nullable: true, description: 'A downgrade booked for the period end' })
  scheduledChange: ScheduledChangeDto | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'cus_1QfV2a' }) stripeCustomerId: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'sub_1QfV2a' }) stripeSubscriptionId: string | null;
  @ApiProperty({ description: 'A paid plan granted without Stripe billing (the demo organization)', example: false })
  complimentary: boolean;
  @ApiProperty({ description: 'Stripe is configured: plans can be bought and changed', example: true }) billingAvailable: boolean;
  @ApiProperty({
    description:
      "Days of free trial a new subscription would start with: 30 for the organization's first paid subscription, 0 once it has had one",
    example: 30,
  })
  trialDaysOnSubscribe: number;
}

export class CustomerResponseDto {
  @ApiProperty({ example: 'cus_1QfV2a' }) customerId: string;
  @ApiProperty({ description: 'false when the organization already had its customer', example: true }) created: boolean;
}

export class CheckoutSessionResponseDto {
  @ApiProperty({ description: 'Stripe Checkout: send the browser there', example: 'https://checkout.stripe.com/c/pay/cs_test_a1' })
  sessionUrl: string;
  @ApiProperty({ example: 'cs_test_a1' }) sessionId: string;
  @ApiProperty({ description: 'Days of free trial the subscription starts with (0: charged at once)', example: 30 }) trialDays: number;
}

export class PortalResponseDto {
  @ApiProperty({ example: 'https://billing.stripe.com/p/session/test_a1' }) url: string;
}

export class SubscriptionUsageResponseDto {
  @ApiProperty({ example: 'free' }) planId: string;
  @ApiProperty({ example: 'Free' }) planName: string;
  @ApiProperty({ example: 4 }) students: number;
  @ApiProperty({ example: 1 }) classes: number;
  @ApiProperty({ description: 'Card payments this calendar month', example: 0 }) transactions: number;
  @ApiProperty({ type: PlanLimitsDto }) limits: PlanLimitsDto;
}

export class UsageCountDto {
  @ApiProperty({ example: 4 }) current: number;
  @ApiProperty({ description: '-1 means unlimited', example: 10 }) limit: number;
  @ApiProperty({ example: false }) unlimited: boolean;
}

export class UsageCountsDto {
  @ApiProperty({ type: UsageCountDto }) students: UsageCountDto;
  @ApiProperty({ type: UsageCountDto }) classes: UsageCountDto;
  @ApiProperty({ type: UsageCountDto, description: 'Card payments this calendar month' }) transactions: UsageCountDto;
}

export class UsageLimitsResponseDto {
  @ApiProperty({ type: PlanRefDto }) plan: PlanRefDto;
  @ApiProperty({ type: UsageCountsDto }) usage: UsageCountsDto;
}

export class FeatureAccessResponseDto {
  @ApiProperty({ example: 'advancedReporting' }) feature: string;
  @ApiProperty({ example: false }) hasAccess: boolean;
  @ApiProperty({ type: PlanRefDto, nullable: true, description: 'The cheapest plan with the feature, when this one lacks it' })
  upgradePlan: PlanRefDto | null;
}

export class CanPerformResponseDto {
  @ApiProperty({ example: 'create_class' }) action: string;
  @ApiProperty({ example: false }) allowed: boolean;
  @ApiProperty({ type: 'string', nullable: true, description: 'Why not: the message a write gets (403)' }) reason: string | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The plan limit (-1 unlimited); null for a feature', example: 2 })
  limit: number | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 2 }) current: number | null;
  @ApiProperty({ type: PlanRefDto, nullable: true }) upgradePlan: PlanRefDto | null;
}

export class FeatureReportDto {
  @ApiProperty({ example: 'customBranding' }) feature: string;
  @ApiProperty({ example: 'Custom branding' }) label: string;
  @ApiProperty({ example: false }) hasAccess: boolean;
  @ApiProperty({ type: PlanRefDto, nullable: true }) upgradePlan: PlanRefDto | null;
}

export class LimitReportDto {
  @ApiProperty({ enum: ['maxClasses', 'maxStudents', 'maxTransactionsPerMonth'] }) limit: string;
  @ApiProperty({ description: '-1 means unlimited', example: 2 }) max: number;
  @ApiProperty({ example: 1 }) current: number;
  @ApiProperty({ example: false }) unlimited: boolean;
  @ApiProperty({ example: true }) canAddMore: boolean;
  @ApiProperty({ type: PlanRefDto, nullable: true }) upgradePlan: PlanRefDto | null;
}

export class AccessReportResponseDto {
  @ApiProperty({ type: PlanRefDto }) plan: PlanRefDto;
  @ApiProperty({ type: FeatureReportDto, isArray: true }) features: FeatureReportDto[];
  @ApiProperty({ type: LimitReportDto, isArray: true }) limits: LimitReportDto[];
}
