import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { ActivityService } from '../activity/activity.service';
import { WebhookEvents } from '../webhooks/webhook-events';
import { CancelledFees } from './cancelled-fees';
import { CardEnrollmentsService, type CardEnrollment } from './card-enrollments.service';
import { EnrollmentPaymentsPort, type SeatRefund } from './enrollment-payments';
import { readMoneyReply } from './enrollment-reply';
import { EnrollmentSettlements } from './enrollment-settlements';
import { formatDollars, planRefundQuote, refundQuote } from './refund-quote';
import { TopUpSeats } from './top-up-seats';

export const ENROLLMENT_NOT_FOUND = 'Enrollment not found';

/** Whether the frozen policy gives everything back for a cancellation now (no policy at all counts as everything). */
function refundsInFull(policy: Parameters<typeof refundQuote>[0], classStart: Date): boolean {
  const whole = 10_000;
  return refundQuote(policy, whole, 0, classStart).refundCents === whole;
}

/** What the admin asks of a cancel: a refund (default: yes for a card payment) and its amount in dollars. */
export interface CancelRequest {
  refund?: boolean;
  amount?: number;
}

export interface CancelOptions {
  /** The student's portal: the policy's refund, told as their own act. */
  byStudent?: boolean;
  /** A repeat's error (the admin's removal answers NOT_ENROLLED for an enrollment already cancelled). */
  alreadyCancelled?: () => Error;
}

/** What the activity log and the enrollment.cancelled webhook say about a cancelled enrollment (refund in dollars). */
function cancelledFacts(
  e: { id: string; studentId: string; studentName: string; classId: string; classTitle: string },
  refund: SeatRefund | null,
) {
  return {
    enrollmentId: e.id,
    studentId: e.studentId,
    studentName: e.studentName,
    classId: e.classId,
    className: e.classTitle,
    refund: refund ? refund.amountCents / 100 : 0,
  };
}

/**
 * The one cancel of an enrollment (held or active -> cancelled), for every path: the admin, the student's portal, the
 * admin's removal of a class from a record, and a class the go/no-go cancelled. It locks the enrollment row, so the
 * seat is freed by the one call that moves it out of held/active; a switch being paid for gives its held seat back
 * too; a card payment is refunded through the payments port in the same transaction; the activity and the one
 * `enrollment.cancelled` payload follow. Open PaymentIntents are cancelled after the commit.
 */
@Injectable()
export class EnrollmentCancel {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly port: EnrollmentPaymentsPort,
    private readonly topUpSeats: TopUpSeats,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    private readonly settlements: EnrollmentSettlements,
    private readonly fees: CancelledFees,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /**
   * Cancels (held or active -> cancelled, seat freed once). A card payment is refunded by default: the quoted
   * amount, or the admin's `amount` up to what is left. Cancelling a cancelled enrollment again changes nothing.
   */
  async cancel(
    organizationId: string,
    userId: string | null,
    id: string,
    request: CancelRequest,
    idempotencyKey?: string,
    opts: CancelOptions = {},
  ) {
    const intents: (string | null)[] = [];
    const reply = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, ENROLLMENT_NOT_FOUND);
      if (e.status === 'cancelled' && opts.alreadyCancelled) throw opts.alreadyCancelled();
      if (e.status === 'cancelled') return this.reply(m, e.id, null);
      if (e.status === 'expired')
        throw new AppException(HttpStatus.CONFLICT, 'This registration has already expired; there is nothing to cancel.');
      const paidByCard = e.paymentMethod === 'card' && e.paymentStatus === 'completed';
      if (request.refund === true && !paidByCard)
        throw new AppException(
          HttpStatus.CONFLICT,
          'Only card payments are refunded through Classlane. Cancel without a refund and settle an in-person payment with the student directly.',
        );
      intents.push(...(await this.endSeat(m, e)));
      // A payment plan's future instalments are cancelled with the seat; the policy applies to the plan's total.
      const plan = await this.settlements.cancelPlan(m, organizationId, e.id);
      // Paid with a credit: the use comes back when the frozen policy would give all the money back now, else it stays used.
      const creditBack = refundsInFull(e.cancellationPolicy, new Date(e.classStartDate))
        ? await this.settlements.releaseCredit(m, organizationId, e.id, 'Cancelled in time for a full refund', userId)
        : null;
      // A registration fee stays paid while another registration of its period stands (cancelled-fees.ts).
      const fees = await this.fees.handOn(m, e);
      const kept = fees.keptCents;
      let refund: SeatRefund | null = null;
      if (paidByCard && request.refund !== false) {
        const q = plan
          ? planRefundQuote(
              e.cancellationPolicy,
              plan.totalCents - kept,
              e.amountPaidCents - kept,
              e.refundedCents,
              new Date(e.classStartDate),
            )
          : refundQuote(e.cancellationPolicy, e.amountPaidCents - kept, e.refundedCents, new Date(e.classStartDate));
        const cents = request.amount !== undefined ? Math.round(request.amount * 100) : q.refundCents;
        const reason = q.policyApplied
          ? `Cancelled ${q.daysBeforeClass} days before the class: ${q.policyApplied.refundPercentage}% refund by the policy at registration`
          : 'Cancelled by the organization';
        if (cents > 0)
          refund = await this.port.payments.refund(
            m,
            e,
            cents,
            request.amount !== undefined ? 'Cancelled by the organization' : reason,
            userId,
            idempotencyKey,
            opts.byStudent ? { source: 'self_service', stripeKey: `classlane-enrollment-${e.id}-self-service-refund` } : null,
          );
      }
      // The period's last registration cancelled: the fee an earlier (cancelled) one paid is refunded by this one's policy.
      if (request.refund !== false)
        await this.fees.refundReleased(m, e, fees.released, userId, opts.byStudent ? 'self_service' : 'admin', e.cancellationPolicy);
      await this.activity.record(
        organizationId,
        'enrollment_cancelled',
        opts.byStudent
          ? `${e.studentName} cancelled ${e.classTitle}${refund ? ` (refund ${formatDollars(refund.amountCents)})` : ''}${creditBack ? ' (credit given back)' : ''}`
          : `${e.studentName}'s enrollment in ${e.classTitle} was cancelled${refund ? ` with a refund of ${formatDollars(refund.amountCents)}` : ''}${creditBack ? ' (credit given back)' : ''}`,
        {
          ...cancelledFacts(e, refund),
          ...(opts.byStudent ? { source: 'self_service' } : {}),
          ...(creditBack ? { creditReleased: creditBack.entitlementId } : {}),
        },
        m,
      );
      await this.webhooks.publish(m, organizationId, 'enrollment.cancelled', cancelledFacts(e, refund));
      return this.reply(m, e.id, refund);
    });
    await this.cancelIntents(intents);
    return reply;
  }

  /**
   * A class cancelled for too few students: the enrollment is cancelled (its seat freed once) and a
   * card payment refunded IN FULL (what is left unrefunded) with source class_cancelled, in one transaction. The
   * Stripe idempotency key is fixed per enrollment, so a run that crashed after Stripe refunded but before this
   * transaction committed gets the same refund back on the next run and records it once. An enrollment that is no
   * longer held or active is left alone. An in-person payment is settled by the organization outside Classlane.
   */
  async cancelForCancelledClass(organizationId: string, id: string): Promise<{ cancelled: boolean; refundCents: number }> {
    const intents: (string | null)[] = [];
    const result = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e || (e.status !== 'held' && e.status !== 'active')) return { cancelled: false, refundCents: 0 };
      intents.push(...(await this.endSeat(m, e)));
      // Nothing more is charged; everything paid (deposit and instalments) is refunded below.
      await this.settlements.cancelPlan(m, organizationId, e.id);
      // A class cancelled gives everything back: a credit's use too.
      await this.settlements.releaseCredit(m, organizationId, e.id, 'The class was cancelled');
      // A registration fee stays paid while another registration of its period stands; a released one comes back in full.
      const fees = await this.fees.handOn(m, e);
      await this.fees.refundReleased(m, e, fees.released, null, 'class_cancelled', null);
      const left = e.amountPaidCents - e.refundedCents - fees.keptCents;
      let refund: SeatRefund | null = null;
      if (e.paymentMethod === 'card' && e.paymentStatus === 'completed' && left > 0) {
        refund = await this.port.payments.refund(m, e, left, 'The class was cancelled: too few students', null, undefined, {
          source: 'class_cancelled',
          stripeKey: `classlane-enrollment-${e.id}-class-cancelled-refund`,
        });
      }
      await this.activity.record(
        organizationId,
        'enrollment_cancelled',
        `${e.studentName}'s enrollment in ${e.classTitle} was cancelled with the class${refund ? ` and refunded ${formatDollars(refund.amountCents)}` : ''}`,
        { ...cancelledFacts(e, refund), source: 'class_cancelled' },
        m,
      );
      await this.webhooks.publish(m, organizationId, 'enrollment.cancelled', { ...cancelledFacts(e, refund), source: 'class_cancelled' });
      return { cancelled: true, refundCents: refund?.amountCents ?? 0 };
    });
    await this.cancelIntents(intents);
    return result;
  }

  /**
   * The seat-taking state ended: a held card payment's intent and a switch's top-up hold (its seat freed) are to be
   * cancelled after the commit, a difference left due in person is owed no more, and the row goes to cancelled with
   * its seat freed once. Answers the intents to cancel.
   */
  private async endSeat(m: EntityManager, e: CardEnrollment): Promise<(string | null)[]> {
    const openIntent = e.status === 'held' ? e.stripePaymentIntentId : null;
    // A switch being paid for gives its held seat back too.
    const openTopUp = await this.topUpSeats.endOpenOf(m, e.id);
    // A difference left due in person is owed no more once the registration is cancelled.
    await this.port.payments.cancelDifferenceDue(m, e.id);
    await this.cards.cancel(m, e);
    return [openIntent, openTopUp];
  }

  private async cancelIntents(intents: (string | null)[]) {
    for (const pi of intents) if (pi) await this.port.payments.cancelIntent(pi);
  }

  private reply(m: EntityManager, id: string, refund: SeatRefund | null) {
    return readMoneyReply(m, id, refund, { cards: this.cards, refundsOf: (mm, i) => this.port.payments.refundsOf(mm, i) });
  }
}
