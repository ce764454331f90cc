import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { ActivityService } from '../activity/activity.service';
import { ClassesService } from '../classes/classes.service';
import { CommunicationsService } from '../communications/communications.service';
import { ConnectService } from '../connect/connect.service';
import { StripeClient } from '../stripe/stripe.client';
import { CardEnrollmentsService, messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { noSeatOf, type SeatRead } from '../registration/admission';
import { Admission } from '../registration/admission.service';
import { CardHoldsService } from '../registration/card-holds.service';
import { SeatWriter } from '../registration/seat-writer';
import { UsageService } from '../subscriptions/usage.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { ConfirmEnrollmentDto, CreatePaymentIntentDto } from './dto/card-payment.dto';
import { intentFacts, MIN_CARD_CENTS, UUID, type IntentFacts, type SettleOutcome } from './card-payment.types';
import { HouseholdPaymentsService } from './household-payments.service';
import { PaymentError, PaymentException, paymentRefused } from './payments.exception';
import type { ClientInfo } from '../registration-forms/registration-forms.service';
import { LatePaymentRefunds } from './late-payment-refunds';
import { formatDollars, platformFeeCents } from './money';
import { PaymentsRepository } from './payments.repository';

const HOLD_EXPIRY_BATCH = 100;

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
    private readonly admission: Admission,
    private readonly stripe: StripeClient,
    private readonly holds: CardHoldsService,
    private readonly seats: SeatWriter,
    private readonly cards: CardEnrollmentsService,
    private readonly classes: ClassesService,
    private readonly connect: ConnectService,
    private readonly usage: UsageService,
    private readonly activity: ActivityService,
    private readonly refunds: PaymentsRepository,
    private readonly communications: CommunicationsService,
    private readonly config: ConfigService<AllConfigType>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly household: HouseholdPaymentsService,
    private readonly late: LatePaymentRefunds,
    private readonly webhooks: WebhookEvents,
  ) {}

  private get feePercent(): number {
    return this.config.getOrThrow('app', { infer: true }).platformFeePercent;
  }

  /**
   * Whether card holds can be taken at all here (a Stripe key is configured): the controller's early full check runs
   * only then, so an instance without a payment provider keeps answering 503 first.
   */
  get available(): boolean {
    return this.stripe.isConfigured;
  }

  async createIntent(
    dto: CreatePaymentIntentDto,
    client: ClientInfo = { ip: null, userAgent: null },
    /** The class as the controller's early full check read it for this body (readClass), when it did. */
    read?: SeatRead,
  ) {
    if (!this.stripe.isConfigured) throw paymentRefused(PaymentError.CardPaymentsUnavailable);
    // One order of checks for every path (admission.ts): in a last-seat race most callers stop at its first read of the
    // class, which answers "full" before a changed price or an organization that cannot take cards (no seat is there to
    // pay for either way). Its reads serve the hold: the organization's frozen cancellation policy, the plan, the form.
    const { cls, org, seatPlan, form, quote, seat } = await this.admission.admit({
      organizationId: dto.organizationId,
      classId: dto.classId,
      // One person's date of birth is sent beside studentData: theirs is the age that decides who signs.
      contact: { ...dto.studentData, dateOfBirth: dto.dateOfBirth },
      attendees: dto.attendees,
      answers: dto.answers,
      waiverAcceptances: dto.waiverAcceptances,
      guardian: dto.guardian,
      promoCode: dto.promoCode,
      earlyAccessToken: dto.earlyAccessToken,
      waitingRoomTicket: dto.waitingRoomTicket,
      waitlistOfferToken: dto.waitlistOfferToken,
      client,
      read,
    });
    // A household: one intent for everyone's seats, priced per person.
    if (dto.attendees) return this.household.createIntent({ ...dto, attendees: dto.attendees }, { cls, org, form, quote });
    const due = quote.totalCents;
    if (Math.round(dto.amount * 100) !== due) {
      throw new PaymentException(
        PaymentError.PriceChanged,
        `The price of this class is ${formatDollars(due)}, not ${formatDollars(Math.round(dto.amount * 100))}. Please reload the page to see the current price.`,
        { amount: due / 100 },
      );
    }
    if (due < MIN_CARD_CENTS) throw paymentRefused(PaymentError.BelowCardMinimum);
    const ready = await this.connect.readiness(dto.organizationId, undefined, org.configVersion);
    if (!ready.chargesEnabled || !ready.stripeAccountId) throw paymentRefused(PaymentError.CardPaymentsNotSetUp);
    const hold = await this.seats.write({
      organizationId: dto.organizationId,
      classId: dto.classId,
      fields: dto.studentData,
      payment: {
        method: 'card-hold',
        holdMinutes: this.config.getOrThrow('jobs', { infer: true }).seatHoldMinutes,
        assertAllowed: (m) => this.usage.assertCanTakeCardPayment(dto.organizationId, m),
      },
      quote,
      form,
      dateOfBirth: dto.dateOfBirth,
      waitlistOfferToken: dto.waitlistOfferToken,
      read: { cls, org, seatPlan, noSeatOfEmail: noSeatOf(seat, dto.studentData.email) },
    });
    if (hold.released) void this.cancelIntent(hold.released);
    let intent: Stripe.PaymentIntent;
    try {
      intent = hold.paymentIntentId
        ? await this.stripe.api.paymentIntents.retrieve(hold.paymentIntentId)
        : await this.stripe.api.paymentIntents.create(
            {
              amount: hold.amountDueCents,
              currency: 'usd',
              application_fee_amount: platformFeeCents(hold.amountDueCents, this.feePercent),
              transfer_data: { destination: ready.stripeAccountId },
              automatic_payment_methods: { enabled: true },
              metadata: { organizationId: dto.organizationId, classId: dto.classId, enrollmentId: hold.enrollmentId },
            },
            // One intent per enrollment, whoever asks again (a retry, a second tab): Stripe answers the first one.
            { idempotencyKey: `classlane-enrollment-${hold.enrollmentId}-payment-intent` },
          );
    } catch (e) {
      this.logger.error(`PaymentIntent for enrollment ${hold.enrollmentId} failed: ${e instanceof Error ? e.message : String(e)}`);
      await this.holds.abandonHold(dto.organizationId, hold);
      throw paymentRefused(PaymentError.ReserveFailed);
    }
    if (!hold.paymentIntentId) await this.cards.setPaymentIntent(hold.enrollmentId, intent.id);
    return {
      clientSecret: intent.client_secret!,
      paymentIntentId: intent.id,
      amount: hold.amountDueCents / 100,
      holdExpiresAt: hold.holdExpiresAt,
      enrollmentId: hold.enrollmentId,
    };
  }

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
    const problem = await this.mismatch(pi, e, m);
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
    const base = {
      amount: pi.amount / 100,
      platformFee: pi.applicationFee / 100,
      studentName: e.studentName,
      className: e.classTitle,
      paymentMethod: 'card',
      studentId: e.studentId,
      classId: e.classId,
      enrollmentId: e.id,
      paymentIntentId: pi.id,
    };
    const paid = {
      type: 'payment_received' as const,
      description: `${e.studentName} paid ${formatDollars(pi.amount)} by card for ${e.classTitle}`,
      metadata: base,
    };
    // Announced where it is recorded, in this transaction: the row was locked and still unpaid, so a second settle of
    // the same intent (the confirm call and the webhook, or the event delivered twice) stops above and announces nothing.
    // A late payment refunded at once was still taken (as a household's is): its refund follows it.
    await this.webhooks.paymentSucceeded(m, e.organizationId, {
      enrollmentId: e.id,
      studentId: e.studentId,
      studentName: e.studentName,
      classId: e.classId,
      className: e.classTitle,
      amountCents: pi.amount,
      paymentMethod: 'card',
    });
    if (!keepsSeat) {
      await this.activity.record(e.organizationId, paid.type, paid.description, paid.metadata, m);
      await this.refundInFull(m, e, pi);
      return { kind: 'refunded', enrollment: e, amountCents: pi.amount };
    }
    const enrolled = {
      type: 'class_enrollment' as const,
      description: `${e.studentName} enrolled in ${e.classTitle}`,
      metadata: {
        studentId: e.studentId,
        studentName: e.studentName,
        classId: e.classId,
        className: e.classTitle,
        paymentMethod: 'card',
        source: 'online',
      },
    };
    // One insert for the payment's event and, unless the student was already enrolled, the enrollment's.
    await this.activity.recordMany(e.organizationId, e.status === 'active' ? [paid] : [paid, enrolled], m);
    // Messages commit with the payment or not at all; their dedupe keys make a second settle queue nothing.
    // A student who switched to in person got the confirmation then; the receipt is what is new. One read of the
    // class and the organization for both.
    await this.communications.queueCardPaymentMessages(
      m,
      { ...messageInput(e), paymentReference: pi.id, amountCents: pi.amount },
      { confirmation: e.status !== 'active' },
    );
    return { kind: 'completed', enrollment: e, late: e.status !== 'held' };
  }

  /** Why this intent cannot be the payment of this enrollment, or null when it matches. */
  private async mismatch(pi: IntentFacts, e: CardEnrollment, m: EntityManager): Promise<string | null> {
    // An in-person enrollment matches only the intent it was held with (a student who switched to in person, then paid).
    if (e.paymentMethod !== 'card' && e.stripePaymentIntentId !== pi.id) return 'not a card enrollment';
    const meta = pi.metadata;
    if (meta.organizationId !== e.organizationId || meta.classId !== e.classId || meta.enrollmentId !== e.id) return 'metadata';
    if (pi.currency !== 'usd') return 'currency';
    if (e.amountDueCents === null || pi.amount !== e.amountDueCents) return 'amount';
    if (pi.applicationFee < 0 || pi.applicationFee > pi.amount) return 'application fee';
    const ready = await this.connect.readiness(e.organizationId, m);
    if (!pi.destination || pi.destination !== ready.stripeAccountId) return 'destination';
    return null;
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
    if ((await this.mismatch(pi, e, m)) !== null) {
      this.logger.warn(`payment_intent.payment_failed ${pi.id} does not match enrollment ${e.id}; ignored`);
      return;
    }
    await this.cards.expire(m, e, true);
  }

  /** One run of the hold expiry job: lapsed holds released once (claimed SKIP LOCKED), then their intents cancelled. */
  async expireHolds(): Promise<number> {
    const released = await this.db.transaction(async (m) => {
      const claimed = await this.cards.claimExpiredHolds(m, HOLD_EXPIRY_BATCH);
      await this.cards.expireMany(m, claimed);
      return claimed;
    });
    // A household's holds share one intent: cancelled once.
    for (const pi of new Set(released.map((h) => h.paymentIntentId))) if (pi) await this.cancelIntent(pi);
    return released.length;
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
