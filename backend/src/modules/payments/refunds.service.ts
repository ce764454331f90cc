import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { ActivityService } from '../activity/activity.service';
import { CommunicationsService } from '../communications/communications.service';
import { StripeClient } from '../stripe/stripe.client';
import { CardEnrollmentsService, messageInput, type CardEnrollment } from '../registration/card-enrollments.service';
import { CardPaymentsService } from './card-payments.service';
import type { CancelEnrollmentDto, RefundEnrollmentDto } from './dto/card-payment.dto';
import { formatDollars, refundQuote } from './money';
import { PaymentsRepository, type RefundRecord, type RefundSource } from './payments.repository';

const NOT_FOUND = 'Enrollment not found';

const refundReply = (r: RefundRecord) => ({
  id: r.id,
  amount: r.amountCents / 100,
  status: r.status,
  source: r.source,
  reason: r.reason,
  createdAt: r.createdAt,
});

/** Stripe's refund status in the three the refunds table keeps. */
const refundStatus = (s: string | null | undefined) =>
  s === 'succeeded' ? 'succeeded' : s === 'failed' || s === 'canceled' ? 'failed' : 'pending';

/**
 * Cancellations and refunds by the organization's policy. Every change locks the enrollment row:
 * the seat is freed by the one call that moves it out of held/active, a refund never exceeds what was paid less
 * what was refunded, and a refund made here or in the Stripe dashboard is recorded once per Stripe refund id.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger('Refunds');

  constructor(
    private readonly stripe: StripeClient,
    private readonly cards: CardEnrollmentsService,
    private readonly payments: CardPaymentsService,
    private readonly refunds: PaymentsRepository,
    private readonly activity: ActivityService,
    private readonly communications: CommunicationsService,
    @InjectDataSource() private readonly db: DataSource,
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
  async cancel(organizationId: string, userId: string | null, id: string, dto: CancelEnrollmentDto, idempotencyKey?: string) {
    let openIntent: string | null = null;
    const reply = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e) throw new AppException(HttpStatus.NOT_FOUND, NOT_FOUND);
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
      await this.cards.cancel(m, e);
      let refund: RefundRecord | null = null;
      if (paidByCard && dto.refund !== false) {
        const q = refundQuote(e.cancellationPolicy, e.amountPaidCents, e.refundedCents, new Date(e.classStartDate));
        const cents = dto.amount !== undefined ? Math.round(dto.amount * 100) : q.refundCents;
        const reason = q.policyApplied
          ? `Cancelled ${q.daysBeforeClass} days before the class: ${q.policyApplied.refundPercentage}% refund by the policy at registration`
          : 'Cancelled by the organization';
        if (cents > 0)
          refund = await this.createRefund(
            m,
            e,
            cents,
            dto.amount !== undefined ? 'Cancelled by the organization' : reason,
            userId,
            idempotencyKey,
          );
      }
      await this.activity.record(
        organizationId,
        'enrollment_cancelled',
        `${e.studentName}'s enrollment in ${e.classTitle} was cancelled${refund ? ` with a refund of ${formatDollars(refund.amountCents)}` : ''}`,
        {
          studentId: e.studentId,
          studentName: e.studentName,
          classId: e.classId,
          className: e.classTitle,
          enrollmentId: e.id,
          refund: refund ? refund.amountCents / 100 : 0,
        },
        m,
      );
      return this.reply(m, e.id, refund);
    });
    if (openIntent) await this.payments.cancelIntent(openIntent);
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
    const result = await this.db.transaction(async (m) => {
      const e = await this.cards.inOrganization(id, organizationId, m, true);
      if (!e || (e.status !== 'held' && e.status !== 'active')) return { cancelled: false, refundCents: 0 };
      if (e.status === 'held') openIntent = e.stripePaymentIntentId;
      await this.cards.cancel(m, e);
      const left = e.amountPaidCents - e.refundedCents;
      let refund: RefundRecord | null = null;
      if (e.paymentMethod === 'card' && e.paymentStatus === 'completed' && left > 0) {
        refund = await this.createRefund(m, e, left, 'The class was cancelled: too few students', null, undefined, {
          source: 'class_cancelled',
          stripeKey: `classlane-enrollment-${e.id}-class-cancelled-refund`,
        });
      }
      await this.activity.record(
        organizationId,
        'enrollment_cancelled',
        `${e.studentName}'s enrollment in ${e.classTitle} was cancelled with the class${refund ? ` and refunded ${formatDollars(refund.amountCents)}` : ''}`,
        {
          studentId: e.studentId,
          studentName: e.studentName,
          classId: e.classId,
          className: e.classTitle,
          enrollmentId: e.id,
          refund: refund ? refund.amountCents / 100 : 0,
          source: 'class_cancelled',
        },
        m,
      );
      return { cancelled: true, refundCents: refund?.amountCents ?? 0 };
    });
    if (openIntent) await this.payments.cancelIntent(openIntent);
    return result;
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
      const refund = await this.createRefund(m, e, cents, 'Refunded by the organization', userId, idempotencyKey);
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

  /**
   * refunds.create for a locked card enrollment, recorded in the same transaction. The Stripe idempotency key is
   * the admin's Idempotency-Key when sent (a retried request answers the first refund), else derived from the
   * state it starts from (refunded so far and the amount), so two identical concurrent requests make one refund.
   */
  private async createRefund(
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
    if (!this.stripe.isConfigured || !e.stripePaymentIntentId)
      throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'Refunds are not available: this server has no payment provider configured.');
    let refund: { id: string; amount: number; status: string | null };
    try {
      refund = await this.stripe.api.refunds.create(
        {
          payment_intent: e.stripePaymentIntentId,
          amount: cents,
          reverse_transfer: true,
          refund_application_fee: true,
          metadata: { organizationId: e.organizationId, classId: e.classId, enrollmentId: e.id, source: via?.source ?? 'admin' },
        },
        { idempotencyKey: via?.stripeKey ?? `classlane-enrollment-${e.id}-refund-${idempotencyKey ?? `${e.refundedCents}-${cents}`}` },
      );
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new AppException(HttpStatus.BAD_GATEWAY, `The payment provider refused the refund: ${message}`);
    }
    const recorded =
      (await this.refunds.insert(m, {
        organizationId: e.organizationId,
        enrollmentId: e.id,
        amountCents: refund.amount,
        stripeRefundId: refund.id,
        status: refundStatus(refund.status),
        reason,
        source: via?.source ?? 'admin',
        createdBy: userId,
        idempotencyKey: idempotencyKey ?? null,
      })) ?? (await this.refunds.byStripeId(m, refund.id))!;
    if (refundStatus(refund.status) !== 'failed') {
      if (!(await this.cards.addRefunded(m, e.id, refund.amount)))
        this.logger.error(`Refund ${refund.id} of enrollment ${e.id} exceeds what was paid; recorded, total not changed`);
      // One notice per Stripe refund id: a replayed request queues nothing new.
      await this.communications.queueRefundNotice(m, { ...messageInput(e), refundReference: refund.id, refundCents: refund.amount });
    }
    return recorded;
  }

  /**
   * charge.refunded: records refunds made outside the app (the Stripe dashboard) once per refund id. The charge
   * is untrusted: its payment intent must be a card enrollment's and its metadata (when present) must name it. A
   * household's intent pays for several people: a refund of it is spread over them, the contact's first, each up to
   * what is left of its share (never recorded against one person beyond what they paid).
   */
  async chargeRefunded(charge: unknown, m: EntityManager): Promise<void> {
    if (!charge || typeof charge !== 'object') return;
    const c = charge as Record<string, unknown>;
    const pi = typeof c.payment_intent === 'string' ? c.payment_intent : (c.payment_intent as { id?: unknown } | null)?.id;
    if (typeof pi !== 'string') return;
    const first = await this.cards.byPaymentIntent(pi, m);
    if (!first) return;
    const meta = (c.metadata ?? {}) as Record<string, unknown>;
    if (
      (meta.enrollmentId !== undefined && meta.enrollmentId !== first.id) ||
      (meta.organizationId !== undefined && meta.organizationId !== first.organizationId)
    ) {
      this.logger.warn(`charge.refunded for ${pi} names another enrollment; ignored`);
      return;
    }
    // Locked in id order (as every path that locks a household's rows), then the contact's first.
    const paid = await this.cards.paidTogether(pi, m, true);
    const members = [...paid.filter((e) => e.id === first.id), ...paid.filter((e) => e.id !== first.id)];
    const list = (c.refunds as { data?: unknown } | undefined)?.data;
    const refunds = Array.isArray(list) ? list : [];
    for (const raw of refunds) {
      const r = raw as Record<string, unknown>;
      if (typeof r.id !== 'string' || !Number.isSafeInteger(r.amount) || (r.amount as number) <= 0) continue;
      if (refundStatus(r.status as string) === 'failed') continue;
      if (await this.refunds.byStripeId(m, r.id)) continue;
      let left = r.amount as number;
      let recordedCents = 0;
      for (const member of members) {
        if (left <= 0) break;
        const latest = (await this.cards.byId(member.id, m))!;
        const amount = Math.min(left, latest.amountPaidCents - latest.refundedCents);
        if (amount <= 0) continue;
        const recorded = await this.refunds.insert(m, {
          organizationId: latest.organizationId,
          enrollmentId: latest.id,
          amountCents: amount,
          stripeRefundId: r.id,
          status: refundStatus(r.status as string),
          reason: 'Refunded in the Stripe dashboard',
          source: 'stripe_dashboard',
        });
        if (!recorded) continue;
        left -= amount;
        recordedCents += amount;
        await this.cards.addRefunded(m, latest.id, amount);
        await this.activity.record(
          latest.organizationId,
          'payment_refunded',
          `${latest.studentName} was refunded ${formatDollars(amount)} for ${latest.classTitle} in the Stripe dashboard`,
          {
            amount: amount / 100,
            studentId: latest.studentId,
            studentName: latest.studentName,
            classId: latest.classId,
            className: latest.classTitle,
            source: 'stripe_dashboard',
          },
          m,
        );
      }
      if (left > 0)
        this.logger.error(`Refund ${r.id} of ${pi} exceeds what is left to refund by ${left} cents; the excess is not recorded`);
      // One notice per Stripe refund id, to the person who paid, for all of it.
      if (recordedCents > 0)
        await this.communications.queueRefundNotice(m, { ...messageInput(first), refundReference: r.id, refundCents: recordedCents });
    }
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
