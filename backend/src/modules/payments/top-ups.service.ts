import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import type { AllConfigType } from '../../config/config.type';
import { ActivityService } from '../activity/activity.service';
import { ClassesService } from '../classes/classes.service';
import { CommunicationsService } from '../communications/communications.service';
import { ConnectService } from '../connect/connect.service';
import { breakdown } from '../pricing/pricing.service';
import { CardEnrollmentsService, messageInput } from '../registration/card-enrollments.service';
import { StripeClient } from '../stripe/stripe.client';
import { UsageService } from '../subscriptions/usage.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import { intentFacts, MIN_CARD_CENTS, UUID, type IntentFacts } from './card-payment.types';
import { CardPaymentsService } from './card-payments.service';
import { formatDollars, platformFeeCents } from './money';
import { PaymentError, PaymentException, paymentRefused } from './payments.exception';
import { RefundsService } from './refunds.service';
import { LateTopUpRefunds } from './late-top-up-refunds';
import { TopUpHolds } from './top-up-holds';
import { TopUpsRepository, type TopUp } from './top-ups.repository';
import { Seats } from '../registration/seats';

export type { TopUpPayment } from './top-ups.repository';

const NOT_FOUND = 'Enrollment not found';
const EXPIRY_BATCH = 100;

export type TopUpOutcome =
  | { kind: 'completed' | 'already'; topUp: TopUp }
  | { kind: 'refunded'; topUp: TopUp }
  | { kind: 'unpaid'; topUp: TopUp }
  | { kind: 'mismatch'; reason: string }
  | { kind: 'unknown' };

/**
 * A card-paid registration switching to a dearer class pays the difference by card, through a held seat as a card
 * registration does: the seat in the new class is taken at once as a timed hold (enrollment_top_ups) and a
 * PaymentIntent for exactly the difference is opened (the one price quote's transfer price less what the
 * registration kept). The switch happens only when Stripe confirms the payment, by the confirm route or the
 * payment_intent.succeeded webhook, whichever comes first: `settle` locks the enrollment and the top-up, so the
 * second finds it done. In that transaction the enrollment moves, the held seat becomes its seat and the old one is
 * freed. A hold that lapses, is abandoned or whose payment fails frees the held seat; the registration stays.
 */
@Injectable()
export class TopUpsService {
  private readonly logger = new Logger('TopUps');

  constructor(
    private readonly stripe: StripeClient,
    private readonly repo: TopUpsRepository,
    private readonly holds: TopUpHolds,
    private readonly cards: CardEnrollmentsService,
    private readonly classes: ClassesService,
    private readonly classSeats: Seats,
    private readonly connect: ConnectService,
    private readonly usage: UsageService,
    private readonly refunds: RefundsService,
    private readonly payments: CardPaymentsService,
    private readonly activity: ActivityService,
    private readonly communications: CommunicationsService,
    private readonly config: ConfigService<AllConfigType>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly webhooks: WebhookEvents,
    private readonly lateRefunds: LateTopUpRefunds,
  ) {}

  /** The differences a registration paid (or owes in person) for switches to dearer classes, oldest first (its receipt). */
  paymentsOf(enrollmentId: string) {
    return this.repo.paymentsOf(enrollmentId);
  }

  /**
   * Holds a seat in `toClassId` and opens the PaymentIntent for the difference. `amountCents` is what the page showed:
   * it must be exactly the difference now. Asking again for the same class while the hold is open answers the same
   * intent; asking for another class gives the first hold's seat back.
   */
  async start(organizationId: string, id: string, toClassId: string, amountCents: number, opts: { byStudent?: boolean } = {}) {
    if (!this.stripe.isConfigured) throw paymentRefused(PaymentError.CardPaymentsUnavailable);
    const ready = await this.connect.readiness(organizationId);
    if (!ready.chargesEnabled || !ready.stripeAccountId) throw paymentRefused(PaymentError.CardPaymentsNotSetUp);
    let released: string | null = null;
    const held = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
      if (e.status !== 'active' || e.paymentMethod !== 'card' || e.paymentStatus !== 'completed')
        throw new AppException(HttpStatus.CONFLICT, 'Only an active registration paid by card can pay a difference by card.');
      if (e.classId === toClassId) throw new AppException(HttpStatus.CONFLICT, 'This is already the class of this registration.');
      const to = await this.classes.require(toClassId, organizationId, m).catch(() => null);
      if (!to || to.status === 'Archived') throw new AppException(HttpStatus.NOT_FOUND, `Class with ID ${toClassId} not found`);
      if (to.startDate.getTime() <= Date.now())
        throw new AppException(HttpStatus.CONFLICT, 'That class has already started; choose another one.');
      const open = await this.repo.openOf(m, e.id);
      if (open && open.toClassId === toClassId && open.amountCents === amountCents && open.holdExpiresAt! > new Date())
        return { topUp: open, e, title: to.title, reused: true };
      // The one price quote, keeping the discounts of the original registration's person.
      const price = await this.refunds.transferPrice(organizationId, { ...e, email: e.studentEmail }, to);
      const difference = price.totalCents - (e.amountPaidCents - e.refundedCents);
      if (difference <= 0)
        throw new AppException(HttpStatus.CONFLICT, `${to.title} does not cost more; switch without paying.`, {
          differenceAmount: difference / 100,
        });
      if (amountCents !== difference)
        throw new PaymentException(
          PaymentError.PriceChanged,
          `The difference is ${formatDollars(difference)}, not ${formatDollars(amountCents)}. Please reload the page to see the current price.`,
          { amount: difference / 100 },
        );
      if (difference < MIN_CARD_CENTS)
        throw new AppException(HttpStatus.CONFLICT, 'The difference is too small to pay by card; please contact the organization.');
      if (open) released = await this.holds.end(m, open, 'expired');
      await this.usage.assertCanTakeCardPayment(organizationId, m);
      // The seat first (a full class refuses here: nothing is written), then the hold that owns it.
      await this.classSeats.hold(m, 'top-up', toClassId, organizationId);
      const topUp = await this.repo.insertHeld(
        m,
        {
          organizationId,
          enrollmentId: e.id,
          fromClassId: e.classId,
          toClassId,
          amountCents: difference,
          newAmountDueCents: price.totalCents,
          priceBreakdown: breakdown(price.lines),
          byStudent: !!opts.byStudent,
        },
        this.config.getOrThrow('jobs', { infer: true }).seatHoldMinutes,
      );
      return { topUp, e, title: to.title, reused: false };
    });
    if (released) void this.payments.cancelIntent(released);
    const { topUp, e } = held;
    let intent: Stripe.PaymentIntent;
    try {
      intent = topUp.stripePaymentIntentId
        ? await this.stripe.api.paymentIntents.retrieve(topUp.stripePaymentIntentId)
        : await this.stripe.api.paymentIntents.create(
            {
              amount: topUp.amountCents,
              currency: 'usd',
              application_fee_amount: platformFeeCents(
                topUp.amountCents,
                this.config.getOrThrow('app', { infer: true }).platformFeePercent,
              ),
              transfer_data: { destination: ready.stripeAccountId },
              automatic_payment_methods: { enabled: true },
              // topUpId tells the webhook this is the second payment of a switch, not a registration's.
              metadata: { organizationId, classId: toClassId, enrollmentId: e.id, topUpId: topUp.id },
            },
            { idempotencyKey: `classlane-top-up-${topUp.id}-payment-intent` },
          );
    } catch (err) {
      this.logger.error(`PaymentIntent for top-up ${topUp.id} failed: ${err instanceof Error ? err.message : String(err)}`);
      if (!held.reused) await this.db.transaction((m) => this.holds.end(m, topUp, 'expired'));
      throw paymentRefused(PaymentError.ReserveFailed);
    }
    if (!topUp.stripePaymentIntentId) await this.repo.setPaymentIntent(topUp.id, intent.id);
    return {
      topUpId: topUp.id,
      clientSecret: intent.client_secret!,
      paymentIntentId: intent.id,
      amount: topUp.amountCents / 100,
      holdExpiresAt: topUp.holdExpiresAt,
      classId: toClassId,
      className: held.title,
    };
  }

  /** The browser came back from Stripe.js: the intent is read from Stripe (never trusted from the page) and settled. */
  async confirm(organizationId: string, id: string, paymentIntentId: string) {
    if (!this.stripe.isConfigured) throw paymentRefused(PaymentError.CardPaymentsUnavailable);
    const known = await this.repo.byIntent(paymentIntentId);
    if (!known || known.enrollmentId !== id || known.organizationId !== organizationId) throw paymentRefused(PaymentError.PaymentNotFound);
    let raw: unknown;
    try {
      raw = await this.stripe.api.paymentIntents.retrieve(paymentIntentId);
    } catch {
      throw paymentRefused(PaymentError.ProviderNotReady);
    }
    const facts = intentFacts(raw);
    if (!facts) throw paymentRefused(PaymentError.ProviderNotReady);
    const outcome = await this.db.transaction((m) => this.settle(facts, m));
    switch (outcome.kind) {
      case 'completed':
      case 'already':
        return outcome.topUp;
      case 'unpaid':
        throw paymentRefused(PaymentError.PaymentNotCompleted, { paymentIntentStatus: facts.status });
      case 'refunded':
        throw new PaymentException(
          PaymentError.TopUpRefunded,
          `The seat held for you was released before your payment arrived, so your payment of ${formatDollars(outcome.topUp.amountCents)} has been refunded in full. Your registration has not changed.`,
        );
      default:
        throw paymentRefused(PaymentError.PaymentMismatch);
    }
  }

  /** The student gave up paying: the held seat is freed and the intent cancelled; the registration stays where it was. */
  async abandon(organizationId: string, id: string): Promise<{ released: boolean }> {
    const pi = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
      const open = await this.repo.openOf(m, e.id);
      return open ? ((await this.holds.end(m, open, 'expired')) ?? '') : null;
    });
    if (pi) await this.payments.cancelIntent(pi);
    return { released: pi !== null };
  }

  /**
   * Applies a PaymentIntent of a top-up exactly once, in the caller's transaction (the confirm route's, or the
   * webhook's event claim). The intent must match the row: amount, usd, the connected account as destination, and
   * metadata naming this organization, enrollment, class and top-up. A payment that can no longer switch (its hold
   * lapsed into a full class, or the registration was cancelled or moved meanwhile) is refunded in full.
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
    if (!canSwitch && seat) await this.holds.end(m, t, 'expired');
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
    const moved = (await this.cards.byId(e.id, m))!;
    await this.activity.recordMany(
      e.organizationId,
      [
        {
          type: 'payment_received',
          description: `${e.studentName} paid ${formatDollars(pi.amount)} by card for ${moved.classTitle}`,
          metadata: {
            amount: pi.amount / 100,
            platformFee: pi.applicationFee / 100,
            studentName: e.studentName,
            className: moved.classTitle,
            paymentMethod: 'card',
            studentId: e.studentId,
            classId: moved.classId,
            enrollmentId: e.id,
            paymentIntentId: pi.id,
          },
        },
        {
          type: 'enrollment_transferred',
          description: `${e.studentName} switched from ${e.classTitle} to ${moved.classTitle} (paid ${formatDollars(pi.amount)} more)`,
          metadata: {
            studentId: e.studentId,
            studentName: e.studentName,
            enrollmentId: e.id,
            fromClassId: e.classId,
            fromClassName: e.classTitle,
            classId: moved.classId,
            className: moved.classTitle,
            refund: 0,
            paid: pi.amount / 100,
            ...(t.byStudent ? { source: 'self_service' } : {}),
          },
        },
      ],
      m,
    );
    // The second payment announced like the first, with this payment's amount; the top-up row was locked and held or
    // lapsed, so a second settle of the same intent found it completed above and announces nothing.
    await this.webhooks.paymentSucceeded(m, e.organizationId, {
      enrollmentId: e.id,
      studentId: e.studentId,
      studentName: e.studentName,
      classId: moved.classId,
      className: moved.classTitle,
      amountCents: pi.amount,
      paymentMethod: 'card',
    });
    // A receipt for the second payment (its dedupe key is the payment: a second settle queues nothing).
    await this.communications.queueCardPaymentMessages(
      m,
      { ...messageInput(moved), paymentReference: pi.id, amountCents: pi.amount },
      { confirmation: false },
    );
    return { kind: 'completed', topUp: t };
  }

  /** payment_intent.payment_failed: the hold ends and its seat is freed; the registration stays where it was. */
  async paymentFailed(pi: IntentFacts, m: EntityManager): Promise<void> {
    const t = await this.repo.byIntent(pi.id, m, true);
    if (!t || (await this.mismatch(pi, t, m))) return;
    await this.holds.end(m, t, 'failed');
  }

  /** One run of the expiry job: lapsed holds ended once (claimed SKIP LOCKED), their seats freed, their intents cancelled. */
  async expireHolds(): Promise<number> {
    const intents = await this.db.transaction(async (m) => {
      const claimed = await this.repo.claimExpired(m, EXPIRY_BATCH);
      const out: string[] = [];
      for (const t of claimed) {
        const pi = await this.holds.end(m, t, 'expired');
        if (pi) out.push(pi);
      }
      return { n: claimed.length, out };
    });
    for (const pi of intents.out) await this.payments.cancelIntent(pi);
    return intents.n;
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
