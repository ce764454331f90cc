import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { PaymentError, PaymentException } from './payments.exception';
import { ActivityService } from '../activity/activity.service';
import type { ClassEntity } from '../classes/class.entity';
import { breakdown, PricingService } from '../pricing/pricing.service';
import type { QuoteLine } from '../pricing/price-rules';
import type { PriceLine } from '../registration/enrollment.entity';
import { ClassesService } from '../classes/classes.service';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import { refundReply } from '../registration/student-record';
import { CardPaymentsService } from './card-payments.service';
import { CardRefundsService } from './card-refunds.service';
import { TopUpHolds } from './top-up-holds';
import { TopUpsRepository } from './top-ups.repository';
import type { CancelEnrollmentDto, RefundEnrollmentDto } from './dto/card-payment.dto';
import { formatDollars, refundQuote } from './money';
import { PaymentsRepository, type RefundRecord } from './payments.repository';
import { WebhookEvents } from '../webhooks/webhook-events';

const NOT_FOUND = 'Enrollment not found';

/**
 * Cancellations and refunds by the organization's policy. Every change locks the enrollment row:
 * the seat is freed by the one call that moves it out of held/active, a refund never exceeds what was paid less
 * what was refunded, and a refund is recorded once per Stripe refund id (those made in the Stripe dashboard, and
 * later changes of a refund's status, by StripeRefundsService).
 */
/** What the activity log and the enrollment.cancelled webhook say about a cancelled enrollment (refund in dollars). */
function cancelledFacts(
  e: { id: string; studentId: string; studentName: string; classId: string; classTitle: string },
  refund: RefundRecord | null,
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

@Injectable()
export class RefundsService {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly payments: CardPaymentsService,
    private readonly refunds: PaymentsRepository,
    private readonly activity: ActivityService,
    private readonly webhooks: WebhookEvents,
    private readonly classes: ClassesService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly pricing: PricingService,
    private readonly cardRefunds: CardRefundsService,
    private readonly topUpHolds: TopUpHolds,
    private readonly topUps: TopUpsRepository,
  ) {}

  async quote(organizationId: string, id: string) {
    const e = await this.cards.inOrganization(id, organizationId);
    if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
    const q = refundQuote(e.cancellationPolicy, e.amountPaidCents, e.refundedCents, new Date(e.classStartDate));
    return {
      refundAmount: q.refundCents / 100,
      policyApplied: q.policyApplied,
      paidAmount: e.amountPaidCents / 100,
      refundedAmount: e.refundedCents / 100,
      refundableAmount: q.refundableCents / 100,
      daysBeforeClass: q.daysBeforeClass,
      paymentMethod: e.paymentMethod,
      cancellationPolicy: e.cancellationPolicy ?? [],
    };
  }

  /**
   * Cancels (held or active -> cancelled, seat freed once). A card payment is refunded by default: the quoted
   * amount, or the admin's `amount` up to what is left. Cancelling a cancelled enrollment again changes nothing.
   */
  async cancel(
    organizationId: string,
    userId: string | null,
    id: string,
    dto: CancelEnrollmentDto,
    idempotencyKey?: string,
    /** byStudent: the student's portal (the policy's refund, told as their own act); alreadyCancelled: a repeat's error. */
    opts: { byStudent?: boolean; alreadyCancelled?: () => Error } = {},
  ) {
    let openIntent: string | null = null;
    let openTopUp: string | null = null;
    const reply = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
      if (e.status === 'cancelled' && opts.alreadyCancelled) throw opts.alreadyCancelled();
      if (e.status === 'cancelled') return this.reply(m, e.id, null);
      if (e.status === 'expired')
        throw new AppException(HttpStatus.CONFLICT, 'This registration has already expired; there is nothing to cancel.');
      const paidByCard = e.paymentMethod === 'card' && e.paymentStatus === 'completed';
      if (dto.refund === true && !paidByCard)
        throw new AppException(
          HttpStatus.CONFLICT,
          'Only card payments are refunded through Classlane. Cancel without a refund and settle an in-person payment with the student directly.',
        );
      if (e.status === 'held') openIntent = e.stripePaymentIntentId;
      // A switch being paid for gives its held seat back too.
      openTopUp = await this.topUpHolds.endOpenOf(m, e.id);
      // A difference left due in person is owed no more once the registration is cancelled.
      await this.topUps.cancelDue(m, e.id);
      await this.cards.cancel(m, e);
      let refund: RefundRecord | null = null;
      if (paidByCard && dto.refund !== false) {
        const q = refundQuote(e.cancellationPolicy, e.amountPaidCents, e.refundedCents, new Date(e.classStartDate));
        const cents = dto.amount !== undefined ? Math.round(dto.amount * 100) : q.refundCents;
        const reason = q.policyApplied
          ? `Cancelled ${q.daysBeforeClass} days before the class: ${q.policyApplied.refundPercentage}% refund by the policy at registration`
          : 'Cancelled by the organization';
        if (cents > 0)
          refund = await this.cardRefunds.createRefund(
            m,
            e,
            cents,
            dto.amount !== undefined ? 'Cancelled by the organization' : reason,
            userId,
            idempotencyKey,
            opts.byStudent ? { source: 'self_service', stripeKey: `classlane-enrollment-${e.id}-self-service-refund` } : null,
          );
      }
      await this.activity.record(
        organizationId,
        'enrollment_cancelled',
        opts.byStudent
          ? `${e.studentName} cancelled ${e.classTitle}${refund ? ` (refund ${formatDollars(refund.amountCents)})` : ''}`
          : `${e.studentName}'s enrollment in ${e.classTitle} was cancelled${refund ? ` with a refund of ${formatDollars(refund.amountCents)}` : ''}`,
        { ...cancelledFacts(e, refund), ...(opts.byStudent ? { source: 'self_service' } : {}) },
        m,
      );
      await this.webhooks.publish(m, organizationId, 'enrollment.cancelled', cancelledFacts(e, refund));
      return this.reply(m, e.id, refund);
    });
    for (const pi of [openIntent, openTopUp]) if (pi) await this.payments.cancelIntent(pi);
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
    let openIntent: string | null = null;
    let openTopUp: string | null = null;
    const result = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e || (e.status !== 'held' && e.status !== 'active')) return { cancelled: false, refundCents: 0 };
      if (e.status === 'held') openIntent = e.stripePaymentIntentId;
      openTopUp = await this.topUpHolds.endOpenOf(m, e.id);
      // A difference left due in person is owed no more once the registration is cancelled.
      await this.topUps.cancelDue(m, e.id);
      await this.cards.cancel(m, e);
      const left = e.amountPaidCents - e.refundedCents;
      let refund: RefundRecord | null = null;
      if (e.paymentMethod === 'card' && e.paymentStatus === 'completed' && left > 0) {
        refund = await this.cardRefunds.createRefund(m, e, left, 'The class was cancelled: too few students', null, undefined, {
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
    for (const pi of [openIntent, openTopUp]) if (pi) await this.payments.cancelIntent(pi);
    return result;
  }

  /** The price of a registration in the class it would switch to: the one price quote, with the person's discounts kept. */
  transferPrice(
    organizationId: string,
    e: TransferOrigin,
    to: Pick<ClassEntity, 'id' | 'priceCents' | 'discountPriceCents' | 'startDate'>,
  ): Promise<{ totalCents: number; lines: QuoteLine[] }> {
    return this.pricing.transferQuote({
      organizationId,
      cls: to,
      original: {
        enrollmentId: e.id,
        enrollmentDate: e.enrollmentDate,
        email: e.email,
        dateOfBirth: e.dateOfBirth,
        // A household's later attendees (not the group's first enrollment) had the sibling discount's place.
        sibling: !!e.householdGroupId && e.householdGroupId !== e.id,
        priceBreakdown: e.priceBreakdown,
      },
    });
  }

  /**
   * The classes an active registration may switch to (open, a free seat, not started), each priced by the one price
   * quote with the discounts of the registration's person kept, and the difference: a card payment is compared with
   * what it kept, an in-person one with what it owes now. `needsPayment`: a dearer class for a card payment, whose
   * difference is paid by card (the portal) or left due in person.
   */
  async transferOptions(organizationId: string, id: string) {
    const e = await this.cards.inOrganization(id, organizationId);
    if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
    if (e.status !== 'active') throw new AppException(HttpStatus.CONFLICT, 'Only an active registration can switch classes.');
    const origin = { ...e, email: e.studentEmail };
    const paidByCard = e.paymentMethod === 'card' && e.paymentStatus === 'completed';
    const kept = e.amountPaidCents - e.refundedCents;
    const open = (await this.classes.openWithSeats(organizationId)).filter((c) => c.id !== e.classId);
    const prices = await Promise.all(open.map((c) => this.transferPrice(organizationId, origin, c)));
    // One from before price quotes has no amount due: its own class's quote stands in.
    const own =
      e.amountDueCents ??
      (await this.transferPrice(organizationId, origin, await this.classes.require(e.classId, organizationId))).totalCents;
    return open.map((c, i) => {
      const price = prices[i].totalCents;
      return {
        id: c.id,
        title: c.title,
        location: c.location,
        instructor: c.instructor,
        startDate: c.startDate,
        seatsLeft: c.seatsLeft,
        price: price / 100,
        priceDifference: (price - (paidByCard ? kept : own)) / 100,
        available: true,
        needsPayment: paidByCard && price > kept,
      };
    });
  }

  /**
   * Moves an active registration to another class of the organization in one transaction: the new seat taken, the
   * old one freed (never both kept, never both lost). A card payment for a cheaper class gets the difference back on
   * the card; a dearer one answers TRANSFER_NEEDS_PAYMENT (the difference is paid by card through TopUpsService,
   * which switches on payment). An in-person registration is settled in person at the new class's price.
   */
  async transfer(
    organizationId: string,
    id: string,
    toClassId: string,
    /** differenceInPerson: a dearer class for a card payment switches now, the difference due in person at class. */
    opts: { byStudent?: boolean; differenceInPerson?: boolean } = {},
  ) {
    let openTopUp: string | null = null;
    const reply = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
      if (e.status !== 'active') throw new AppException(HttpStatus.CONFLICT, 'Only an active registration can switch classes.');
      if (e.classId === toClassId) throw new AppException(HttpStatus.CONFLICT, 'This is already the class of this registration.');
      const to = await this.classes.require(toClassId, organizationId, m).catch(() => null);
      if (!to || to.status === 'Archived') throw new AppException(HttpStatus.NOT_FOUND, `Class with ID ${toClassId} not found`);
      if (to.startDate.getTime() <= Date.now())
        throw new AppException(HttpStatus.CONFLICT, 'That class has already started; choose another one.');
      const paidByCard = e.paymentMethod === 'card' && e.paymentStatus === 'completed';
      const kept = e.amountPaidCents - e.refundedCents;
      // The one price quote, keeping the discounts of the original registration's person.
      const price = await this.transferPrice(organizationId, { ...e, email: e.studentEmail }, to);
      const difference = price.totalCents - kept;
      // A dearer class for a card payment: the difference is paid by card first (TopUpsService), the switch follows.
      const dueInPerson = paidByCard && difference > 0 && !!opts.differenceInPerson;
      if (paidByCard && difference > 0 && !dueInPerson)
        throw new PaymentException(
          PaymentError.TransferNeedsPayment,
          `${to.title} costs ${formatDollars(difference)} more. Pay the difference by card to switch.`,
          { differenceAmount: difference / 100 },
        );
      // A switch being paid for elsewhere gives its held seat back (this one wins).
      openTopUp = await this.topUpHolds.endOpenOf(m, e.id);
      // The new difference is counted from what was paid: one left due by an earlier switch is owed no more.
      await this.topUps.cancelDue(m, e.id);
      await this.cards.moveToClass(m, e, toClassId, { amountDueCents: price.totalCents, priceBreakdown: breakdown(price.lines) });
      // The balance (amount due above what was kept) is what the teacher roll collects and mark-paid takes.
      if (dueInPerson)
        await this.topUps.insertDue(m, {
          organizationId,
          enrollmentId: e.id,
          fromClassId: e.classId,
          toClassId,
          amountCents: difference,
          newAmountDueCents: price.totalCents,
        });
      let refund: RefundRecord | null = null;
      if (paidByCard && difference < 0)
        refund = await this.cardRefunds.createRefund(
          m,
          e,
          -difference,
          `Switched to ${to.title}: the difference in price`,
          null,
          undefined,
          {
            source: opts.byStudent ? 'self_service' : 'admin',
            // One refund per move to that class: a retried request after a crash gets the same Stripe refund back.
            stripeKey: `classlane-enrollment-${e.id}-transfer-${toClassId}-${e.refundedCents}-refund`,
          },
        );
      await this.activity.record(
        organizationId,
        'enrollment_transferred',
        `${e.studentName} switched from ${e.classTitle} to ${to.title}${refund ? ` (refund ${formatDollars(refund.amountCents)})` : ''}${dueInPerson ? ` (${formatDollars(difference)} due in person)` : ''}`,
        {
          studentId: e.studentId,
          studentName: e.studentName,
          enrollmentId: e.id,
          fromClassId: e.classId,
          fromClassName: e.classTitle,
          classId: to.id,
          className: to.title,
          refund: refund ? refund.amountCents / 100 : 0,
          dueInPerson: dueInPerson ? difference / 100 : 0,
          ...(opts.byStudent ? { source: 'self_service' } : {}),
        },
        m,
      );
      return {
        ...(await this.reply(m, e.id, refund)),
        classId: to.id,
        className: to.title,
        balanceDue: dueInPerson ? difference / 100 : 0,
      };
    });
    if (openTopUp) await this.payments.cancelIntent(openTopUp);
    return reply;
  }

  /** Refunds a card payment without cancelling: `amount` or everything left unrefunded. */
  async refund(organizationId: string, userId: string | null, id: string, dto: RefundEnrollmentDto, idempotencyKey?: string) {
    return this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
      if (e.paymentMethod !== 'card' || e.paymentStatus !== 'completed')
        throw new AppException(HttpStatus.CONFLICT, 'Only a completed card payment can be refunded through Classlane.');
      if (idempotencyKey) {
        const replay = await this.refunds.byIdempotencyKey(m, e.id, idempotencyKey);
        if (replay) return this.reply(m, e.id, replay);
      }
      const cents = dto.amount !== undefined ? Math.round(dto.amount * 100) : e.amountPaidCents - e.refundedCents;
      if (cents <= 0) throw new AppException(HttpStatus.CONFLICT, 'This payment has already been refunded in full.');
      const refund = await this.cardRefunds.createRefund(m, e, cents, 'Refunded by the organization', userId, idempotencyKey);
      await this.activity.record(
        organizationId,
        'payment_refunded',
        `${e.studentName} was refunded ${formatDollars(refund.amountCents)} for ${e.classTitle}`,
        {
          amount: refund.amountCents / 100,
          studentId: e.studentId,
          studentName: e.studentName,
          classId: e.classId,
          className: e.classTitle,
          source: 'admin',
        },
        m,
      );
      return this.reply(m, e.id, refund);
    });
  }

  private async reply(m: EntityManager, id: string, refund: RefundRecord | null) {
    const e = (await this.cards.byId(id, m))!;
    const all = await this.refunds.ofEnrollment(id, m);
    return {
      id: e.id,
      status: e.status,
      paymentStatus: e.paymentStatus,
      paymentMethod: e.paymentMethod,
      amountPaid: e.amountPaidCents / 100,
      platformFee: e.platformFeeCents / 100,
      organizationAmount: (e.paymentMethod === 'card' ? e.organizationAmountCents : e.amountPaidCents) / 100,
      refundedAmount: e.refundedCents / 100,
      cancelledAt: e.cancelledAt,
      refund: refund ? refundReply(refund) : null,
      refunds: all.map(refundReply),
    };
  }
}

/** What a registration keeps of its original price quote when it moves (see PricingService.transferQuote). */
export interface TransferOrigin {
  id: string;
  enrollmentDate: Date;
  email: string;
  dateOfBirth: string | null;
  householdGroupId: string | null;
  priceBreakdown: PriceLine[] | null;
}
