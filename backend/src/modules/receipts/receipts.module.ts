import { Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { ReceiptIssuer } from './receipt-issuer';
import { ReceiptsController } from './receipts.controller';
import { ReceiptsRepository } from './receipts.repository';
import { ReceiptsService } from './receipts.service';

/**
 * Numbered receipts and credit notes (`receipts`, `receipt_counters`). It hears every payment and refund through
 * the webhooks module's PaymentEventHooks, in the transaction that records it, so payments does not know it exists;
 * the portal asks its service for a student's own.
 */
@Module({
  imports: [WebhooksModule, OrganizationsModule],
  controllers: [ReceiptsController],
  providers: [ReceiptsRepository, ReceiptIssuer, ReceiptsService],
  exports: [ReceiptsService],
})
export class ReceiptsModule {}
