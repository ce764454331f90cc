import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type Stripe from 'stripe';
import type { AllConfigType } from '../../config/config.type';
import { PayerPlansService } from '../payment-plans/payer-plans.service';
import { PaymentPlanError, PaymentPlanException } from '../payment-plans/payment-plans.exception';
import { planReply, PlanQuotesService, type QuotedPlan } from '../payment-plans/plan-quotes.service';
import type { Admitted } from '../registration/admission';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import { CardHoldsService } from '../registration/card-holds.service';
import type { CardHold } from '../registration/seat-writer';
import type { ClientInfo } from '../registration-forms/registration-forms.service';
import { StripeClient } from '../stripe/stripe.client';
import type { CreatePaymentIntentDto } from './dto/card-payment.dto';
import { platformFeeCents } from './money';
import { PaymentError, paymentRefused } from './payments.exception';

const refuse = (code: PaymentPlanError, message: string) => new PaymentPlanException(code, message, { errors: { paymentPlan: message } });

/**
 * A card registration that chose a payment plan (one person): the plan's schedule is quoted for the admitted price
 * before a seat is held, then, with the seat held, the payer's Customer in this organization and the pending plan
 * with its consent are written, and Stripe is asked for the deposit (a PaymentIntent that saves its method for
 * off-session use) or, with no deposit, a SetupIntent. Nothing is active until Stripe confirms it (the webhook, or the
 * confirm route reading the intent from Stripe): CardPaymentsService.settle and PlanSetupEvents do that.
 */
@Injectable()
export class PlanHoldIntents {
  private readonly logger = new Logger('PlanHolds');

  constructor(
    private readonly stripe: StripeClient,
    private readonly plans: PlanQuotesService,
    private readonly payers: PayerPlansService,
    private readonly cards: CardEnrollmentsService,
    private readonly holds: CardHoldsService,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  /** The chosen plan's schedule for this registration, or why not (before any seat is held). */
  async quote(dto: CreatePaymentIntentDto, admitted: Admitted): Promise<QuotedPlan> {
    const choice = dto.paymentPlan!;
    if (dto.attendees) throw refuse(PaymentPlanError.OnePersonOnly, 'A payment plan is for one person: register each person on their own');
    if (!choice.consentAccepted)
      throw refuse(PaymentPlanError.ConsentRequired, 'Please accept the payment plan terms to have the instalments charged to your card');
    const plan = await this.plans.schedule(admitted.org, admitted.cls, admitted.quote.totalCents, choice.id);
    if (choice.consentVersion !== undefined && choice.consentVersion !== plan.consent.version)
      throw refuse(PaymentPlanError.ConsentRequired, 'The payment plan terms have changed: please reload the page and accept them again');
    return plan;
  }

  /** With the seat held: the Customer, the pending plan and its consent, then the deposit's or the setup's intent. */
  async open(dto: CreatePaymentIntentDto, plan: QuotedPlan, hold: CardHold, destination: string, client: ClientInfo) {
    const e = (await this.cards.byId(hold.enrollmentId))!;
    // A hold reused from a first try without a plan already has a PaymentIntent for the whole price.
    const existing = hold.paymentIntentId ? await this.payers.ofEnrollment(hold.enrollmentId) : null;
    if (hold.paymentIntentId && existing?.stripeIntentId !== hold.paymentIntentId)
      throw refuse(
        PaymentPlanError.NotOffered,
        'A payment in full is already open for this registration: finish it, or try again once its hold lapses',
      );
    let intent: Stripe.PaymentIntent | Stripe.SetupIntent;
    try {
      const payer = await this.payers.choose({
        organizationId: dto.organizationId,
        enrollmentId: hold.enrollmentId,
        studentId: e.studentId,
        email: dto.studentData.email,
        name: `${dto.studentData.firstName} ${dto.studentData.lastName}`,
        plan,
        client,
      });
      const key = `classlane-enrollment-${hold.enrollmentId}-plan-${payer.id}`;
      const customer = payer.stripeCustomerId;
      if (plan.depositCents > 0) {
        intent = hold.paymentIntentId
          ? await this.stripe.api.paymentIntents.retrieve(hold.paymentIntentId)
          : await this.stripe.api.paymentIntents.create(
              {
                amount: plan.depositCents,
                currency: 'usd',
                application_fee_amount: platformFeeCents(plan.depositCents, this.feePercent),
                transfer_data: { destination },
                automatic_payment_methods: { enabled: true },
                customer,
                setup_future_usage: 'off_session',
                metadata: {
                  organizationId: dto.organizationId,
                  classId: dto.classId,
                  enrollmentId: hold.enrollmentId,
                  paymentPlanId: payer.id,
                },
              },
              { idempotencyKey: `${key}-deposit` },
            );
        if (!hold.paymentIntentId) await this.holds.setPaymentIntent(hold.enrollmentId, intent.id);
      } else {
        intent = await this.stripe.api.setupIntents.create(
          {
            customer,
            usage: 'off_session',
            automatic_payment_methods: { enabled: true },
            metadata: { organizationId: dto.organizationId, studentId: e.studentId, enrollmentId: hold.enrollmentId },
          },
          { idempotencyKey: `${key}-setup` },
        );
      }
      await this.payers.setIntent(payer, intent.id);
    } catch (err) {
      if (err instanceof PaymentPlanException) throw err;
      this.logger.error(`Plan intent for enrollment ${hold.enrollmentId} failed: ${err instanceof Error ? err.message : String(err)}`);
      await this.holds.abandonHold(dto.organizationId, hold);
      throw paymentRefused(PaymentError.ReserveFailed);
    }
    const setup = intent.object === 'setup_intent';
    return {
      clientSecret: intent.client_secret!,
      paymentIntentId: setup ? null : intent.id,
      setupIntentId: setup ? intent.id : null,
      amount: plan.depositCents / 100,
      holdExpiresAt: hold.holdExpiresAt,
      enrollmentId: hold.enrollmentId,
      paymentPlan: planReply(plan),
    };
  }

  private get feePercent(): number {
    return this.config.getOrThrow('app', { infer: true }).platformFeePercent;
  }
}
