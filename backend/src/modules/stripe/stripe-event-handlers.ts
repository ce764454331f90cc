import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';

/**
 * Business handling of a Stripe event type (payments, subscriptions…). `handle` runs inside the transaction
 * that claimed the event: everything it writes goes through `manager`, so a throw rolls it back with the claim
 * and the event stays unprocessed for a retry. Handlers read the object's current state from the event (or the
 * API) and never assume events arrive in order.
 */
export interface StripeEventHandler {
  readonly types: readonly string[];
  handle(event: Stripe.Event, manager: EntityManager): Promise<void>;
}

/**
 * Where modules register their handlers (in `onModuleInit`: inject this and call `register`). An event whose
 * type has no handler is stored and marked processed (a verified event the product does not handle is 200).
 */
@Injectable()
export class StripeEventHandlers {
  private readonly byType = new Map<string, StripeEventHandler[]>();

  register(handler: StripeEventHandler): void {
    for (const type of handler.types) this.byType.set(type, [...(this.byType.get(type) ?? []), handler]);
  }

  for(type: string): readonly StripeEventHandler[] {
    return this.byType.get(type) ?? [];
  }

  /** The handled types: what the reconciliation job asks `events.list` for, one type at a time. */
  types(): string[] {
    return [...this.byType.keys()].sort();
  }
}
