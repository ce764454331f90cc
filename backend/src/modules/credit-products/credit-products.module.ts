import { Module } from '@nestjs/common';
import { ConnectModule } from '../connect/connect.module';
import { CreditsModule } from '../credits/credits.module';
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
import { MembershipsRepository } from './memberships.repository';
import { CreditProductReports } from './credit-product-reports';
import { CreditSalesReportRepository } from './credit-sales-report.repository';

/**
 * What an organization sells on the credits ledger (issue 41 §2): packs, memberships and account credit as products
 * (the admin's resource), their sales in person (marked paid) and by card on the public site (paid on Stripe's signed
 * event). A paid sale is granted on the ledger (`CreditsLedger`) in the paying transaction.
 */
@Module({
  imports: [CreditsModule, StudentsModule, StripeModule, ConnectModule],
  controllers: [CreditProductsController, CardCheckoutController],
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
  ],
  exports: [CreditProductReports],
})
export class CreditProductsModule {}
