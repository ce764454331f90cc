import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import type { IntentFacts } from './card-payment.types';
import { formatDollars } from './money';

/**
 * What one person's recorded card payment tells others, in the transaction that records it: `payment.succeeded`, the
 * activity events, and the confirmation and receipt.
 */
@Injectable()
export class CardPaymentAnnouncements {
  constructor(
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    private readonly communications: CommunicationsService,
  ) {}

  /** `payment.succeeded`, for every payment taken (a late one refunded at once too: its refund follows it). */
  paid(m: EntityManager, e: CardEnrollment, pi: IntentFacts): Promise<void> {
    return this.webhooks.paymentSucceeded(m, e.organizationId, {
      enrollmentId: e.id,
      studentId: e.studentId,
      studentName: e.studentName,
      classId: e.classId,
      className: e.classTitle,
      amountCents: pi.amount,
      paymentMethod: 'card',
    });
  }

  /**
   * The payment's activity event; when it kept its seat, also the enrollment's (unless the student was already enrolled)
   * and the messages, which commit with the payment or not at all (their dedupe keys make a second settle queue nothing).
   */
  async recorded(m: EntityManager, e: CardEnrollment, pi: IntentFacts, keptSeat: boolean): Promise<void> {
    const paid = {
      type: 'payment_received' as const,
      description: `${e.studentName} paid ${formatDollars(pi.amount)} by card for ${e.classTitle}`,
      metadata: {
        amount: pi.amount / 100,
        platformFee: pi.applicationFee / 100,
        studentName: e.studentName,
        className: e.classTitle,
        paymentMethod: 'card',
        studentId: e.studentId,
        classId: e.classId,
        enrollmentId: e.id,
        paymentIntentId: pi.id,
      },
    };
    if (!keptSeat) {
      await this.activity.record(e.organizationId, paid.type, paid.description, paid.metadata, m);
      return;
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
    // A student who switched to in person got the confirmation then; the receipt is what is new. One read of the
    // class and the organization for both.
    await this.communications.queueCardPaymentMessages(
      m,
      { ...messageInput(e), paymentReference: pi.id, amountCents: pi.amount },
      { confirmation: e.status !== 'active' },
    );
  }
}
