import { Injectable, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { ConnectService } from './connect.service';

/** `account.updated` keeps connect_accounts current (processed once per event by the stripe module). */
@Injectable()
export class ConnectEventsHandler implements StripeEventHandler, OnModuleInit {
  readonly types = ['account.updated'] as const;

  constructor(
    private readonly handlers: StripeEventHandlers,
    private readonly connect: ConnectService,
  ) {}

  onModuleInit() {
    this.handlers.register(this);
  }

  handle(event: Stripe.Event, manager: EntityManager): Promise<void> {
    return this.connect.applyAccountUpdated(event, manager);
  }
}
