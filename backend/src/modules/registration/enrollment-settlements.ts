import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CreditsLedger } from '../credits/credits-ledger';
import { PlanActions } from '../payment-plans/plan-actions';

/**
 * What a cancellation settles besides the seat and the card refund, in the cancel's transaction: a payment plan's
 * future instalments (issue 40 §5; the plan's total then decides the refund) and a credit's use (issue 41 §1: given
 * back when the frozen policy would refund in full, or when the class itself is cancelled). One collaborator of
 * EnrollmentCancel for both, so the cancel stays within the house's eight.
 */
@Injectable()
export class EnrollmentSettlements {
  constructor(
    private readonly plans: PlanActions,
    private readonly credits: CreditsLedger,
  ) {}

  /** Cancels the enrollment's plan's remaining instalments; the plan (its total) when there is one. */
  cancelPlan(m: EntityManager, organizationId: string, enrollmentId: string) {
    return this.plans.cancelWithEnrollment(m, organizationId, enrollmentId);
  }

  /** Gives a credit's use back to its entitlement; null when the enrollment was not paid with one. */
  releaseCredit(m: EntityManager, organizationId: string, enrollmentId: string, reason: string, actorUserId?: string | null) {
    return this.credits.release(m, { organizationId, enrollmentId, reason, actorUserId: actorUserId ?? undefined });
  }
}
