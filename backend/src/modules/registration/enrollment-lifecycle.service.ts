import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ClassEntity } from '../classes/class.entity';
import { EnrollmentCancel, type CancelOptions, type CancelRequest } from './enrollment-cancel';
import type { TopUpHold } from './enrollment-payments';
import { EnrollmentSwitch, type TransferOrigin } from './enrollment-switch';
import { HoldExpiry } from './hold-expiry';
import { TopUpSeats } from './top-up-seats';

/**
 * What happens to a seat after it is taken, in one place (docs/architecture.md "Registration pipeline"): cancel,
 * switch and expiry, whoever asks (the admin's routes, the student's portal, the admin's removal of a class from a
 * record, the go/no-go, the payments module's jobs and top-ups). Each step's code is in its own file
 * (`enrollment-cancel.ts`, `enrollment-switch.ts`, `hold-expiry.ts`, `top-up-seats.ts`); the money side (refunds,
 * PaymentIntents, a switch's top-up rows) is the payments module's, reached through `EnrollmentPaymentsPort`.
 */
@Injectable()
export class EnrollmentLifecycleService {
  constructor(
    private readonly cancels: EnrollmentCancel,
    private readonly switches: EnrollmentSwitch,
    private readonly expiry: HoldExpiry,
    private readonly topUpSeats: TopUpSeats,
  ) {}

  // --- cancel ---

  /** The admin's and the student's cancel: a card payment refunded by the policy or the admin's amount. */
  cancel(organizationId: string, userId: string | null, id: string, request: CancelRequest, idempotencyKey?: string, opts?: CancelOptions) {
    return this.cancels.cancel(organizationId, userId, id, request, idempotencyKey, opts);
  }

  /**
   * The admin's removal of a class from a student's record: the same cancel without a refund (money taken in person
   * is settled outside Classlane). A row already cancelled when locked (a race lost) throws `alreadyCancelled()`.
   */
  async cancelWithoutRefund(organizationId: string, userId: string | null, id: string, alreadyCancelled: () => Error): Promise<void> {
    await this.cancels.cancel(organizationId, userId, id, { refund: false }, undefined, { alreadyCancelled });
  }

  /** A class the go/no-go cancelled: the enrollment cancelled and a card payment refunded in full. */
  cancelForCancelledClass(organizationId: string, id: string) {
    return this.cancels.cancelForCancelledClass(organizationId, id);
  }

  // --- switch ---

  transferPrice(
    organizationId: string,
    e: TransferOrigin,
    to: Pick<ClassEntity, 'id' | 'priceCents' | 'discountPriceCents' | 'startDate'>,
  ) {
    return this.switches.transferPrice(organizationId, e, to);
  }

  transferOptions(organizationId: string, id: string) {
    return this.switches.transferOptions(organizationId, id);
  }

  transfer(organizationId: string, id: string, toClassId: string, opts?: { byStudent?: boolean; differenceInPerson?: boolean }) {
    return this.switches.transfer(organizationId, id, toClassId, opts);
  }

  /** The seat a switch's top-up holds in the class it is paying to switch to (taken before its row is written). */
  holdTopUpSeat(m: EntityManager, toClassId: string, organizationId: string) {
    return this.topUpSeats.hold(m, toClassId, organizationId);
  }

  /** A top-up's hold ended (given up, failed, replaced, or unpaid in time), its seat freed once: the intent to cancel. */
  endTopUpHold(m: EntityManager, t: TopUpHold, status: 'expired' | 'failed') {
    return this.topUpSeats.end(m, t, status);
  }

  // --- expiry (the payments module's job) ---

  expireCardHolds(): Promise<number> {
    return this.expiry.expireCardHolds();
  }

  expireTopUpHolds(): Promise<number> {
    return this.expiry.expireTopUpHolds();
  }
}
