import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PlanEntity } from './plan.entity';
import { PlansController } from './plans.controller';
import { PlansService } from './plans.service';
import { UsageService } from './usage.service';

@Module({
  imports: [TypeOrmModule.forFeature([PlanEntity])],
  controllers: [PlansController],
  providers: [PlansService, UsageService],
  exports: [PlansService, UsageService],
})
export class SubscriptionsModule {}
