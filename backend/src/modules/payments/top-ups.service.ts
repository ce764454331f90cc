import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import { StripeClient } from '../stripe/stripe.client';
import { intentFacts, type IntentFacts } from './card-payment.types';
import { CardPaymentsService } from './card-payments.service';
import { formatDollars } from './money';
import { PaymentError, PaymentException, paymentRefused } from './payments.exception';
import { TopUpSettlement, type TopUpOutcome } from './top-up-settlement';
import { TopUpStart } from './top-up-start';
import { TopUpsRepository } from './top-ups.repository';

export type { TopUpPayment } from './top-ups.repository';
export type { TopUpOutcome } from './top-up-settlement';

const NOT_FOUND = 'Enrollment not found';

/**
 * A card-paid registration switching to a dearer class pays the difference by card, through a held seat as a card
 * registration does: the seat in the new class is taken at once as a timed hold (enrollment_top_ups) and a
 * PaymentIntent for exactly the difference is opened (the one price quote's transfer price less what the
 * registration kept). The switch happens only when Stripe confirms the payment, by the confirm route or the
 * payment_intent.succeeded webhook, whichever comes first: `settle` locks the enrollment and the top-up, so the
 * second finds it done. In that transaction the enrollment moves, the held seat becomes its seat and the old one is
 * freed. A hold that lapses, is abandoned or whose payment fails frees the held seat; the registration stays. The
 * steps are in `top-up-start.ts` (the seat and the intent), `top-up-settlement.ts` (what Stripe says) and the
 * enrollment's lifecycle (the held seat's end, and the expiry job's).
 */
@Injectable()
export class TopUpsService {
  constructor(
    private readonly starts: TopUpStart,
    private readonly settlement: TopUpSettlement,
    private readonly stripe: StripeClient,
    private readonly repo: TopUpsRepository,
    private readonly cards: CardEnrollmentsService,
    private readonly lifecycle: EnrollmentLifecycleService,
    private readonly payments: CardPaymentsService,
    @InjectDataSource() private readonly db: DataSource,
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
  start(organizationId: string, id: string, toClassId: string, amountCents: number, opts: { byStudent?: boolean } = {}) {
    return this.starts.start(organizationId, id, toClassId, amountCents, opts);
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
    const outcome = await this.db.transaction((m) => this.settlement.settle(facts, m));
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
      return open ? ((await this.lifecycle.endTopUpHold(m, open, 'expired')) ?? '') : null;
    });
    if (pi) await this.payments.cancelIntent(pi);
    return { released: pi !== null };
  }

  /** Applies a PaymentIntent of a top-up exactly once, in the caller's transaction (see TopUpSettlement). */
  settle(pi: IntentFacts, m: EntityManager): Promise<TopUpOutcome> {
    return this.settlement.settle(pi, m);
  }

  /** payment_intent.payment_failed: the hold ends and its seat is freed; the registration stays where it was. */
  paymentFailed(pi: IntentFacts, m: EntityManager): Promise<void> {
    return this.settlement.paymentFailed(pi, m);
  }

  /** One run of the expiry job: lapsed holds ended once (claimed SKIP LOCKED), their seats freed, their intents cancelled. */
  expireHolds(): Promise<number> {
    return this.lifecycle.expireTopUpHolds();
  }
}
