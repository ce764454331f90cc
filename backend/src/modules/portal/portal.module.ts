import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { tokenJwtModule } from '../auth/bearer-tokens';
import { CommunicationsModule } from '../communications/communications.module';
import { ConnectModule } from '../connect/connect.module';
import { CreditProductsModule } from '../credit-products/credit-products.module';
import { DataExportModule } from '../data-export/data-export.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PaymentPlansModule } from '../payment-plans/payment-plans.module';
import { PaymentsModule } from '../payments/payments.module';
import { ReceiptsModule } from '../receipts/receipts.module';
import { StripeModule } from '../stripe/stripe.module';
import { RegistrationModule } from '../registration/registration.module';
import { StudentsModule } from '../students/students.module';
import { PortalJwtStrategy } from './portal-jwt.strategy';
import { PortalMembershipsController } from './portal-memberships.controller';
import { PortalController } from './portal.controller';
import { PortalPlansController } from './portal-plans.controller';
import { PortalPlanPaymentsController } from './portal-plan-payments.controller';
import { PortalPlanPayments } from './portal-plan-payments.service';
import { PortalPlansService } from './portal-plans.service';
import { PortalReceiptsController } from './portal-receipts.controller';
import { PortalRepository } from './portal.repository';
import { PortalService } from './portal.service';
import { PortalSignIn } from './portal-sign-in.service';

/**
 * The student portal (decision 18): sign-in links (`portal_links`), the portal token's strategy, and what a
 * student may do with their own registrations. It sits above the modules it asks (students, registration, payments,
 * data export); nothing imports it.
 */
@Module({
  imports: [
    CreditProductsModule,
    PassportModule,
    tokenJwtModule(),
    StudentsModule,
    OrganizationsModule,
    CommunicationsModule,
    RegistrationModule,
    PaymentsModule,
    DataExportModule,
    ReceiptsModule,
    PaymentPlansModule,
    StripeModule,
    ConnectModule,
  ],
  controllers: [
    PortalController,
    PortalReceiptsController,
    PortalPlansController,
    PortalPlanPaymentsController,
    PortalMembershipsController,
  ],
  providers: [PortalRepository, PortalService, PortalSignIn, PortalJwtStrategy, PortalPlansService, PortalPlanPayments],
})
export class PortalModule {}
