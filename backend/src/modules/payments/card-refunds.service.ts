import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { CommunicationsService } from '../communications/communications.service';
import { CardEnrollmentsService, messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { StripeClient } from '../stripe/stripe.client';
import { WebhookEvents } from '../webhooks/webhook-events';
import { formatDollars } from './money';
import { PaymentsRepository, type RefundRecord, type RefundSource } from './payments.repository';
import { REFUND_CHECK_FIRST_MS, refundStatus } from './stripe-refunds.service';
import { TopUpsRepository } from './top-ups.repository';

import { PlanActions } from '../payment-plans/plan-actions';
/**
 * refunds.create for a locked card enrollment, recorded in the same transaction. A registration that switched to a
 * dearer class was paid in two card payments; a refund goes back newest payment first, each part a Stripe refund
 * against its own PaymentIntent with its own idempotency key, so a full refund gives back exactly what was paid.
 */
@Injectable()
export class CardRefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly stripe: StripeClient,
    private readonly cards: CardEnrollmentsService,
    private readonly refunds: PaymentsRepository,
    private readonly topUps: TopUpsRepository,
    private readonly webhooks: WebhookEvents,
    private readonly communications: CommunicationsService,
    private readonly plans: PlanActions,
  ) {}

  /**
   * The Stripe idempotency key is the admin's Idempotency-Key when sent (a retried request answers the first refund),
   * else derived from the state it starts from (refunded so far and the amount), so two identical concurrent requests
   * make one refund. Answers one record for the whole amount (the first part's id, the parts' total).
   */
  async createRefund(
    m: EntityManager,
    e: CardEnrollment,
    cents: number,
    reason: string,
    userId: string | null,
    idempotencyKey?: string,
    /** Another path than the admin's (a cancelled class): its source and its own fixed Stripe key. */
    via: { source: RefundSource; stripeKey: string } | null = null,
  ): Promise<RefundRecord> {
    if (idempotencyKey) {
      const replay = await this.refunds.byIdempotencyKey(m, e.id, idempotencyKey);
      if (replay) return replay;
    }
    const left = e.amountPaidCents - e.refundedCents;
    if (cents > left)
      throw new AppException(
        HttpStatus.CONFLICT,
        `At most ${formatDollars(left)} can be refunded (paid ${formatDollars(e.amountPaidCents)}, refunded ${formatDollars(e.refundedCents)}).`,
        { refundableAmount: left / 100 },
      );
    // A payment plan with no deposit (a SetupIntent) has card payments only in its instalments.
    const instalments = await this.plans.paidInstalments(m, e.id);
    if (!this.stripe.isConfigured || (!e.stripePaymentIntentId && !instalments.some((i) => i.paymentIntentId)))
      throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'Refunds are not available: this server has no payment provider configured.');
    const key = via?.stripeKey ?? `classlane-enrollment-${e.id}-refund-${idempotencyKey ?? `${e.refundedCents}-${cents}`}`;
    const parts: RefundRecord[] = [];
    let rest = cents;
    for (const p of await this.topUps.refundable(m, e, instalments)) {
      const part = Math.min(rest, p.leftCents);
      if (part <= 0) continue;
      // The first payment keeps the key it always had (a retry after a crash finds the same Stripe refund).
      const stripeKey = p.topUpId
        ? `${key}-top-up-${p.topUpId}`
        : p.paymentIntentId === e.stripePaymentIntentId
          ? key
          : // A plan's instalment: its own PaymentIntent, its own key.
            `${key}-${p.paymentIntentId}`;
      parts.push(
        await this.refundOne(m, e, p.paymentIntentId, part, reason, userId, parts.length ? null : (idempotencyKey ?? null), via, stripeKey),
      );
      rest -= part;
      if (rest <= 0) break;
    }
    if (!parts.length) throw new AppException(HttpStatus.CONFLICT, 'This payment has already been refunded in full.');
    if (parts.length === 1) return parts[0];
    return {
      ...parts[0],
      amountCents: parts.reduce((n, r) => n + r.amountCents, 0),
      status: parts.some((r) => r.status === 'pending') ? 'pending' : parts[0].status,
    };
  }

  private async refundOne(
    m: EntityManager,
    e: CardEnrollment,
    paymentIntentId: string,
    cents: number,
    reason: string,
    userId: string | null,
    idempotencyKey: string | null,
    via: { source: RefundSource; stripeKey: string } | null,
    stripeKey: string,
  ): Promise<RefundRecord> {
    let refund: { id: string; amount: number; status: string | null };
    try {
      refund = await this.stripe.api.refunds.create(
        {
          payment_intent: paymentIntentId,
          amount: cents,
          reverse_transfer: true,
          refund_application_fee: true,
          metadata: { organizationId: e.organizationId, classId: e.classId, enrollmentId: e.id, source: via?.source ?? 'admin' },
        },
        { idempotencyKey: stripeKey },
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new AppException(HttpStatus.BAD_GATEWAY, `The payment provider refused the refund: ${message}`);
    }
    // Already recorded: by the events that tell of it (when this request's first attempt committed nothing after
    // Stripe refunded, they record it from refunds.list), or by an earlier attempt. Counted once.
    const known = await this.refunds.allByStripeId(m, refund.id);
    if (known.length) return known.find((r) => r.enrollmentId === e.id) ?? known[0];
    const status = refundStatus(refund.status);
    const recorded =
      (await this.refunds.insert(m, {
        organizationId: e.organizationId,
        enrollmentId: e.id,
        amountCents: refund.amount,
        stripeRefundId: refund.id,
        status,
        reason,
        source: via?.source ?? 'admin',
        createdBy: userId,
        idempotencyKey,
        paymentIntentId,
      })) ?? (await this.refunds.byStripeId(m, refund.id))!;
    if (status !== 'failed') {
      if (!(await this.cards.addRefunded(m, e.id, refund.amount)))
        this.logger.error(`Refund ${refund.id} of enrollment ${e.id} exceeds what was paid; recorded, total not changed`);
      // One notice per Stripe refund id: a replayed request queues nothing new.
      await this.communications.queueRefundNotice(m, { ...messageInput(e), refundReference: refund.id, refundCents: refund.amount });
      await this.webhooks.publish(m, e.organizationId, 'payment.refunded', {
        enrollmentId: e.id,
        studentId: e.studentId,
        classId: e.classId,
        amount: refund.amount / 100,
        status,
        reason,
      });
    }
    // Counted now (Stripe counts a pending refund as refunded too); whether it succeeds is read again later.
    if (status === 'pending') await this.refunds.watch(m, paymentIntentId, e.organizationId, new Date(Date.now() + REFUND_CHECK_FIRST_MS));
    return recorded;
  }
}
