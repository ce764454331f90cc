import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { PlanActions } from '../payment-plans/plan-actions';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { intentFacts, type IntentFacts } from './card-payment.types';
import { InstalmentAnnouncements } from './instalment-announcements';

/**
 * A payer paying instalments on-session from the portal ("Pay now", the whole balance): the PaymentIntent names the
 * plan and the instalments (`payerPlanId`, `instalmentSeqs`). Whichever of Stripe's `payment_intent.succeeded` and
 * the portal's confirm (the server reading the intent from Stripe) comes first records them, in one transaction, as
 * the charging job records its own: each instalment paid once, its money on the enrollment, its numbered receipt,
 * the messages, the plan completed or no longer past due. The other finds them paid and records nothing; if the
 * payer closes the page before the confirm, Stripe's event still records the payment.
 */
@Injectable()
export class InstalmentOnSessionPayments implements StripeEventHandler, OnModuleInit {
  readonly types = ['payment_intent.succeeded'] as const;
  private readonly logger = new Logger('InstalmentOnSessionPayments');

  constructor(
    private readonly registry: StripeEventHandlers,
    private readonly plans: PlanActions,
    private readonly announce: InstalmentAnnouncements,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: Stripe.Event, m: EntityManager): Promise<void> {
    const pi = intentFacts((event.data as { object?: unknown } | undefined)?.object);
    if (pi?.status === 'succeeded') await this.record(m, pi);
  }

  /** The portal's confirm, with the intent as the server read it from Stripe (already checked against the plan). */
  confirm(pi: IntentFacts): Promise<number[]> {
    return this.db.transaction((m) => this.record(m, pi));
  }

  private async record(m: EntityManager, pi: IntentFacts): Promise<number[]> {
    const planId = pi.metadata.payerPlanId;
    const seqs = (pi.metadata.instalmentSeqs ?? '').split(',').filter(Boolean).map(Number).filter(Number.isSafeInteger);
    if (!planId || !seqs.length) return [];
    const rows = await this.plans.payOnSession(m, pi.metadata.organizationId ?? '', planId, seqs, pi.id);
    if (!rows.length) return [];
    const total = rows.reduce((sum, r) => sum + r.amountCents, 0);
    if (rows.length !== seqs.length || total !== pi.amount)
      this.logger.error(`PaymentIntent ${pi.id} paid ${pi.amount} cents for plan ${planId}; its open instalments came to ${total}`);
    // The platform's fee of the payment, shared over its instalments by amount (the remainder on the last).
    let feeLeft = pi.applicationFee;
    for (const [k, row] of rows.entries()) {
      const fee = k === rows.length - 1 ? feeLeft : Math.round((pi.applicationFee * row.amountCents) / Math.max(total, 1));
      feeLeft -= fee;
      await this.announce.paid(m, row, { via: 'card', paymentIntentId: pi.id, chargeId: pi.chargeId, feeCents: fee });
    }
    return rows.map((r) => r.seq);
  }
}
