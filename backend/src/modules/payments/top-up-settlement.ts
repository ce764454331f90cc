import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ConnectService } from '../connect/connect.service';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import { UUID, type IntentFacts } from './card-payment.types';
import { LateTopUpRefunds } from './late-top-up-refunds';
import { TopUpAnnouncements } from './top-up-announcements';
import { TopUpsRepository, type TopUp } from './top-ups.repository';

export type TopUpOutcome =
  | { kind: 'completed' | 'already'; topUp: TopUp }
  | { kind: 'refunded'; topUp: TopUp }
  | { kind: 'unpaid'; topUp: TopUp }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'unknown' };

/**
 * What Stripe says of a top-up's PaymentIntent, applied once in the caller's transaction (the confirm route's, or the
 * webhook's event claim): a payment switches the registration, a failure ends the hold. Both lock the row, so whichever
 * comes second finds it done.
 */
@Injectable()
export class TopUpSettlement {
  constructor(
    private readonly repo: TopUpsRepository,
    private readonly cards: CardEnrollmentsService,
    private readonly connect: ConnectService,
    private readonly lifecycle: EnrollmentLifecycleService,
    private readonly lateRefunds: LateTopUpRefunds,
    private readonly announce: TopUpAnnouncements,
  ) {}

  /**
   * Applies a PaymentIntent of a top-up exactly once. The intent must match the row: amount, usd, the connected
   * account as destination, and metadata naming this organization, enrollment, class and top-up. A payment that can no
   * longer switch (its hold lapsed into a full class, or the registration was cancelled or moved meanwhile) is
   * refunded in full.
   */
  async settle(pi: IntentFacts, m: EntityManager): Promise<TopUpOutcome> {
    let t = await this.repo.byIntent(pi.id, m);
    if (!t && UUID.test(pi.metadata.topUpId ?? '')) {
      t = await this.repo.byId(pi.metadata.topUpId, m);
      if (t?.stripePaymentIntentId && t.stripePaymentIntentId !== pi.id)
        return { kind: 'mismatch', reason: 'the top-up has another PaymentIntent' };
    }
    if (!t) return { kind: 'unknown' };
    // The enrollment first, then the top-up: the order every path that touches both takes.
    const e = await this.cards.byId(t.enrollmentId, m, true);
    t = (await this.repo.byId(t.id, m, true))!;
    const problem = await this.mismatch(pi, t, m);
    if (problem) return { kind: 'mismatch', reason: problem };
    if (t.status === 'completed') return { kind: 'already', topUp: t };
    if (t.status === 'refunded') return { kind: 'refunded', topUp: t };
    if (pi.status !== 'succeeded') return { kind: 'unpaid', topUp: t };
    const canSwitch = !!e && e.status === 'active' && e.classId === t.fromClassId && e.paymentStatus === 'completed';
    let seat = t.status === 'held';
    if (!canSwitch && seat) await this.lifecycle.endTopUpHold(m, t, 'expired');
    // Paid after the hold lapsed (or after a failed attempt): the seat is taken again when one is free.
    if (canSwitch && !seat) seat = await this.cards.retakeSeat(m, { ...e, classId: t.toClassId });
    if (!canSwitch || !seat) {
      await this.lateRefunds.refund(m, t, pi, e);
      return { kind: 'refunded', topUp: t };
    }
    await this.repo.complete(m, t.id, { paymentIntentId: pi.id, chargeId: pi.chargeId, platformFeeCents: pi.applicationFee });
    // This payment brings what was paid up to the new class's price: a difference an earlier switch left due is owed no more.
    await this.repo.cancelDue(m, e.id);
    await this.cards.applyTopUp(m, e, {
      toClassId: t.toClassId,
      amountCents: pi.amount,
      platformFeeCents: pi.applicationFee,
      amountDueCents: t.newAmountDueCents,
      priceBreakdown: t.priceBreakdown,
    });
    await this.announce.paid(m, e, (await this.cards.byId(e.id, m))!, t, pi);
    return { kind: 'completed', topUp: t };
  }

  /** payment_intent.payment_failed: the hold ends and its seat is freed; the registration stays where it was. */
  async paymentFailed(pi: IntentFacts, m: EntityManager): Promise<void> {
    const t = await this.repo.byIntent(pi.id, m, true);
    if (!t || (await this.mismatch(pi, t, m))) return;
    await this.lifecycle.endTopUpHold(m, t, 'failed');
  }

  private async mismatch(pi: IntentFacts, t: TopUp, m: EntityManager): Promise<string | null> {
    const meta = pi.metadata;
    if (
      meta.topUpId !== t.id ||
      meta.enrollmentId !== t.enrollmentId ||
      meta.organizationId !== t.organizationId ||
      meta.classId !== t.toClassId
    )
      return 'metadata';
    if (t.stripePaymentIntentId && t.stripePaymentIntentId !== pi.id) return 'another PaymentIntent';
    if (pi.currency !== 'usd') return 'currency';
    if (pi.amount !== t.amountCents) return 'amount';
    if (pi.applicationFee < 0 || pi.applicationFee > pi.amount) return 'application fee';
    const ready = await this.connect.readiness(t.organizationId, m);
    if (!pi.destination || pi.destination !== ready.stripeAccountId) return 'destination';
    return null;
  }
}
