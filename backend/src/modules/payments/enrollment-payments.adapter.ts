import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CardEnrollment } from '../registration/card-enrollments.service';
import { EnrollmentPaymentsPort, type DifferenceDue, type EnrollmentPayments, type RefundVia } from '../registration/enrollment-payments';
import { CardPaymentsService } from './card-payments.service';
import { CardRefundsService } from './card-refunds.service';
import { formatDollars } from './money';
import { PaymentError, PaymentException } from './payments.exception';
import { PaymentsRepository } from './payments.repository';
import { TopUpsRepository } from './top-ups.repository';

/**
 * The payments side of an enrollment's lifecycle (registration's `EnrollmentPaymentsPort`, filled at start-up): the
 * refund of a cancel or a cheaper switch, cancelling a PaymentIntent, and the rows of a switch's top-ups. Registration
 * decides and frees the seats; this module moves the money and keeps its tables.
 */
@Injectable()
export class PaymentsForEnrollments implements EnrollmentPayments, OnModuleInit {
  constructor(
    private readonly port: EnrollmentPaymentsPort,
    private readonly cardRefunds: CardRefundsService,
    private readonly refunds: PaymentsRepository,
    private readonly intents: CardPaymentsService,
    private readonly topUps: TopUpsRepository,
  ) {}

  onModuleInit(): void {
    this.port.register(this);
  }

  refund(
    m: EntityManager,
    e: CardEnrollment,
    cents: number,
    reason: string,
    userId: string | null,
    idempotencyKey: string | undefined,
    via: RefundVia | null,
  ) {
    return this.cardRefunds.createRefund(m, e, cents, reason, userId, idempotencyKey, via);
  }

  refundsOf(m: EntityManager, enrollmentId: string) {
    return this.refunds.ofEnrollment(enrollmentId, m);
  }

  cancelIntent(paymentIntentId: string) {
    return this.intents.cancelIntent(paymentIntentId);
  }

  differenceNeedsPayment(className: string, differenceCents: number): Error {
    return new PaymentException(
      PaymentError.TransferNeedsPayment,
      `${className} costs ${formatDollars(differenceCents)} more. Pay the difference by card to switch.`,
      { differenceAmount: differenceCents / 100 },
    );
  }

  openTopUp(m: EntityManager, enrollmentId: string) {
    return this.topUps.openOf(m, enrollmentId);
  }

  endTopUpHold(m: EntityManager, topUpId: string, status: 'expired' | 'failed') {
    return this.topUps.endHold(m, topUpId, status);
  }

  claimLapsedTopUps(m: EntityManager, limit: number) {
    return this.topUps.claimExpired(m, limit);
  }

  cancelDifferenceDue(m: EntityManager, enrollmentId: string) {
    return this.topUps.cancelDue(m, enrollmentId);
  }

  leaveDifferenceDue(m: EntityManager, due: DifferenceDue) {
    return this.topUps.insertDue(m, due);
  }
}
