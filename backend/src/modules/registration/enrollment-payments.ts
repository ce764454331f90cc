import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { CardEnrollment } from './card-enrollments.repository';

/** A refund as an enrollment's reply lists it. */
export interface SeatRefund {
  id: string;
  amountCents: number;
  status: string;
  source: string | null;
  reason: string | null;
  createdAt: Date;
}

/** Where a refund made by the lifecycle comes from, and the Stripe idempotency key fixed for that path. */
export interface RefundVia {
  source: 'admin' | 'self_service' | 'class_cancelled' | 'session_cancelled';
  stripeKey: string;
}

/** A switch's top-up that holds (or held) a seat in the class it switches to. */
export interface TopUpHold {
  id: string;
  organizationId: string;
  toClassId: string;
  stripePaymentIntentId: string | null;
}

/** A dearer switch of a card payment made now, with the difference left due in person at the new class. */
export interface DifferenceDue {
  organizationId: string;
  enrollmentId: string;
  fromClassId: string;
  toClassId: string;
  amountCents: number;
  newAmountDueCents: number;
}

/**
 * What the enrollment's lifecycle (cancel, switch, expiry: `enrollment-lifecycle.service.ts`) needs of the payments
 * module, which sits above this one: the money moved through Stripe and the rows of a switch's top-ups
 * (`enrollment_top_ups`, payments' table). Registration decides when a seat is cancelled, switched or lapses and
 * frees it; payments refunds, cancels a PaymentIntent and keeps its own rows.
 */
export interface EnrollmentPayments {
  /** Refunds part of the card payment of a locked enrollment, recorded in this transaction. */
  refund(
    m: EntityManager,
    e: CardEnrollment,
    cents: number,
    reason: string,
    userId: string | null,
    idempotencyKey: string | undefined,
    via: RefundVia | null,
  ): Promise<SeatRefund>;
  /** Every refund of the enrollment, oldest first (the reply lists them). */
  refundsOf(m: EntityManager, enrollmentId: string): Promise<SeatRefund[]>;
  /** Cancels a PaymentIntent after the transaction, best effort (one that succeeded meanwhile takes the late path). */
  cancelIntent(paymentIntentId: string): Promise<void>;
  /** The refusal of a switch to a dearer class paid by card without paying the difference (409 TRANSFER_NEEDS_PAYMENT). */
  differenceNeedsPayment(className: string, differenceCents: number): Error;

  /** The enrollment's top-up still holding a seat, if any. */
  openTopUp(m: EntityManager, enrollmentId: string): Promise<TopUpHold | null>;
  /** held -> expired/failed; false when it was no longer held (so its seat is freed by one caller only). */
  endTopUpHold(m: EntityManager, topUpId: string, status: 'expired' | 'failed'): Promise<boolean>;
  /** A batch of lapsed top-up holds, claimed SKIP LOCKED (two instances' jobs never take the same one). */
  claimLapsedTopUps(m: EntityManager, limit: number): Promise<TopUpHold[]>;
  /** A difference an earlier switch left due in person is owed no more. */
  cancelDifferenceDue(m: EntityManager, enrollmentId: string): Promise<void>;
  /** Records a difference left due in person (the teacher roll collects it, mark-paid takes it). */
  leaveDifferenceDue(m: EntityManager, due: DifferenceDue): Promise<void>;
}

/**
 * Where the payments module registers itself (in `onModuleInit`, like SeatsFreedHooks and StripeEventHandlers), so
 * registration reaches it without importing the module above it.
 */
@Injectable()
export class EnrollmentPaymentsPort {
  private registered: EnrollmentPayments | null = null;

  register(payments: EnrollmentPayments): void {
    this.registered = payments;
  }

  get payments(): EnrollmentPayments {
    // Registered at start-up by PaymentsModule: missing means the module was left out of the application.
    if (!this.registered) throw new Error('No enrollment payments registered (PaymentsModule is not loaded)');
    return this.registered;
  }
}
