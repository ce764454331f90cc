import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ReceiptIssuer } from './receipt-issuer';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsRepository } from './receipts.repository';
import { ReceiptsService } from './receipts.service';
import { StatementsController } from './statements.controller';
import { StatementsService } from './statements.service';
import { TaxReportController } from './tax-report.controller';
import { TaxReportService } from './tax-report.service';

/**
 * Numbered receipts and credit notes (`receipts`, `receipt_counters`). It hears every payment and refund through
 * the webhooks module's PaymentEventHooks, in the transaction that records it, so payments does not know it exists;
 * the portal asks its service for a student's own.
 */
@Module({
  imports: [WebhooksModule, OrganizationsModule],
  controllers: [ReceiptsController, StatementsController, TaxReportController],
  providers: [ReceiptsRepository, ReceiptIssuer, ReceiptsService, StatementsService, TaxReportService],
  exports: [ReceiptsService, StatementsService],
})
export class ReceiptsModule {}
