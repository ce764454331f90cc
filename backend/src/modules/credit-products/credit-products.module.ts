import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { ConnectModule } from '../connect/connect.module';
import { CreditsModule } from '../credits/credits.module';
import { PaymentPlansModule } from '../payment-plans/payment-plans.module';
import { PaymentsModule } from '../payments/payments.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { StripeModule } from '../stripe/stripe.module';
import { StudentsModule } from '../students/students.module';
import { CardCheckoutController } from './card-checkout.controller';
import { CardCheckout } from './card-checkout.service';
import { CreditProductsController } from './credit-products.controller';
import { CreditProductsRepository } from './credit-products.repository';
import { CreditProductsService } from './credit-products.service';
import { CreditSaleEvents } from './credit-sale-events.handler';
import { CreditSaleGrants } from './credit-sale-grants';
import { CreditSalesRepository } from './credit-sales.repository';
import { CreditSalesService } from './credit-sales.service';
import { MembershipAnnouncements } from './membership-announcements';
import { MembershipOnSession } from './membership-on-session';
import { MembershipPayers } from './membership-payers';
import { MembershipRenewals } from './membership-renewals';
import { MembershipRenewalsJobs } from './membership-renewals.jobs';
import { MembershipRenewalsRepository } from './membership-renewals.repository';
import { MembershipsController } from './memberships.controller';
import { MembershipsRepository } from './memberships.repository';
import { CreditProductReports } from './credit-product-reports';
import { CreditSalesReportRepository } from './credit-sales-report.repository';
import { MembershipsService } from './memberships.service';

/**
 * What an organization sells on the credits ledger (issue 41 §2): packs, memberships and account credit as products
 * (the admin's resource), their sales in person (marked paid) and by card on the public site (paid on Stripe's signed
 * event). A paid sale is granted on the ledger (`CreditsLedger`) in the paying transaction. Memberships renew by the
 * off-session rules of payment plans (membership-renewals.ts); admins and members change them (memberships.service.ts).
 */
@Module({
  imports: [
    CreditsModule,
    StudentsModule,
    StripeModule,
    ConnectModule,
    // Membership renewals (issue 41 §2): the payer's Customer and retry rules (payment plans), the off-session gateway
    // (payments), the member's emails and the admins' (communications), `membership.*` events (webhooks).
    PaymentPlansModule,
    PaymentsModule,
    CommunicationsModule,
    WebhooksModule,
  ],
  controllers: [CreditProductsController, CardCheckoutController, MembershipsController],
  providers: [
    CreditProductsRepository,
    CreditSalesRepository,
    MembershipsRepository,
    CreditProductsService,
    CreditSalesService,
    CreditSaleGrants,
    CardCheckout,
    CreditSaleEvents,
    // The sales report's figures, for the reporting module.
    CreditSalesReportRepository,
    CreditProductReports,
    MembershipPayers,
    MembershipRenewalsRepository,
    MembershipRenewals,
    MembershipRenewalsJobs,
    MembershipAnnouncements,
    MembershipsService,
    MembershipOnSession,
  ],
  exports: [CreditProductReports, MembershipsService, MembershipOnSession],
})
export class CreditProductsModule {}
