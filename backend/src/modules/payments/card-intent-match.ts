import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ConnectService } from '../connect/connect.service';
import { PayerPlansService } from '../payment-plans/payer-plans.service';
import type { CardEnrollment } from '../registration/card-enrollments.service';
import type { IntentFacts } from './card-payment.types';

/**
 * What a card PaymentIntent must be to pay an enrollment (its organization, class, amount, currency, fee and
 * destination), and the payment plan it starts when it is a plan's deposit. Read by both ends of a card payment:
 * the settle (confirm route or webhook) and the failure event.
 */
@Injectable()
export class CardIntentMatch {
  constructor(
    private readonly connect: ConnectService,
    private readonly payers: PayerPlansService,
  ) {}

  /** Why this intent cannot be the payment of this enrollment, or null when it matches. */
  async mismatch(pi: IntentFacts, e: CardEnrollment, m: EntityManager): Promise<string | null> {
    // An in-person enrollment matches only the intent it was held with (a student who switched to in person, then paid).
    if (e.paymentMethod !== 'card' && e.stripePaymentIntentId !== pi.id) return 'not a card enrollment';
    const meta = pi.metadata;
    if (meta.organizationId !== e.organizationId || meta.classId !== e.classId || meta.enrollmentId !== e.id) return 'metadata';
    if (pi.currency !== 'usd') return 'currency';
    // A payment plan's deposit is its first payment; otherwise the price held.
    const plan = await this.payers.ofEnrollment(e.id, m);
    const expected = plan && plan.stripeIntentId === pi.id ? plan.depositCents : e.amountDueCents;
    if (expected === null || pi.amount !== expected) return 'amount';
    if (pi.applicationFee < 0 || pi.applicationFee > pi.amount) return 'application fee';
    const ready = await this.connect.readiness(e.organizationId, m);
    if (!pi.destination || pi.destination !== ready.stripeAccountId) return 'destination';
    return null;
  }

  /**
   * A payment plan's deposit, recorded: the plan starts (its saved method, its instalments) when the payment keeps
   * the seat, or, refunded, never does. Nothing when the intent is not a plan's deposit.
   */
  async depositSettled(m: EntityManager, e: CardEnrollment, pi: IntentFacts, keepsSeat: boolean): Promise<void> {
    const plan = await this.payers.ofEnrollment(e.id, m, true);
    if (plan?.stripeIntentId !== pi.id) return;
    if (keepsSeat) await this.payers.activate(m, plan, pi.paymentMethod);
    else await this.payers.abandon(m, plan);
  }
}
