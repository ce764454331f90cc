import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlanEntity } from './plan.entity';
import { PlanUsageRepository } from './plan-usage.repository';
import { PlansController } from './plans.controller';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { SubscriptionsRepository } from './subscriptions.repository';
import { SubscriptionsService } from './subscriptions.service';
import { UsageService } from './usage.service';

@Module({
  imports: [TypeOrmModule.forFeature([PlanEntity])],
  controllers: [PlansController],
  providers: [PlansRepository, PlanUsageRepository, PlansService, UsageService, SubscriptionsRepository, SubscriptionsService],
  exports: [PlansService, UsageService, SubscriptionsService],
})
export class SubscriptionsModule {}
