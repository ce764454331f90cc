import { Module } from '@nestjs/common';
import { StripeEventsRetentionRepository } from './stripe-events-retention.repository';
import { StripeClient } from './stripe.client';
import { StripeEventHandlers } from './stripe-event-handlers';
import { StripeEventsJobs } from './stripe-events.jobs';
import { StripeEventsRepository } from './stripe-events.repository';
import { StripeEventsService } from './stripe-events.service';
import { StripeWebhooksController } from './stripe-webhooks.controller';

/**
 * Stripe plumbing shared by payments and subscriptions: the SDK client, the webhook with its exactly-once event
 * store, and the reconciliation job. Business handling lives in the owning modules, which import this module and
 * register a StripeEventHandler with StripeEventHandlers (payments: PaymentEventsHandler). The IT-admin portal asks
 * StripeEventsService for the events that keep failing.
 */
@Module({
  controllers: [StripeWebhooksController],
  providers: [
    StripeEventsRetentionRepository,
    StripeClient,
    StripeEventHandlers,
    StripeEventsRepository,
    StripeEventsService,
    StripeEventsJobs,
  ],
  exports: [StripeClient, StripeEventHandlers, StripeEventsService],
})
export class StripeModule {}
