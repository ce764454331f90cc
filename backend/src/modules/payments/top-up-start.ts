import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { ConnectService } from '../connect/connect.service';
import { EnrollmentLifecycleService } from '../registration/enrollment-lifecycle.service';
import { StripeClient } from '../stripe/stripe.client';
import { CardPaymentsService } from './card-payments.service';
import { platformFeeCents } from './money';
import { PaymentError, paymentRefused } from './payments.exception';
import { TopUpSeatHold } from './top-up-seat-hold';
import { TopUpsRepository } from './top-ups.repository';

/**
 * Starts paying a switch's difference by card: the seat held (TopUpSeatHold), then the PaymentIntent for exactly the
 * difference, a destination charge to the organization's connected account. When Stripe cannot open it, a new hold
 * is ended at once and its seat freed.
 */
@Injectable()
export class TopUpStart {
  private readonly logger = new Logger('TopUps');

  constructor(
    private readonly stripe: StripeClient,
    private readonly connect: ConnectService,
    private readonly seatHold: TopUpSeatHold,
    private readonly repo: TopUpsRepository,
    private readonly lifecycle: EnrollmentLifecycleService,
    private readonly payments: CardPaymentsService,
    private readonly config: ConfigService<AllConfigType>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Holds a seat in `toClassId` and opens the PaymentIntent for the difference. `amountCents` is what the page showed:
   * it must be exactly the difference now.
   */
  async start(organizationId: string, id: string, toClassId: string, amountCents: number, opts: { byStudent?: boolean } = {}) {
    if (!this.stripe.isConfigured) throw paymentRefused(PaymentError.CardPaymentsUnavailable);
    const ready = await this.connect.readiness(organizationId);
    if (!ready.chargesEnabled || !ready.stripeAccountId) throw paymentRefused(PaymentError.CardPaymentsNotSetUp);
    const held = await this.seatHold.hold(organizationId, id, toClassId, amountCents, !!opts.byStudent);
    if (held.released) void this.payments.cancelIntent(held.released);
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
      if (!held.reused) await this.db.transaction((m) => this.lifecycle.endTopUpHold(m, topUp, 'expired'));
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
}
