import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { intentFacts } from './card-payment.types';
import { CardPaymentsService } from './card-payments.service';
import { StripeRefundsService } from './stripe-refunds.service';
import { TopUpsService } from './top-ups.service';

/**
 * The card payment events, registered with the Stripe plumbing: each runs inside the
 * transaction that claimed the event, so it is applied exactly once. The event's object is untrusted: shapes
 * are checked and its metadata must match the enrollment row it points at, or the event changes nothing.
 */
@Injectable()
export class PaymentEventsHandler implements StripeEventHandler, OnModuleInit {
  readonly types = ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded', 'refund.created'] as const;
  private readonly logger = new Logger('PaymentEvents');

  constructor(
    private readonly registry: StripeEventHandlers,
    private readonly payments: CardPaymentsService,
    private readonly refunds: StripeRefundsService,
    private readonly topUps: TopUpsService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: Stripe.Event, m: EntityManager): Promise<void> {
    const object = (event.data as { object?: unknown } | undefined)?.object;
    // Both only name the payment: its refunds are read from refunds.list (a Charge carries none since 2022-11-15).
    if (event.type === 'charge.refunded') return this.refunds.chargeRefunded(object, m);
    if (event.type === 'refund.created') return this.refunds.refundCreated(object, m);
    const pi = intentFacts(object);
    if (!pi) {
      this.logger.warn(`${event.type} ${event.id} carries no PaymentIntent; ignored`);
      return;
    }
    // The second payment of a switch to a dearer class (its metadata names the top-up): settled by its own flow.
    if (pi.metadata.topUpId !== undefined) {
      if (event.type === 'payment_intent.payment_failed') return this.topUps.paymentFailed(pi, m);
      const done = await this.topUps.settle(pi, m);
      if (done.kind === 'mismatch')
        this.logger.warn(`${event.id}: PaymentIntent ${pi.id} does not match its top-up (${done.reason}); ignored`);
      return;
    }
    if (event.type === 'payment_intent.payment_failed') return this.payments.paymentFailed(pi, m);
    // The signed event says succeeded; settle re-checks amount, currency, destination and metadata against the row.
    const outcome = await this.payments.settle(pi, m);
    if (outcome.kind === 'mismatch')
      this.logger.warn(`${event.id}: PaymentIntent ${pi.id} does not match its enrollment (${outcome.reason}); ignored`);
  }
}
