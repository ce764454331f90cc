import { Module } from '@nestjs/common';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { CreditsLedger } from './credits-ledger';
import { CreditsLedgerRepository } from './credits-ledger.repository';
import { CreditsAdminService } from './credits-admin.service';
import { CreditsController } from './credits.controller';
import { CreditReports } from './credit-reports';
import { CreditReportsRepository } from './credit-reports.repository';

/**
 * Credits (issue 41): the one entitlement ledger for passes, membership allowances, make-up tokens and account credit.
 * Sits with the people (below registration, which uses a credit in the transaction that writes the seat and releases
 * it in the one that cancels): other modules import this module and call `CreditsLedger` with their EntityManager.
 */
@Module({
  imports: [WebhooksModule],
  controllers: [CreditsController],
  providers: [CreditsLedgerRepository, CreditsLedger, CreditsAdminService, CreditReportsRepository, CreditReports],
  exports: [CreditsLedger, CreditReports],
})
export class CreditsModule {}
