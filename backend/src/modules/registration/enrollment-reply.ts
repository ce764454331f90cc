import type { EntityManager } from 'typeorm';
import type { CardEnrollmentsService } from './card-enrollments.service';
import type { CardEnrollment } from './card-enrollments.repository';
import type { SeatRefund } from './enrollment-payments';
import { refundReply } from './student-record';

/**
 * What a cancel, a switch or a refund answers about the enrollment: its state and money after the change, the refund
 * this request made (or null) and every refund it has had.
 */
export const enrollmentMoneyReply = (e: CardEnrollment, refund: SeatRefund | null, all: SeatRefund[]) => ({
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
});

/** The reply read again in the request's transaction, after the change. */
export async function readMoneyReply(
  m: EntityManager,
  id: string,
  refund: SeatRefund | null,
  sources: { cards: Pick<CardEnrollmentsService, 'byId'>; refundsOf: (m: EntityManager, id: string) => Promise<SeatRefund[]> },
) {
  const e = (await sources.cards.byId(id, m))!;
  return enrollmentMoneyReply(e, refund, await sources.refundsOf(m, id));
}
