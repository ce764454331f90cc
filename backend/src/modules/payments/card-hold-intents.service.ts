import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type Stripe from 'stripe';
import type { AllConfigType } from '../../config/config.type';
import { ConnectService } from '../connect/connect.service';
import { noSeatOf, type Admitted, type SeatRead } from '../registration/admission';
import { Admission } from '../registration/admission.service';
import { CardHoldsService } from '../registration/card-holds.service';
import { SeatWriter, type CardHoldSeat } from '../registration/seat-writer';
import type { ClientInfo } from '../registration-forms/registration-forms.service';
import { StripeClient } from '../stripe/stripe.client';
import { UsageService } from '../subscriptions/usage.service';
import { MIN_CARD_CENTS } from './card-payment.types';
import type { CreatePaymentIntentDto } from './dto/card-payment.dto';
import { formatDollars, platformFeeCents } from './money';
import { PaymentError, PaymentException, paymentRefused } from './payments.exception';
import { PlanHoldIntents } from './plan-hold-intents';
import type { QuotedPlan } from '../payment-plans/plan-quotes.service';

/**
 * A card registration's first step, for one person or a household: admission (admission.ts, the same order of checks
 * as in person), the card's own checks (the amount the page showed, the card minimum, the organization's connected
 * account), the held seats (SeatWriter), then the PaymentIntent as a destination charge to the connected account. The
 * payment is completed later by CardPaymentsService.settle (the confirm route or the webhook).
 */
@Injectable()
export class CardHoldIntents {
  private readonly logger = new Logger('CardPayments');

  constructor(
    private readonly stripe: StripeClient,
    private readonly admission: Admission,
    private readonly seats: SeatWriter,
    private readonly holds: CardHoldsService,
    private readonly connect: ConnectService,
    private readonly usage: UsageService,
    private readonly config: ConfigService<AllConfigType>,
    private readonly planHolds: PlanHoldIntents,
  ) {}

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
    const admitted = await this.admission.admit({
      organizationId: dto.organizationId,
      classId: dto.classId,
      classSessionId: dto.classSessionId,
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
    // A payment plan (payment-plans): its schedule is quoted before a seat is held; the page shows its total.
    const plan = dto.paymentPlan ? await this.planHolds.quote(dto, admitted) : null;
    const due = plan ? plan.totalCents : admitted.quote.totalCents;
    // The amount the page showed must be exactly what the quote answers now.
    if (Math.round(dto.amount * 100) !== due) {
      const what = dto.attendees ? `The price for ${dto.attendees.length} people` : 'The price of this class';
      throw new PaymentException(
        PaymentError.PriceChanged,
        `${what} is ${formatDollars(due)}, not ${formatDollars(Math.round(dto.amount * 100))}. Please reload the page to see the current price.`,
        { amount: due / 100 },
      );
    }
    const charged = plan ? plan.depositCents : due;
    if (charged < MIN_CARD_CENTS && !(plan && charged === 0)) throw paymentRefused(PaymentError.BelowCardMinimum);
    // A household's readiness is read without the organization's version (as it always was): only one person's hold
    // in an opening rush leans on the copy kept under it.
    const ready = await this.connect.readiness(dto.attendees ? dto.organizationId : admitted.org);
    if (!ready.chargesEnabled || !ready.stripeAccountId) throw paymentRefused(PaymentError.CardPaymentsNotSetUp);
    const payment: CardHoldSeat = {
      method: 'card-hold',
      holdMinutes: this.config.getOrThrow('jobs', { infer: true }).seatHoldMinutes,
      assertAllowed: (m) => this.usage.assertCanTakeCardPayment(dto.organizationId, m),
    };
    return dto.attendees
      ? this.household(dto, dto.attendees, admitted, payment, ready.stripeAccountId)
      : this.onePerson(dto, admitted, payment, ready.stripeAccountId, plan, client);
  }

  private async onePerson(
    dto: CreatePaymentIntentDto,
    admitted: Admitted,
    payment: CardHoldSeat,
    destination: string,
    plan: QuotedPlan | null,
    client: ClientInfo,
  ) {
    const { cls, org, seatPlan, form, quote, seat } = admitted;
    const hold = await this.seats.write({
      organizationId: dto.organizationId,
      classId: dto.classId,
      classSessionId: dto.classSessionId,
      fields: dto.studentData,
      payment,
      quote,
      form,
      dateOfBirth: dto.dateOfBirth,
      waitlistOfferToken: dto.waitlistOfferToken,
      read: { cls, org, seatPlan, noSeatOfEmail: noSeatOf(seat, dto.studentData.email) },
    });
    if (hold.released) void this.cancelIntent(hold.released);
    if (plan) return this.planHolds.open(dto, plan, hold, destination, client);
    let intent: Stripe.PaymentIntent;
    try {
      intent = hold.paymentIntentId
        ? await this.stripe.api.paymentIntents.retrieve(hold.paymentIntentId)
        : await this.stripe.api.paymentIntents.create(
            {
              amount: hold.amountDueCents,
              currency: 'usd',
              application_fee_amount: platformFeeCents(hold.amountDueCents, this.feePercent),
              transfer_data: { destination },
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
    if (!hold.paymentIntentId) await this.holds.setPaymentIntent(hold.enrollmentId, intent.id);
    return {
      clientSecret: intent.client_secret!,
      paymentIntentId: intent.id,
      amount: hold.amountDueCents / 100,
      holdExpiresAt: hold.holdExpiresAt,
      enrollmentId: hold.enrollmentId,
    };
  }

  /**
   * A household: one intent for the total, one held enrollment per attendee (each with its own price due: the discount
   * rule per person), completed together by settle and released together when the hold lapses or the payment fails.
   */
  private async household(
    dto: CreatePaymentIntentDto,
    attendees: NonNullable<CreatePaymentIntentDto['attendees']>,
    admitted: Admitted,
    payment: CardHoldSeat,
    destination: string,
  ) {
    const { quote, form, cls, org } = admitted;
    const total = quote.totalCents;
    const seats = await this.seats.write({
      organizationId: dto.organizationId,
      classId: dto.classId,
      fields: dto.studentData,
      attendees,
      payment,
      quote,
      form,
      read: { cls, org },
    });
    for (const pi of seats.released) void this.cancelIntent(pi);
    const ids = seats.enrollments.map((e) => e.enrollmentId);
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.stripe.api.paymentIntents.create(
        {
          amount: total,
          currency: 'usd',
          application_fee_amount: platformFeeCents(total, this.feePercent),
          transfer_data: { destination },
          automatic_payment_methods: { enabled: true },
          metadata: {
            organizationId: dto.organizationId,
            classId: dto.classId,
            enrollmentId: seats.groupId,
            household: 'true',
            enrollmentIds: ids.join(','),
            contactId: seats.contact.id,
            contactFirstName: dto.studentData.firstName,
            contactLastName: dto.studentData.lastName,
          },
        },
        { idempotencyKey: `classlane-household-${seats.groupId}-payment-intent` },
      );
    } catch (e) {
      this.logger.error(`PaymentIntent for household ${seats.groupId} failed: ${e instanceof Error ? e.message : String(e)}`);
      await this.holds.abandonHolds(dto.organizationId, ids);
      throw paymentRefused(PaymentError.ReserveFailed);
    }
    await this.holds.setGroupPaymentIntent(seats.groupId, intent.id);
    return {
      clientSecret: intent.client_secret!,
      paymentIntentId: intent.id,
      amount: total / 100,
      holdExpiresAt: seats.enrollments[0].holdExpiresAt!,
      enrollmentId: seats.groupId,
      enrollments: seats.enrollments.map(({ enrollmentId, studentId, firstName, lastName }) => ({
        enrollmentId,
        studentId,
        firstName,
        lastName,
      })),
    };
  }

  private get feePercent(): number {
    return this.config.getOrThrow('app', { infer: true }).platformFeePercent;
  }

  /** Best effort: an intent that succeeded meanwhile cannot be cancelled, and its payment takes the late path. */
  private async cancelIntent(paymentIntentId: string): Promise<void> {
    try {
      await this.stripe.api.paymentIntents.cancel(paymentIntentId);
    } catch (e) {
      this.logger.warn(`Cancelling PaymentIntent ${paymentIntentId} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}
