import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { StripeClient } from '../stripe/stripe.client';
import { CardEnrollmentsService, messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import { formatDollars } from './money';
import { PaymentsRepository } from './payments.repository';
import { REFUND_CHECK_FIRST_MS, refundStatus } from './stripe-refunds.service';

/**
 * A card payment that arrived when it could no longer keep its seat (the hold lapsed into a full class, or the
 * registration was cancelled): refunded at Stripe under one idempotency key per enrollment, recorded once by refund
 * id (source late_payment), with one notice and one activity event. Shared by single and household payments.
 */
@Injectable()
export class LatePaymentRefunds {
  constructor(
    private readonly stripe: StripeClient,
    private readonly refunds: PaymentsRepository,
    private readonly cards: CardEnrollmentsService,
    private readonly communications: CommunicationsService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
  ) {}

  async refund(m: EntityManager, e: CardEnrollment, paymentIntentId: string, amountCents: number, reason: string): Promise<void> {
    const refund = await this.stripe.api.refunds.create(
      {
        payment_intent: paymentIntentId,
        amount: amountCents,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: { organizationId: e.organizationId, classId: e.classId, enrollmentId: e.id, source: 'late_payment' },
      },
      { idempotencyKey: `classlane-enrollment-${e.id}-late-payment-refund` },
    );
    const status = refundStatus(refund.status);
    // Recorded already when an earlier attempt's transaction died after Stripe refunded and the refund's events
    // recorded it from refunds.list (against this enrollment: its metadata names it).
    const known = (await this.refunds.allByStripeId(m, refund.id)).length > 0;
    const recorded =
      !known &&
      (await this.refunds.insert(m, {
        organizationId: e.organizationId,
        enrollmentId: e.id,
        amountCents: refund.amount,
        stripeRefundId: refund.id,
        status,
        reason,
        source: 'late_payment',
      }));
    if (recorded && status !== 'failed') {
      await this.cards.addRefunded(m, e.id, refund.amount);
      await this.communications.queueRefundNotice(m, { ...messageInput(e), refundReference: refund.id, refundCents: refund.amount });
      // The payment was announced as payment.succeeded where it was recorded: its refund is announced too, as an
      // admin's refund is, or a connected tool would count money the organization gave back.
      await this.webhooks.publish(m, e.organizationId, 'payment.refunded', {
        enrollmentId: e.id,
        studentId: e.studentId,
        classId: e.classId,
        amount: refund.amount / 100,
        status,
        reason,
      });
    }
    if (recorded && status === 'pending')
      await this.refunds.watch(m, paymentIntentId, e.organizationId, new Date(Date.now() + REFUND_CHECK_FIRST_MS));
    await this.activity.record(
      e.organizationId,
      'payment_refunded',
      `${e.studentName}'s late card payment of ${formatDollars(refund.amount)} for ${e.classTitle} was refunded in full`,
      {
        amount: refund.amount / 100,
        studentId: e.studentId,
        studentName: e.studentName,
        classId: e.classId,
        className: e.classTitle,
        source: 'late_payment',
      },
      m,
    );
  }
}
