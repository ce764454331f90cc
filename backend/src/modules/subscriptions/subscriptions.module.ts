import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StripeModule } from '../stripe/stripe.module';
import { BillingPricesService } from './billing-prices.service';
import { PlanEntity } from './plan.entity';
import { PlanUsageRepository } from './plan-usage.repository';
import { PlansController } from './plans.controller';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { SubscriptionEventsHandler } from './subscription-events.handler';
import { SubscriptionRepository } from './subscription.repository';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsJobs } from './subscriptions.jobs';
import { SubscriptionsService } from './subscriptions.service';
import { UsageService } from './usage.service';

/**
 * Plans, the organization's subscription on Stripe Billing, and the plan policy (UsageService) every module asks
 * before a gated feature or a limited item.
 */
@Module({
  imports: [TypeOrmModule.forFeature([PlanEntity]), StripeModule],
  controllers: [PlansController, SubscriptionsController],
  providers: [
    PlansRepository,
    PlanUsageRepository,
    PlansService,
    UsageService,
    SubscriptionRepository,
    BillingPricesService,
    SubscriptionsService,
    SubscriptionEventsHandler,
    SubscriptionsJobs,
  ],
  exports: [PlansService, UsageService, SubscriptionsService],
})
export class SubscriptionsModule {}
