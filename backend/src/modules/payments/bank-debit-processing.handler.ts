import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { intentFacts } from './card-payment.types';

/**
 * A bank debit settles days after the payer confirmed it: Stripe's Payment Element offers `us_bank_account` when the
 * organization takes it, and the registration's PaymentIntent is then `processing` until `payment_intent.succeeded`
 * or `payment_intent.payment_failed`. Without this the held seat would lapse at the usual hold time (minutes) and the
 * payment arrive later into a seat that may be gone; here the hold is kept until the debit can have settled, and the
 * usual events complete or release it. Only a registration's own payment (metadata `enrollmentId` and
 * `organizationId` matching its row) is kept; other intents (a switch's top-up, an instalment) are not this handler's.
 */
export const BANK_DEBIT_HOLD_DAYS = 10;

@Injectable()
export class BankDebitProcessingHandler implements StripeEventHandler, OnModuleInit {
  readonly types = ['payment_intent.processing'] as const;
  private readonly logger = new Logger('PaymentEvents');

  constructor(
    private readonly registry: StripeEventHandlers,
    private readonly cards: CardEnrollmentsService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: Stripe.Event, m: EntityManager): Promise<void> {
    const pi = intentFacts((event.data as { object?: unknown } | undefined)?.object);
    if (!pi || pi.status !== 'processing' || pi.metadata.topUpId !== undefined) return;
    const first = await this.cards.byPaymentIntent(pi.id, m, true);
    if (
      !first ||
      first.organizationId !== pi.metadata.organizationId ||
      (pi.metadata.enrollmentId !== first.id && pi.metadata.household !== 'true')
    ) {
      if (first) this.logger.warn(`${event.id}: PaymentIntent ${pi.id} does not match its enrollment; ignored`);
      return;
    }
    const until = new Date(Date.now() + BANK_DEBIT_HOLD_DAYS * 86_400_000);
    const kept = await this.cards.keepHoldsWhileProcessing(m, pi.id, first.organizationId, until);
    if (kept) this.logger.log(`PaymentIntent ${pi.id} is processing (bank debit): ${kept} held seat(s) kept until ${until.toISOString()}`);
  }
}
