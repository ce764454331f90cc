import { Module } from '@nestjs/common';
import { CardIntentMatch } from './card-intent-match';
import { InstalmentCharges } from './instalment-charges';
import { InstalmentAnnouncements } from './instalment-announcements';
import { InstalmentLateRefunds } from './instalment-late-refunds';
import { InstalmentIntentEvents } from './instalment-intent-events.handler';
import { InstalmentOnSessionPayments } from './instalment-on-session';
import { PaymentPlanActionsController } from './payment-plan-actions.controller';
import { PlanInstalmentActions } from './plan-instalment-actions.service';
import { PlanDeadlines } from './plan-deadlines';
import { PlanDeadlinesJobs } from './plan-deadlines.jobs';
import { InstalmentChargesJobs } from './instalment-charges.jobs';
import { ClassesModule } from '../classes/classes.module';
import { CommunicationsModule } from '../communications/communications.module';
import { ConnectModule } from '../connect/connect.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { PricingModule } from '../pricing/pricing.module';
import { StripeModule } from '../stripe/stripe.module';
import { RegistrationFormsModule } from '../registration-forms/registration-forms.module';
import { RegistrationModule } from '../registration/registration.module';
import { StudentsModule } from '../students/students.module';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module';
import { CardPaymentsController } from './card-payments.controller';
import { CardHoldIntents } from './card-hold-intents.service';
import { CardPaymentAnnouncements } from './card-payment-announcements';
import { CardPaymentsService } from './card-payments.service';
import { EnrollmentsController } from './enrollments.controller';
import { HouseholdPaymentsService } from './household-payments.service';
import { InPersonPaymentsController } from './in-person-payments.controller';
import { InPersonPaymentsService } from './in-person-payments.service';
import { PaymentConfigController } from './payment-config.controller';
import { PaymentEventsHandler } from './payment-events.handler';
import { PaymentsJobs } from './payments.jobs';
import { PaymentPlansModule } from '../payment-plans/payment-plans.module';
import { PlanHoldIntents } from './plan-hold-intents';
import { PlanSetupEvents } from './plan-setup-events.handler';
import { PaymentsRepository } from './payments.repository';
import { RefundsService } from './refunds.service';
import { LatePaymentRefunds } from './late-payment-refunds';
import { LateTopUpRefunds } from './late-top-up-refunds';
import { StripeRefundsService } from './stripe-refunds.service';
import { CardRefundsService } from './card-refunds.service';
import { PaymentsForEnrollments } from './enrollment-payments.adapter';
import { TopUpAnnouncements } from './top-up-announcements';
import { TopUpSeatHold } from './top-up-seat-hold';
import { TopUpSettlement } from './top-up-settlement';
import { TopUpStart } from './top-up-start';
import { TopUpsRepository } from './top-ups.repository';
import { TopUpsService } from './top-ups.service';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { OffSessionCharges } from './off-session/off-session-charges';
import { BankDebitProcessingHandler } from './bank-debit-processing.handler';
import { DisputeEventsHandler } from './disputes/dispute-events.handler';
import { PaymentDisputesController } from './disputes/payment-disputes.controller';
import { PaymentDisputesRepository } from './disputes/payment-disputes.repository';
import { PaymentDisputesService } from './disputes/payment-disputes.service';
import { InstalmentDisputes } from './disputes/instalment-disputes';

@Module({
  imports: [
    RegistrationModule,
    RegistrationFormsModule,
    StudentsModule,
    ClassesModule,
    StripeModule,
    ConnectModule,
    SubscriptionsModule,
    CommunicationsModule,
    WebhooksModule,
    PricingModule,
    OrganizationsModule,
    PaymentPlansModule,
  ],
  controllers: [
    PaymentConfigController,
    InPersonPaymentsController,
    CardPaymentsController,
    EnrollmentsController,
    PaymentDisputesController,
    PaymentPlanActionsController,
  ],
  providers: [
    InPersonPaymentsService,
    CardPaymentsService,
    CardHoldIntents,
    PlanHoldIntents,
    PlanSetupEvents,
    CardPaymentAnnouncements,
    HouseholdPaymentsService,
    LatePaymentRefunds,
    LateTopUpRefunds,
    RefundsService,
    StripeRefundsService,
    PaymentsRepository,
    CardIntentMatch,
    InstalmentCharges,
    InstalmentChargesJobs,
    InstalmentAnnouncements,
    InstalmentLateRefunds,
    InstalmentIntentEvents,
    InstalmentOnSessionPayments,
    PlanInstalmentActions,
    PlanDeadlines,
    PlanDeadlinesJobs,
    PaymentEventsHandler,
    PaymentsForEnrollments,
    PaymentsJobs,
    CardRefundsService,
    TopUpAnnouncements,
    TopUpSeatHold,
    TopUpSettlement,
    TopUpStart,
    TopUpsRepository,
    TopUpsService,
    OffSessionCharges,
    DisputeEventsHandler,
    BankDebitProcessingHandler,
    PaymentDisputesRepository,
    PaymentDisputesService,
    InstalmentDisputes,
  ],
  exports: [TopUpsService, OffSessionCharges, InstalmentCharges, InstalmentOnSessionPayments],
})
export class PaymentsModule {}
