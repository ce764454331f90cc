import { Injectable, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { StripeEventHandlers, type StripeEventHandler } from '../../stripe/stripe-event-handlers';
import { PaymentDisputesService } from './payment-disputes.service';

/**
 * `charge.dispute.created` and `charge.dispute.closed`, registered with the Stripe plumbing (which claims each event
 * id once): both read the dispute's current state from the event and apply it the same way, so their order does not
 * matter (payment-disputes.service.ts).
 */
@Injectable()
export class DisputeEventsHandler implements StripeEventHandler, OnModuleInit {
  readonly types = ['charge.dispute.created', 'charge.dispute.closed'] as const;

  constructor(
    private readonly registry: StripeEventHandlers,
    private readonly disputes: PaymentDisputesService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  handle(event: Stripe.Event, m: EntityManager): Promise<void> {
    return this.disputes.apply((event.data as { object?: unknown } | undefined)?.object, m);
  }
}
