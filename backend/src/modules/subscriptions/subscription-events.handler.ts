import { Injectable, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { idsInEventObject } from './stripe-subscription';
import { SubscriptionsService } from './subscriptions.service';

export const SUBSCRIPTION_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * The six Billing events. Each only names a subscription: the handler reads that subscription's
 * current state from Stripe and writes it over the record, so order, repeats and concurrency do not matter. A
 * checkout session of another mode, an invoice without a subscription, an unknown customer: nothing to do.
 */
@Injectable()
export class SubscriptionEventsHandler implements StripeEventHandler, OnModuleInit {
  readonly types = SUBSCRIPTION_EVENT_TYPES;

  constructor(
    private readonly registry: StripeEventHandlers,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: Stripe.Event, manager: EntityManager): Promise<void> {
    const object = (event.data as { object?: unknown } | undefined)?.object;
    if (!object || typeof object !== 'object') return;
    const { subscriptionId, customerId } = idsInEventObject(event.type, object as Record<string, unknown>);
    if (!subscriptionId) return;
    await this.subscriptions.syncFromStripe(manager, subscriptionId, customerId);
  }
}
