import { Module } from '@nestjs/common';
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
  ],
  controllers: [PaymentConfigController, InPersonPaymentsController, CardPaymentsController, EnrollmentsController],
  providers: [
    InPersonPaymentsService,
    CardPaymentsService,
    CardHoldIntents,
    CardPaymentAnnouncements,
    HouseholdPaymentsService,
    LatePaymentRefunds,
    LateTopUpRefunds,
    RefundsService,
    StripeRefundsService,
    PaymentsRepository,
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
  ],
  exports: [TopUpsService],
})
export class PaymentsModule {}
