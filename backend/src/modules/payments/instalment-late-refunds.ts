import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import type { RecordedInstalment } from '../payment-plans/instalment-ledger';
import { PlanActions } from '../payment-plans/plan-actions';
import type { CardEnrollment } from '../registration/card-enrollments.service';
import { StripeClient } from '../stripe/stripe.client';
import { formatDollars } from './money';

/**
 * An instalment charged while its registration was being cancelled (the charging job had claimed it and called Stripe
 * before the cancellation committed; the cancellation's refund counted only what was paid before it). The money is
 * not the enrollment's: it is refunded in full at Stripe, the transfer and the platform fee with it, under one
 * idempotency key per instalment, in the transaction that records the charge. If that transaction fails after Stripe
 * refunded, the attempt's key is still the instalment's: the next round asks Stripe again with it, gets the same
 * succeeded charge, and this refund's key answers the same refund: one charge, one refund.
 */
@Injectable()
export class InstalmentLateRefunds {
  private readonly logger = new Logger('InstalmentLateRefunds');

  constructor(
    private readonly stripe: StripeClient,
    private readonly plans: PlanActions,
    private readonly communications: CommunicationsService,
    private readonly activity: ActivityService,
  ) {}

  async refund(m: EntityManager, i: RecordedInstalment, e: CardEnrollment, paymentIntentId: string): Promise<void> {
    const refund = await this.stripe.api.refunds.create(
      {
        payment_intent: paymentIntentId,
        amount: i.amountCents,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: {
          organizationId: i.organizationId,
          classId: e.classId,
          enrollmentId: e.id,
          payerPlanId: i.payerPlanId,
          instalmentId: i.id,
          source: 'late_payment',
        },
      },
      { idempotencyKey: `classlane-instalment-${i.id}-late-refund` },
    );
    await this.plans.refundedAfterCancel(m, i.organizationId, i.id);
    this.logger.warn(`Instalment ${i.id} was charged after enrollment ${e.id} ended: refunded in full (${refund.id})`);
    const amount = formatDollars(i.amountCents);
    await this.activity.record(
      i.organizationId,
      'payment_refunded',
      `${e.studentName}'s instalment ${i.seq} (${amount}) for ${e.classTitle} was charged as the registration was cancelled, and refunded in full`,
      {
        amount: i.amountCents / 100,
        studentId: e.studentId,
        studentName: e.studentName,
        classId: e.classId,
        className: e.classTitle,
        enrollmentId: e.id,
        paymentPlanId: i.payerPlanId,
        instalmentSeq: i.seq,
        source: 'late_payment',
      },
      m,
    );
    await this.communications.queueAdminEmail(m, i.organizationId, {
      subject: `Instalment refunded: ${e.studentName}, ${e.classTitle}`,
      message:
        `${e.studentName}'s instalment ${i.seq} (${amount}) for ${e.classTitle} was charged while the registration was being ` +
        `cancelled. It was refunded in full (Stripe refund ${refund.id}); nothing else is needed.`,
      dedupeKey: `payment-plan:${i.id}:late-refund`,
    });
  }
}
