import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PaymentMethod, PaymentRefundedData } from './webhook-payloads';

/** One payment that completed, whichever way it was taken: what every path hands to `paymentSucceeded`. */
export interface PaymentSucceeded {
  enrollmentId: string;
  studentId: string;
  studentName: string;
  /** The class paid for (after a switch to a dearer class: the new one). */
  classId: string;
  className: string;
  /** This payment only: a switch's difference, or the balance taken in person, not the registration's total. */
  amountCents: number;
  paymentMethod: PaymentMethod;
  /**
   * A payment plan's instalment (issue 40): what the receipt's one line says ("Instalment 2 of 3: …") and the
   * instalment's own PaymentIntent and charge (null at the door), not the registration's deposit.
   */
  instalment?: { label: string; paymentIntentId: string | null; chargeId: string | null };
}

/** A refund recorded (its `payment.refunded` facts), in cents. */
export interface RefundRecorded {
  enrollmentId: string;
  studentId: string;
  classId: string;
  amountCents: number;
  status: PaymentRefundedData['status'];
  reason: string;
}

/**
 * What another module does when a payment is recorded as succeeded or a refund is recorded. Every path announces
 * both through WebhookEvents, once per payment (or refund row) and inside the transaction that records it; the hooks
 * run there too, with its EntityManager, before the delivery rows are queued, whether or not any endpoint listens.
 * A hook that throws rolls the payment back with it. Receipts are issued here (and numbered at the commit, so a
 * rolled-back payment takes no number and a failed one never reaches this).
 */
export interface PaymentEventHook {
  paymentSucceeded(manager: EntityManager, organizationId: string, payment: PaymentSucceeded): Promise<void>;
  paymentRefunded(manager: EntityManager, organizationId: string, refund: RefundRecorded): Promise<void>;
}

/** Where modules above this one register their hook (in `onModuleInit`, like SeatsFreedHooks). */
@Injectable()
export class PaymentEventHooks {
  private readonly hooks: PaymentEventHook[] = [];

  register(hook: PaymentEventHook): void {
    this.hooks.push(hook);
  }

  async succeeded(manager: EntityManager, organizationId: string, payment: PaymentSucceeded): Promise<void> {
    for (const hook of this.hooks) await hook.paymentSucceeded(manager, organizationId, payment);
  }

  async refunded(manager: EntityManager, organizationId: string, data: PaymentRefundedData): Promise<void> {
    if (!this.hooks.length) return;
    const refund = { ...data, amountCents: Math.round(data.amount * 100) };
    for (const hook of this.hooks) await hook.paymentRefunded(manager, organizationId, refund);
  }
}
