import { Module } from '@nestjs/common';
import { DeliveriesRetentionRepository } from './deliveries-retention.repository';
import { OutboundLimitsModule } from '../outbound-limits/outbound-limits.module';
import { MessageProvidersModule } from '../message-providers/message-providers.module';
import { PaymentEventHooks } from './payment-event.hooks';
import { WebhookEvents } from './webhook-events';
import { WebhooksController } from './webhooks.controller';
import { WebhooksDispatcher } from './webhooks.dispatcher';
import { WebhooksJobs } from './webhooks.jobs';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Outbound webhooks. In the platform layer, below every module whose events it carries: they import it and call
 * WebhookEvents.publish in their transaction.
 */
@Module({
  imports: [MessageProvidersModule, OutboundLimitsModule],
  controllers: [WebhooksController],
  providers: [
    DeliveriesRetentionRepository,
    WebhooksRepository,
    PaymentEventHooks,
    WebhookEvents,
    WebhooksService,
    WebhooksDispatcher,
    WebhooksJobs,
  ],
  exports: [WebhookEvents, WebhooksDispatcher, PaymentEventHooks],
})
export class WebhooksModule {}
