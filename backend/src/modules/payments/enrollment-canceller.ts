import { Injectable, type OnModuleInit } from '@nestjs/common';
import { EnrollmentCancellations, type EnrollmentCanceller } from '../registration/enrollment-cancellations';
import { RefundsService } from './refunds.service';

/**
 * Registers the one cancel (RefundsService.cancel) with registration's port, so the admin's removal of a class from
 * a student's record cancels exactly as the admin's and the student's cancel do: the same row change, seat release,
 * activity and `enrollment.cancelled` payload.
 */
@Injectable()
export class PaymentsEnrollmentCanceller implements EnrollmentCanceller, OnModuleInit {
  constructor(
    private readonly registry: EnrollmentCancellations,
    private readonly refunds: RefundsService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  async cancelWithoutRefund(organizationId: string, userId: string | null, enrollmentId: string, alreadyCancelled: () => Error) {
    await this.refunds.cancel(organizationId, userId, enrollmentId, { refund: false }, undefined, { alreadyCancelled });
  }
}
