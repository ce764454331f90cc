import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { ClassesModule } from '../classes/classes.module';
import { CommunicationsModule } from '../communications/communications.module';
import { ConnectModule } from '../connect/connect.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { OutboundLimitsModule } from '../outbound-limits/outbound-limits.module';
import { PlatformAuditModule } from '../platform-audit/platform-audit.module';
import { StripeModule } from '../stripe/stripe.module';
import { RegistrationModule } from '../registration/registration.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { ItAdminController } from './it-admin.controller';
import { ItAdminService } from './it-admin.service';
import { OutboundLimitsController } from './outbound-limits.controller';
import { StaffOutboundLimits } from './outbound-limits.staff';
import { StaffActions } from './staff-actions';

/** The IT-admin portal API. Owns no table of organizations' data: it asks their modules. */
@Module({
  imports: [
    AuthModule,
    OrganizationsModule,
    ClassesModule,
    CommunicationsModule,
    RegistrationModule,
    ConnectModule,
    SubscriptionsModule,
    StripeModule,
    PlatformAuditModule,
    OutboundLimitsModule,
  ],
  controllers: [ItAdminController, OutboundLimitsController],
  providers: [ItAdminService, StaffActions, StaffOutboundLimits],
})
export class ItAdminModule {}
