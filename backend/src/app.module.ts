import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { ThrottlerModule } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppAuthGuard } from './common/auth/auth.guard';
import { AllExceptionsFilter } from './common/http/all-exceptions.filter';
import { RateLimitGuard, throttlerOptions } from './common/http/rate-limit';
import type { AllConfigType } from './config/config.type';
import { CONFIG_LOADERS } from './config/settings';
import { dataSourceOptions } from './database/data-source';
import { ActivityModule } from './modules/activity/activity.module';
import { RetentionModule } from './modules/retention/retention.module';
import { ApiKeysModule } from './modules/api-keys/api-keys.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { AttendanceModule } from './modules/attendance/attendance.module';
import { AuthModule } from './modules/auth/auth.module';
import { CalendarFeedsModule } from './modules/calendar-feeds/calendar-feeds.module';
import { ClassesModule } from './modules/classes/classes.module';
import { CommunicationsModule } from './modules/communications/communications.module';
import { DataExportModule } from './modules/data-export/data-export.module';
import { ConnectModule } from './modules/connect/connect.module';
import { ContactModule } from './modules/contact/contact.module';
import { GoNoGoModule } from './modules/go-no-go/go-no-go.module';
import { SessionCancellationsModule } from './modules/session-cancellations/session-cancellations.module';
import { ScheduleConflictsModule } from './modules/schedule-conflicts/schedule-conflicts.module';
import { HealthModule } from './modules/health/health.module';
import { ItAdminModule } from './modules/it-admin/it-admin.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { OrganizationsModule } from './modules/organizations/organizations.module';
import { PaymentsModule } from './modules/payments/payments.module';
import { PostgresThrottlerStorage } from './modules/rate-limits/postgres-throttler.storage';
import { RateLimitsModule } from './modules/rate-limits/rate-limits.module';
import { PortalModule } from './modules/portal/portal.module';
import { ReceiptsModule } from './modules/receipts/receipts.module';
import { PricingModule } from './modules/pricing/pricing.module';
import { PaymentPlansModule } from './modules/payment-plans/payment-plans.module';
import { CreditsModule } from './modules/credits/credits.module';
import { CreditProductsModule } from './modules/credit-products/credit-products.module';
// Make-ups by policy (issue 41 §3).
import { MakeupsModule } from './modules/makeups/makeups.module';
import { TermsModule } from './modules/terms/terms.module';
import { VenuesModule } from './modules/venues/venues.module';
import { InstructorsModule } from './modules/instructors/instructors.module';
import { WaitingRoomModule } from './modules/waiting-room/waiting-room.module';
import { RegistrationModule } from './modules/registration/registration.module';
import { RegistrationFormsModule } from './modules/registration-forms/registration-forms.module';
import { ReportingModule } from './modules/reporting/reporting.module';
import { SeoModule } from './modules/seo/seo.module';
import { EmbedModule } from './modules/embed/embed.module';
import { SettingsModule } from './modules/settings/settings.module';
import { StripeModule } from './modules/stripe/stripe.module';
import { StudentsModule } from './modules/students/students.module';
import { SubscriptionsModule } from './modules/subscriptions/subscriptions.module';
import { WaitlistModule } from './modules/waitlist/waitlist.module';
import { WebhooksModule } from './modules/webhooks/webhooks.module';

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, load: CONFIG_LOADERS, ignoreEnvFile: true }),
    TypeOrmModule.forRootAsync({
      inject: [ConfigService],
      useFactory: (config: ConfigService<AllConfigType>) => {
        const { url, poolSize } = config.getOrThrow('database', { infer: true });
        if (!url) throw new Error('DATABASE_URL is not set (the start script sets it when it starts the embedded database)');
        return dataSourceOptions(url, poolSize);
      },
    }),
    ScheduleModule.forRoot(),
    ThrottlerModule.forRootAsync({
      imports: [RateLimitsModule],
      inject: [ConfigService, PostgresThrottlerStorage],
      // Counted in PostgreSQL, so every instance on the database spends the same per-IP budget.
      useFactory: (config: ConfigService<AllConfigType>, storage: PostgresThrottlerStorage) => ({
        ...throttlerOptions(config.getOrThrow('app', { infer: true })),
        storage,
      }),
    }),
    ActivityModule,
    RetentionModule,
    ReportingModule,
    CommunicationsModule,
    AuthModule,
    SubscriptionsModule,
    ApiKeysModule,
    OrganizationsModule,
    SettingsModule,
    ClassesModule,
    PricingModule,
    TermsModule,
    VenuesModule,
    InstructorsModule,
    WaitingRoomModule,
    StudentsModule,
    RegistrationModule,
    RegistrationFormsModule,
    StripeModule,
    ConnectModule,
    PaymentsModule,
    AttendanceModule,
    ContactModule,
    HealthModule,
    MetricsModule,
    SeoModule,
    EmbedModule,
    AnalyticsModule,
    ItAdminModule,
    DataExportModule,
    GoNoGoModule,
    SessionCancellationsModule,
    ScheduleConflictsModule,
    WaitlistModule,
    WebhooksModule,
    CalendarFeedsModule,
    ReceiptsModule,
    PortalModule,
    PaymentPlansModule,
    CreditsModule,
    CreditProductsModule,
    MakeupsModule,
  ],
  providers: [
    { provide: APP_GUARD, useClass: AppAuthGuard },
    // After authentication; only routes marked @RateLimit are counted (per client IP).
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class AppModule {}
