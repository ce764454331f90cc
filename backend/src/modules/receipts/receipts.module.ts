import { Module } from '@nestjs/common';
import { CommunicationsModule } from '../communications/communications.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PricingModule } from '../pricing/pricing.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ReceiptIssuer } from './receipt-issuer';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsRepository } from './receipts.repository';
import { ReceiptsService } from './receipts.service';
import { ReceiptLinks } from '../../common/links/receipt-links';
import { PublicReceiptsController } from './public-receipts.controller';
import { PublicStatementsController } from './public-statements.controller';
import { StatementEmailsJobs } from './statement-emails.jobs';
import { StatementEmailsRepository } from './statement-emails.repository';
import { StatementEmailsService } from './statement-emails.service';
import { StatementLinks } from './statement-links';
import { StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';
import { TaxReportController } from './tax-report.controller';
import { TaxReportService } from './tax-report.service';

/**
 * Numbered receipts and credit notes (`receipts`, `receipt_counters`). It hears every payment and refund through
 * the webhooks module's PaymentEventHooks, in the transaction that records it, so payments does not know it exists;
 * the portal asks its service for a student's own. In January it emails each payer a link to last year's statement
 * (`statement_email_runs`: once per organization and year).
 */
@Module({
  imports: [WebhooksModule, OrganizationsModule, CommunicationsModule, PricingModule],
  controllers: [ReceiptsController, StatementsController, TaxReportController, PublicStatementsController, PublicReceiptsController],
  providers: [
    ReceiptsRepository,
    ReceiptIssuer,
    ReceiptsService,
    StatementsService,
    TaxReportService,
    StatementEmailsRepository,
    StatementLinks,
    ReceiptLinks,
    StatementEmailsService,
    StatementEmailsJobs,
  ],
  exports: [ReceiptsService, StatementsService],
})
export class ReceiptsModule {}
