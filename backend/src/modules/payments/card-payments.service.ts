import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { StripeClient } from '../stripe/stripe.client';
import { CardEnrollmentsService, type CardEnrollment } from '../registration/card-enrollments.service';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import type { ConfirmEnrollmentDto } from './dto/card-payment.dto';
import { intentFacts, UUID, type IntentFacts, type SettleOutcome } from './card-payment.types';
import { HouseholdPaymentsService } from './household-payments.service';
import { PaymentError, PaymentException, paymentRefused } from './payments.exception';
import { CardPaymentAnnouncements } from './card-payment-announcements';
import { LatePaymentRefunds } from './late-payment-refunds';
import { formatDollars } from './money';
import { CardIntentMatch } from './card-intent-match';

/**
 * Card registration: a held seat, a PaymentIntent as a destination charge to the organization's
 * connected account, and completion only on a payment verified with Stripe (the confirm route retrieves the
 * intent; the webhook's signed event completes it when the browser never comes back). Both paths go through
 * `settle`, which locks the enrollment row, so whichever comes first completes it and the other finds it done.
 */
@Injectable()
export class CardPaymentsService {
  private readonly logger = new Logger('CardPayments');

  constructor(
    private readonly stripe: StripeClient,
    private readonly cards: CardEnrollmentsService,
    private readonly match: CardIntentMatch,
    private readonly announce: CardPaymentAnnouncements,
    @InjectDataSource() private readonly db: DataSource,
    private readonly household: HouseholdPaymentsService,
    private readonly late: LatePaymentRefunds,
    private readonly lifecycle: EnrollmentLifecycleService,
  ) {}

  async confirm(dto: ConfirmEnrollmentDto) {
    if (!this.stripe.isConfigured) throw paymentRefused(PaymentError.CardPaymentsUnavailable);
    let known = await this.cards.byPaymentIntent(dto.paymentIntentId);
    let intent: unknown;
    try {
      intent = await this.stripe.api.paymentIntents.retrieve(dto.paymentIntentId);
    } catch (e) {
      const status = (e as { statusCode?: number }).statusCode;
      if (status === 404) throw paymentRefused(PaymentError.PaymentNotFound);
      throw paymentRefused(PaymentError.ProviderNotReady);
    }
    const facts = intentFacts(intent);
    if (!facts) throw paymentRefused(PaymentError.ProviderNotReady);
    // An intent we never stored is looked up by the enrollment it names, then checked like any other.
    if (!known && UUID.test(facts.metadata.enrollmentId ?? '')) known = await this.cards.byId(facts.metadata.enrollmentId);
    if (!known || known.organizationId !== dto.organizationId) throw paymentRefused(PaymentError.PaymentNotFound);
    if (known.classId !== dto.classId || known.studentEmail.toLowerCase() !== dto.studentData.email.toLowerCase())
      throw paymentRefused(PaymentError.PaymentMismatch);
    const outcome = await this.db.transaction((m) => this.settle(facts, m));
    switch (outcome.kind) {
      case 'completed':
      case 'already':
        return { enrollmentId: outcome.enrollment.id, transactionId: facts.id };
      case 'unpaid':
        throw paymentRefused(PaymentError.PaymentNotCompleted, { paymentIntentStatus: facts.status });
      case 'refunded':
        throw new PaymentException(
          PaymentError.LatePaymentRefunded,
          `This class filled up before your payment arrived, so your payment of ${formatDollars(outcome.amountCents)} has been refunded in full.`,
        );
      default:
        throw paymentRefused(PaymentError.PaymentMismatch);
    }
  }

  /**
   * Completes the enrollment a succeeded PaymentIntent pays for, exactly once (the row is locked; a paid row is
   * left as it is). The intent must match the enrollment: amount (the price held), usd, the organization's
   * connected account as destination, and metadata naming this organization, class and enrollment. A payment
   * whose hold lapsed takes a free seat again, or, with none left (or a cancelled enrollment), is refunded in
   * full (reverse_transfer, refund_application_fee) and recorded, never kept silently. Runs in the caller's
   * transaction (confirm route, or the webhook's event claim).
   */
  async settle(pi: IntentFacts, m: EntityManager): Promise<SettleOutcome> {
    if (HouseholdPaymentsService.groupOf(pi)) return this.household.settle(pi, m);
    let e = await this.cards.byPaymentIntent(pi.id, m, true);
    if (!e && UUID.test(pi.metadata.enrollmentId ?? '')) {
      e = await this.cards.byId(pi.metadata.enrollmentId, m, true);
      if (e?.stripePaymentIntentId && e.stripePaymentIntentId !== pi.id)
        return { kind: 'mismatch', reason: 'the enrollment has another PaymentIntent' };
    }
    if (!e) return { kind: 'unknown' };
    const problem = await this.match.mismatch(pi, e, m);
    if (problem) return { kind: 'mismatch', reason: problem };
    if (e.paymentStatus === 'completed')
      // Paid but lapsed: the late payment was refunded (a paid enrollment never goes back to expired otherwise).
      return e.status === 'expired'
        ? { kind: 'refunded', enrollment: e, amountCents: e.amountPaidCents }
        : { kind: 'already', enrollment: e };
    if (pi.status !== 'succeeded') return { kind: 'unpaid', enrollment: e };
    const payment = { amountCents: pi.amount, platformFeeCents: pi.applicationFee, chargeId: pi.chargeId, paymentIntentId: pi.id };
    // held: its seat; active: a student who switched to paying in person and then paid the intent after all.
    const keepsSeat = e.status === 'held' || e.status === 'active' || (e.status === 'expired' && (await this.cards.retakeSeat(m, e)));
    await this.cards.recordPayment(m, e.id, payment, keepsSeat);
    // A payment plan's deposit: the plan starts (its saved method, its instalments) or, refunded, never does.
    await this.match.depositSettled(m, e, pi, keepsSeat);
    // Announced where it is recorded, in this transaction: the row was locked and still unpaid, so a second settle of
    // the same intent (the confirm call and the webhook, or the event delivered twice) stops above and announces nothing.
    // A late payment refunded at once was still taken (as a household's is): its refund follows it.
    await this.announce.paid(m, e, pi);
    if (!keepsSeat) {
      await this.announce.recorded(m, e, pi, false);
      await this.refundInFull(m, e, pi);
      return { kind: 'refunded', enrollment: e, amountCents: pi.amount };
    }
    await this.announce.recorded(m, e, pi, true);
    return { kind: 'completed', enrollment: e, late: e.status !== 'held' };
  }

  /** A payment that cannot keep a seat: refunded in full, recorded once (source late_payment). */
  private refundInFull(m: EntityManager, e: CardEnrollment, pi: IntentFacts): Promise<void> {
    const reason =
      e.status === 'cancelled'
        ? 'Paid after the registration was cancelled'
        : 'Paid after the seat hold lapsed, and the class had no seat left';
    return this.late.refund(m, e, pi.id, pi.amount, reason);
  }

  /** payment_intent.payment_failed: the hold ends (status expired, payment failed) and its seat is freed once. */
  async paymentFailed(pi: IntentFacts, m: EntityManager): Promise<void> {
    if (HouseholdPaymentsService.groupOf(pi)) return this.household.paymentFailed(pi, m);
    const e = await this.cards.byPaymentIntent(pi.id, m, true);
    if (!e) return;
    if ((await this.match.mismatch(pi, e, m)) !== null) {
      this.logger.warn(`payment_intent.payment_failed ${pi.id} does not match enrollment ${e.id}; ignored`);
      return;
    }
    await this.cards.expire(m, e, true);
  }

  /** One run of the hold expiry job: lapsed holds released once, then their intents cancelled (the enrollment's lifecycle). */
  expireHolds(): Promise<number> {
    return this.lifecycle.expireCardHolds();
  }

  /** Best effort: an intent that succeeded meanwhile cannot be cancelled, and its payment takes the late path. */
  async cancelIntent(paymentIntentId: string): Promise<void> {
    if (!this.stripe.isConfigured) return;
    try {
      await this.stripe.api.paymentIntents.cancel(paymentIntentId);
    } catch (e) {
      this.logger.warn(`Cancelling PaymentIntent ${paymentIntentId} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
