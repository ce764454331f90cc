import { Module } from '@nestjs/common';
import { ClassesModule } from '../classes/classes.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StripeModule } from '../stripe/stripe.module';
import { TermsModule } from '../terms/terms.module';
import { InstalmentLedger } from './instalment-ledger';
import { InstalmentLedgerRepository } from './instalment-ledger.repository';
import { PlanActionsRepository } from './plan-actions.repository';
import { PlanDeadlinesRepository } from './plan-deadlines.repository';
import { PlanActions } from './plan-actions';
import { InstalmentDisputesRepository } from './instalment-disputes.repository';
import { PlanClassEnd } from './plan-class-end';
import { PlanReceivables } from './plan-receivables';
import { PlanReceivablesRepository } from './plan-receivables.repository';
import { PayerPlansService } from './payer-plans.service';
import { PaymentPlansController } from './payment-plans.controller';
import { PlanAdminReadsController } from './plan-admin-reads.controller';
import { PlanReadsRepository } from './plan-reads.repository';
import { InstalmentPaymentsRepository } from './instalment-payments.repository';
import { PayerPlanReads } from './payer-plan-reads.service';
import { PaymentPlansRepository } from './payment-plans.repository';
import { PlanDefinitionsService } from './plan-definitions.service';
import { PlanQuotesService } from './plan-quotes.service';

/**
 * Payment plans (issue 40): the plans an organization offers, its plan settings, a plan's schedule for a quote, and
 * each payer's plan with its instalments and Stripe Customer. Sits with the catalogue beside pricing, which asks it
 * for a quote's schedule; the payments module (above) asks it when a card registration chooses a plan and when
 * Stripe confirms the deposit or the saved method. The payments module charges the
 * instalments (payments/instalment-charges.ts) through InstalmentLedger.
 */
@Module({
  imports: [ClassesModule, OrganizationsModule, TermsModule, StripeModule],
  controllers: [PaymentPlansController, PlanAdminReadsController],
  providers: [
    PaymentPlansRepository,
    PlanDefinitionsService,
    PlanQuotesService,
    PayerPlansService,
    InstalmentLedgerRepository,
    InstalmentLedger,
    PlanReadsRepository,
    InstalmentPaymentsRepository,
    PayerPlanReads,
    PlanActionsRepository,
    PlanDeadlinesRepository,
    PlanActions,
    PlanClassEnd,
    InstalmentDisputesRepository,
    PlanReceivablesRepository,
    PlanReceivables,
  ],
  // The plan's state changes after a charge (issue 40 §2, §4, §5): the payments module and the cancellation path call them.
  exports: [PlanQuotesService, PayerPlansService, InstalmentLedger, PayerPlanReads, PlanActions, PlanClassEnd, PlanReceivables],
})
export class PaymentPlansModule {}
