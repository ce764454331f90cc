import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { PlanActions } from '../payment-plans/plan-actions';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { intentFacts } from './card-payment.types';
import { InstalmentAnnouncements } from './instalment-announcements';

/**
 * A bank debit (`us_bank_account`) charged for an instalment answers `processing`; days later Stripe says
 * `payment_intent.succeeded` or `payment_intent.payment_failed` (issue 40 §2). The instalment waiting on that
 * PaymentIntent is settled once, in the event's transaction: paid (the money on the enrollment, the receipt, the
 * messages) or failed (the payer and the organization told). An event for an instalment not `processing` (a card's
 * own succeeded event, after the job already recorded it; a repeat) changes nothing. Registration's and top-ups'
 * intents carry no `instalmentId` and are payment-events.handler.ts's.
 */
@Injectable()
export class InstalmentIntentEvents implements StripeEventHandler, OnModuleInit {
  readonly types = ['payment_intent.succeeded', 'payment_intent.payment_failed'] as const;
  private readonly logger = new Logger('InstalmentIntentEvents');

  constructor(
    private readonly registry: StripeEventHandlers,
    private readonly plans: PlanActions,
    private readonly announce: InstalmentAnnouncements,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: Stripe.Event, m: EntityManager): Promise<void> {
    const pi = intentFacts((event.data as { object?: unknown } | undefined)?.object);
    if (!pi || pi.metadata.instalmentId === undefined) return;
    const paid = event.type === 'payment_intent.succeeded';
    if (paid && pi.status !== 'succeeded') return;
    // Only the instalment the intent names, in the organization it names, and only while it waits on this intent.
    const row = await this.plans.settleProcessing(m, pi.metadata.organizationId ?? '', pi.metadata.instalmentId, pi.id, paid);
    if (!row) return;
    this.logger.log(`Instalment ${row.id}: bank debit ${pi.id} ${paid ? 'succeeded' : 'failed'}`);
    if (paid) await this.announce.paid(m, row, { via: 'card', paymentIntentId: pi.id, chargeId: pi.chargeId, feeCents: pi.applicationFee });
    else await this.announce.failed(m, row, 'bank_debit_failed', null);
  }
}
