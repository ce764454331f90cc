import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { CreditProductsModule } from '../credit-products/credit-products.module';
import { CreditsModule } from '../credits/credits.module';
import { PaymentPlansModule } from '../payment-plans/payment-plans.module';
import { CreditReportsController } from './credit-reports.controller';
import { CreditReportsService } from './credit-reports.service';
import { MakeupReportPort } from './makeup-report.port';
import { PricingModule } from '../pricing/pricing.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';
import { ClassMilestonesJobs } from './class-milestones.jobs';
import { ClassMilestonesRepository } from './class-milestones.repository';
import { ClassMilestonesService } from './class-milestones.service';
import { RatingLinks } from './rating-links';
import { RatingsController } from './ratings.controller';
import { RatingsRepository } from './ratings.repository';
import { RatingsService } from './ratings.service';
import { PlanReportsController } from './plan-reports.controller';
import { ReportingController, ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

/**
 * The admin dashboard and the reports; the activity log comes from ActivityModule's service (global). Rating
 * requests go out through CommunicationsService; the promo codes' usage comes from PricingService; the payment plans'
 * receivables from PlanReceivables (payment-plans).
 */
@Module({
  imports: [SubscriptionsModule, CommunicationsModule, PricingModule, CreditsModule, CreditProductsModule, PaymentPlansModule],
  controllers: [
    DashboardController,
    ReportsController,
    ReportingController,
    RatingsController,
    CreditReportsController,
    PlanReportsController,
  ],
  providers: [
    DashboardRepository,
    DashboardService,
    ReportsRepository,
    ReportsService,
    RatingLinks,
    RatingsRepository,
    RatingsService,
    ClassMilestonesRepository,
    ClassMilestonesService,
    ClassMilestonesJobs,
    // The credits reports (issue 41 §4); make-ups fill MakeupReportPort.
    CreditReportsService,
    MakeupReportPort,
  ],
  exports: [ReportsService, ClassMilestonesService, RatingLinks, MakeupReportPort],
})
export class ReportingModule {}
