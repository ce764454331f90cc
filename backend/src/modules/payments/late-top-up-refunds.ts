import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { ClassesService } from '../classes/classes.service';
import type { CardEnrollment } from '../registration/card-enrollments.service';
import { StripeClient } from '../stripe/stripe.client';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { IntentFacts } from './card-payment.types';
import { formatDollars } from './money';
import { refundStatus } from './stripe-refunds.service';
import { TopUpsRepository, type TopUp } from './top-ups.repository';

/** The reason `payment.refunded` gives for a switch's difference paid when the switch could no longer be made. */
const LATE_TOP_UP_REASON = 'Paid to switch classes after the switch could no longer be made';

/**
 * A switch's difference paid by card after the switch could no longer be made, given back: the top-ups' counterpart of
 * late-payment-refunds.ts (kept apart from TopUpsService, which takes the payments that do switch a registration).
 */
@Injectable()
export class LateTopUpRefunds {
  constructor(
    private readonly stripe: StripeClient,
    private readonly repo: TopUpsRepository,
    private readonly classes: ClassesService,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
  ) {}

  /**
   * A difference paid that cannot switch the registration: refunded in full at Stripe (one idempotency key per top-up)
   * and the top-up marked refunded. It never counted as paid on the enrollment, so the enrollment's totals stay.
   */
  async refund(m: EntityManager, t: TopUp, pi: IntentFacts, e: CardEnrollment | null): Promise<void> {
    const refund = await this.stripe.api.refunds.create(
      {
        payment_intent: pi.id,
        amount: pi.amount,
        reverse_transfer: true,
        refund_application_fee: true,
        metadata: {
          organizationId: t.organizationId,
          classId: t.toClassId,
          enrollmentId: t.enrollmentId,
          topUpId: t.id,
          source: 'late_payment',
        },
      },
      { idempotencyKey: `classlane-top-up-${t.id}-late-refund` },
    );
    if (!(await this.repo.markRefunded(m, t.id, pi.id))) return;
    // Announced once, with the top-up marked refunded (a second settle of the same intent finds it refunded above), as
    // a late card registration is: the payment taken, then given back, so a connected tool that adds up payments and
    // takes off refunds comes to nothing for it. Without the enrollment nobody can be named.
    const status = refundStatus(refund.status);
    if (e) {
      const to = await this.classes.require(t.toClassId, t.organizationId, m).catch(() => null);
      await this.webhooks.paymentSucceeded(m, t.organizationId, {
        enrollmentId: e.id,
        studentId: e.studentId,
        studentName: e.studentName,
        classId: t.toClassId,
        className: to?.title ?? e.classTitle,
        amountCents: pi.amount,
        paymentMethod: 'card',
      });
    }
    if (e && status !== 'failed')
      await this.webhooks.publish(m, t.organizationId, 'payment.refunded', {
        enrollmentId: e.id,
        studentId: e.studentId,
        classId: t.toClassId,
        amount: refund.amount / 100,
        status,
        reason: LATE_TOP_UP_REASON,
      });
    if (e)
      await this.activity.record(
        t.organizationId,
        'payment_refunded',
        `${e.studentName}'s card payment of ${formatDollars(pi.amount)} to switch classes arrived too late and was refunded in full`,
        {
          amount: pi.amount / 100,
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
