import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { IntentFacts } from './card-payment.types';
import { formatDollars } from './money';
import type { TopUp } from './top-ups.repository';

/**
 * What a switch paid by a second card payment tells others, in the transaction that records it: the payment's and
 * the switch's activity events, `payment.succeeded` with this payment's amount, and the receipt.
 */
@Injectable()
export class TopUpAnnouncements {
  constructor(
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    private readonly communications: CommunicationsService,
  ) {}

  /** `e`: the enrollment before the switch; `moved`: after it. */
  async paid(m: EntityManager, e: CardEnrollment, moved: CardEnrollment, t: TopUp, pi: IntentFacts): Promise<void> {
    await this.activity.recordMany(
      e.organizationId,
      [
        {
          type: 'payment_received',
          description: `${e.studentName} paid ${formatDollars(pi.amount)} by card for ${moved.classTitle}`,
          metadata: {
            amount: pi.amount / 100,
            platformFee: pi.applicationFee / 100,
            studentName: e.studentName,
            className: moved.classTitle,
            paymentMethod: 'card',
            studentId: e.studentId,
            classId: moved.classId,
            enrollmentId: e.id,
            paymentIntentId: pi.id,
          },
        },
        {
          type: 'enrollment_transferred',
          description: `${e.studentName} switched from ${e.classTitle} to ${moved.classTitle} (paid ${formatDollars(pi.amount)} more)`,
          metadata: {
            studentId: e.studentId,
            studentName: e.studentName,
            enrollmentId: e.id,
            fromClassId: e.classId,
            fromClassName: e.classTitle,
            classId: moved.classId,
            className: moved.classTitle,
            refund: 0,
            paid: pi.amount / 100,
            ...(t.byStudent ? { source: 'self_service' } : {}),
          },
        },
      ],
      m,
    );
    // The second payment announced like the first, with this payment's amount; the top-up row was locked and held or
    // lapsed, so a second settle of the same intent found it completed and announces nothing.
    await this.webhooks.paymentSucceeded(m, e.organizationId, {
      enrollmentId: e.id,
      studentId: e.studentId,
      studentName: e.studentName,
      classId: moved.classId,
      className: moved.classTitle,
      amountCents: pi.amount,
      paymentMethod: 'card',
    });
    // A receipt for the second payment (its dedupe key is the payment: a second settle queues nothing).
    await this.communications.queueCardPaymentMessages(
      m,
      { ...messageInput(moved), paymentReference: pi.id, amountCents: pi.amount },
      { confirmation: false },
    );
  }
}
