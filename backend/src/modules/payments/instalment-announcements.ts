import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import type { RecordedInstalment } from '../payment-plans/instalment-ledger';
import { PlanActions } from '../payment-plans/plan-actions';
import { CardEnrollmentsService, messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { PlanEnrollmentMoney } from '../registration/plan-enrollment-money';
import { WebhookEvents } from '../webhooks/webhook-events';
import { InstalmentLateRefunds } from './instalment-late-refunds';
import { formatDollars } from './money';

/** How an instalment was paid, with the charge's facts when by card. */
export interface InstalmentPaidBy {
  via: 'card' | 'in-person';
  paymentIntentId: string | null;
  chargeId: string | null;
  /** The platform's fee of it (0 at the door). */
  feeCents: number;
}

/** Why an attempt did not pay the instalment. */
export type InstalmentFailure = 'authentication_required' | 'soft_decline' | 'hard_decline' | 'bank_debit_failed';

const label = (i: RecordedInstalment) => `Instalment ${i.seq} of ${i.of}`;
const day = (d: Date) => new Date(d).toISOString().slice(0, 10);
const reason = (code: string | null) => (code ? ` (${code.replace(/_/g, ' ')})` : '');

/**
 * What an instalment's outcome changes beyond its own row (issue 40 §2, §4), in the transaction that records it:
 * paid -> the money on the enrollment (the columns a card or at-the-door payment fills, so refunds, reports and
 * statements count it), `payment.succeeded` (which issues the numbered receipt), the receipt email, the activity, and
 * `payment_plan.instalment_paid`, then the plan completed or no longer past due; failed -> the payer's email (and SMS
 * when authentication is needed) with the portal link, the admins' email, and `payment_plan.instalment_failed`. Every
 * message has a dedupe key made of the instalment and its attempt, so a second record of the same outcome queues
 * nothing. The portal link only opens the portal (`/my`): nothing changes on a GET.
 */
@Injectable()
export class InstalmentAnnouncements {
  private readonly publicUrl: string;
  private readonly logger = new Logger('InstalmentAnnouncements');

  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly money: PlanEnrollmentMoney,
    private readonly plans: PlanActions,
    private readonly webhooks: WebhookEvents,
    private readonly communications: CommunicationsService,
    private readonly activity: ActivityService,
    private readonly lateRefunds: InstalmentLateRefunds,
    config: ConfigService<AllConfigType>,
  ) {
    this.publicUrl = config.getOrThrow('app', { infer: true }).publicUrl;
  }

  /** The payer's portal, where the plan is paid, fixed or followed (no account: the portal signs in by email). */
  portalLink(e: CardEnrollment): string {
    return `${this.publicUrl}/my?organizationId=${e.organizationId}&email=${encodeURIComponent(e.studentEmail)}&paymentPlan=${e.id}`;
  }

  async paid(m: EntityManager, i: RecordedInstalment, by: InstalmentPaidBy): Promise<void> {
    const e = await this.cards.inOrganization(i.enrollmentId, i.organizationId, m);
    if (!e) throw new Error(`Instalment ${i.id}: its enrollment ${i.enrollmentId} is not in organization ${i.organizationId}`);
    if (!(await this.money.addInstalment(m, i.organizationId, e.id, i.amountCents, by.feeCents))) {
      // Charged while the registration was being cancelled: the money is not the enrollment's. A card charge is given
      // back at once (no receipt, no "paid" message); one taken at the door cannot be, and a person returns it. (An
      // enrollment still active whose own payment is not recorded is not a cancellation: logged for a person.)
      if (by.via === 'card' && by.paymentIntentId && e.status !== 'active') return this.lateRefunds.refund(m, i, e, by.paymentIntentId);
      this.logger.error(`Instalment ${i.id} was paid after enrollment ${e.id} ended: refund ${formatDollars(i.amountCents)} by hand`);
    }
    await this.webhooks.paymentSucceeded(m, i.organizationId, {
      enrollmentId: e.id,
      studentId: e.studentId,
      studentName: e.studentName,
      classId: e.classId,
      className: e.classTitle,
      amountCents: i.amountCents,
      paymentMethod: by.via,
      instalment: { label: label(i), paymentIntentId: by.paymentIntentId, chargeId: by.chargeId },
    });
    await this.communications.queuePaymentReceipt(m, {
      ...messageInput(e),
      paymentReference: by.paymentIntentId ?? `instalment-${i.id}`,
      amountCents: i.amountCents,
    });
    await this.activity.record(
      i.organizationId,
      'payment_received',
      `${e.studentName} paid ${label(i).toLowerCase()} (${formatDollars(i.amountCents)}) ${by.via === 'card' ? 'by card' : 'in person'} for ${e.classTitle}`,
      {
        amount: i.amountCents / 100,
        studentName: e.studentName,
        className: e.classTitle,
        paymentMethod: by.via,
        studentId: e.studentId,
        classId: e.classId,
        enrollmentId: e.id,
        paymentPlanId: i.payerPlanId,
        instalmentSeq: i.seq,
        ...(by.paymentIntentId ? { paymentIntentId: by.paymentIntentId } : {}),
      },
      m,
    );
    await this.webhooks.publish(m, i.organizationId, 'payment_plan.instalment_paid', { ...facts(i, e), paidVia: by.via });
    await this.settled(m, i);
  }

  /** A waived instalment (or one cancelled) may end the plan or its past due. */
  async settled(m: EntityManager, i: Pick<RecordedInstalment, 'organizationId' | 'payerPlanId' | 'enrollmentId'>): Promise<void> {
    await this.plans.completeIfDone(m, i.payerPlanId);
    if (await this.plans.clearPastDue(m, i.payerPlanId)) await this.money.setPastDue(m, i.organizationId, i.enrollmentId, null);
  }

  async failed(m: EntityManager, i: RecordedInstalment, why: InstalmentFailure, declineCode: string | null): Promise<void> {
    const e = await this.cards.inOrganization(i.enrollmentId, i.organizationId, m);
    if (!e) return;
    const willRetry = i.status === 'scheduled';
    const amount = formatDollars(i.amountCents);
    const what = `${label(i).toLowerCase()} (${amount}) for ${e.classTitle}`;
    const key = `payment-plan:${i.id}:attempt-${i.attempts}:${why}`;
    const payer =
      why === 'authentication_required'
        ? `Your bank asks you to confirm the payment of ${what}. Please pay it here: {{link}}`
        : why === 'soft_decline'
          ? `We could not charge ${what}${reason(declineCode)}.` +
            (willRetry && i.nextAttemptAt ? ` We will try again on ${day(i.nextAttemptAt)}.` : '') +
            ` To pay it now or use another payment method: {{link}}`
          : why === 'hard_decline'
            ? `Your payment method was declined for ${what}${reason(declineCode)}. We will not try it again: please add another payment method here: {{link}}`
            : `The bank debit for ${what} did not go through. Please pay it or add another payment method here: {{link}}`;
    const recipient = { firstName: e.firstName, lastName: e.lastName, email: e.studentEmail, phone: e.phone };
    await this.communications.queueSystemEmail(m, {
      organizationId: i.organizationId,
      studentId: e.studentId,
      recipient,
      subject: why === 'authentication_required' ? `Please confirm your payment for ${e.classTitle}` : `Payment failed: ${e.classTitle}`,
      message: `Hello ${e.firstName},\n\n${payer}`,
      link: { url: this.portalLink(e), label: 'Your payment plan' },
      dedupeKey: `${key}:email`,
    });
    if (why === 'authentication_required')
      await this.communications.queueSystemSms(m, {
        organizationId: i.organizationId,
        studentId: e.studentId,
        recipient,
        message: `${e.classTitle}: your bank asks you to confirm the payment of ${amount}. Pay it here: ${this.portalLink(e)}`,
        dedupeKey: `${key}:sms`,
      });
    await this.communications.queueAdminEmail(m, i.organizationId, {
      subject: `Instalment not paid: ${e.studentName}, ${e.classTitle}`,
      message:
        `${e.studentName}'s ${what} was not paid: ${why.replace(/_/g, ' ')}${reason(declineCode)}. ` +
        (willRetry && i.nextAttemptAt
          ? `It will be tried again on ${day(i.nextAttemptAt)}.`
          : 'It will not be tried again automatically.') +
        ' The payer was sent a link to pay it.',
      dedupeKey: `${key}:admin`,
    });
    await this.webhooks.publish(m, i.organizationId, 'payment_plan.instalment_failed', {
      ...facts(i, e),
      outcome: why,
      declineCode,
      willRetry,
    });
  }
}

function facts(i: RecordedInstalment, e: CardEnrollment) {
  return {
    paymentPlanId: i.payerPlanId,
    enrollmentId: e.id,
    studentId: e.studentId,
    classId: e.classId,
    className: e.classTitle,
    seq: i.seq,
    amount: i.amountCents / 100,
  };
}
