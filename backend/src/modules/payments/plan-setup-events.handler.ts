import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { PayerPlansService } from '../payment-plans/payer-plans.service';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import { StripeEventHandlers, type StripeEventHandler } from '../stripe/stripe-event-handlers';
import { CardPaymentAnnouncements } from './card-payment-announcements';

/** The fields of a SetupIntent the product keys on, checked for their shapes (what Stripe sends is untrusted). */
function setupFacts(value: unknown) {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  if (typeof o.id !== 'string' || !o.id.startsWith('seti_') || o.object !== 'setup_intent' || typeof o.status !== 'string') return null;
  const idOf = (v: unknown) =>
    typeof v === 'string' ? v : typeof (v as { id?: unknown } | null)?.id === 'string' ? (v as { id: string }).id : null;
  const meta = (o.metadata && typeof o.metadata === 'object' ? o.metadata : {}) as Record<string, unknown>;
  return {
    id: o.id,
    status: o.status,
    customer: idOf(o.customer),
    paymentMethod: idOf(o.payment_method),
    organizationId: typeof meta.organizationId === 'string' ? meta.organizationId : null,
  };
}

/**
 * A payment plan with no deposit: the registration is completed when Stripe says its SetupIntent saved the payer's
 * method (`setup_intent.succeeded`, in the transaction that claimed the event), never on the browser's word. The
 * seat is kept as a paid card hold's is (a hold that lapsed takes a free seat again, or the plan never starts: nothing
 * was charged, so nothing is refunded). A failed setup changes nothing: the payer may try another card until the hold
 * lapses.
 */
@Injectable()
export class PlanSetupEvents implements StripeEventHandler, OnModuleInit {
  readonly types = ['setup_intent.succeeded', 'setup_intent.setup_failed'] as const;
  private readonly logger = new Logger('PlanSetupEvents');

  constructor(
    private readonly registry: StripeEventHandlers,
    private readonly payers: PayerPlansService,
    private readonly cards: CardEnrollmentsService,
    private readonly announce: CardPaymentAnnouncements,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async handle(event: Stripe.Event, m: EntityManager): Promise<void> {
    const seti = setupFacts((event.data as { object?: unknown } | undefined)?.object);
    if (!seti) return void this.logger.warn(`${event.type} ${event.id} carries no SetupIntent; ignored`);
    if (event.type !== 'setup_intent.succeeded' || seti.status !== 'succeeded') return;
    const plan = await this.payers.ofIntent(seti.id, m);
    if (!plan) return; // a SetupIntent of another feature (or none of ours)
    if (seti.organizationId !== plan.organizationId || seti.customer !== plan.stripeCustomerId || !seti.paymentMethod)
      return void this.logger.warn(`${event.id}: SetupIntent ${seti.id} does not match its payment plan; ignored`);
    if (plan.status !== 'pending') return;
    const e = await this.cards.byId(plan.enrollmentId, m, true);
    if (!e) return;
    const keepsSeat = e.status === 'held' || e.status === 'active' || (e.status === 'expired' && (await this.cards.retakeSeat(m, e)));
    if (!keepsSeat) return this.payers.abandon(m, plan);
    const facts = {
      id: seti.id,
      status: 'succeeded',
      amount: 0,
      currency: 'usd',
      applicationFee: 0,
      destination: null,
      chargeId: null,
      paymentMethod: seti.paymentMethod,
      metadata: {},
    };
    await this.cards.recordPayment(m, e.id, { amountCents: 0, platformFeeCents: 0, chargeId: null, paymentIntentId: null }, true);
    await this.announce.recorded(m, e, facts, true);
    await this.payers.activate(m, plan, seti.paymentMethod);
  }
}
