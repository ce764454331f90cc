import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import { ActivityService } from '../activity/activity.service';
import { CardEnrollmentsService } from '../registration/card-enrollments.service';
import { readMoneyReply } from '../registration/enrollment-reply';
import { CardRefundsService } from './card-refunds.service';
import type { RefundEnrollmentDto } from './dto/card-payment.dto';
import { formatDollars, refundQuote } from './money';
import { PaymentsRepository, type RefundRecord } from './payments.repository';

const NOT_FOUND = 'Enrollment not found';

/**
 * The admin's refunds of a card payment: the quote by the organization's policy and a refund without cancelling.
 * Every change locks the enrollment row: a refund never exceeds what was paid less what was refunded, and a refund is
 * recorded once per Stripe refund id (those made in the Stripe dashboard, and later changes of a refund's status, by
 * StripeRefundsService). Cancel and switch are the enrollment's lifecycle (registration/enrollment-lifecycle.service.ts),
 * which refunds through this module's side of its port (enrollment-payments.adapter.ts).
 */
@Injectable()
export class RefundsService {
  constructor(
    private readonly cards: CardEnrollmentsService,
    private readonly refunds: PaymentsRepository,
    private readonly activity: ActivityService,
    @InjectDataSource() private readonly db: DataSource,
    private readonly cardRefunds: CardRefundsService,
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
    return readMoneyReply(m, id, refund, { cards: this.cards, refundsOf: (mm, i) => this.refunds.ofEnrollment(i, mm) });
  }
}
