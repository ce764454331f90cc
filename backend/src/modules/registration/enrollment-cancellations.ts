import { Injectable } from '@nestjs/common';

/**
 * The one cancel of an enrollment (held or active -> cancelled, its seat freed once, the activity, the
 * `enrollment.cancelled` webhook with its refund): today it lives in the payments module (RefundsService.cancel),
 * which sits above this one. Registration's own routes that cancel (the admin's removal of a class from a student's
 * record) reach it through this port, registered by payments in `onModuleInit` like SeatsFreedHooks, so there is
 * one cancel and one payload, and no import from registration up to payments.
 */
export interface EnrollmentCanceller {
  /**
   * Cancels the enrollment without a refund (money taken in person is settled outside Classlane). It locks the row:
   * when it is already cancelled by then (a second request that raced this one), `alreadyCancelled()` is thrown.
   */
  cancelWithoutRefund(organizationId: string, userId: string | null, enrollmentId: string, alreadyCancelled: () => Error): Promise<void>;
}

/** Where the payments module registers the one cancel. */
@Injectable()
export class EnrollmentCancellations {
  private canceller: EnrollmentCanceller | null = null;

  register(canceller: EnrollmentCanceller): void {
    this.canceller = canceller;
  }

  cancelWithoutRefund(organizationId: string, userId: string | null, enrollmentId: string, alreadyCancelled: () => Error) {
    // Registered at start-up by PaymentsModule: missing means the module was left out of the application.
    if (!this.canceller) throw new Error('No enrollment canceller registered (PaymentsModule is not loaded)');
    return this.canceller.cancelWithoutRefund(organizationId, userId, enrollmentId, alreadyCancelled);
  }
}
