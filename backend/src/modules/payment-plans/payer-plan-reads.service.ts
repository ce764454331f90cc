import { Injectable } from '@nestjs/common';
import { InstalmentPaymentsRepository, type ReservedInstalment } from './instalment-payments.repository';
import { PlanReadsRepository, type InstalmentDetailRow, type PlanDetailRow } from './plan-reads.repository';

export type { InstalmentDetailRow, PlanDetailRow, ReservedInstalment };

/**
 * What the portal asks of payers' plans (issue 40 §3): a student's plans with their instalments, and the payer's own
 * payments (instalments leased while the payer pays, recorded once Stripe confirms, a new method). The portal module
 * calls this service, never the repositories.
 */
@Injectable()
export class PayerPlanReads {
  constructor(
    private readonly reads: PlanReadsRepository,
    private readonly payments: InstalmentPaymentsRepository,
  ) {}

  ofStudents(organizationId: string, studentIds: string[]): Promise<PlanDetailRow[]> {
    return this.reads.ofStudents(organizationId, studentIds);
  }

  one(organizationId: string, planId: string): Promise<PlanDetailRow | null> {
    return this.reads.one(organizationId, planId);
  }

  instalments(organizationId: string, planId: string): Promise<InstalmentDetailRow[]> {
    return this.reads.instalments(organizationId, planId);
  }

  reserve(organizationId: string, planId: string, seq: number | null, leaseMs: number) {
    return this.payments.reserve(organizationId, planId, seq, leaseMs);
  }

  release(organizationId: string, ids: string[]): Promise<void> {
    return this.payments.release(organizationId, ids);
  }

  instalmentsBySeq(organizationId: string, planId: string, seqs: number[]) {
    return this.payments.instalments(organizationId, planId, seqs);
  }

  replaceMethod(organizationId: string, planId: string, paymentMethodId: string) {
    return this.payments.replaceMethod(organizationId, planId, paymentMethodId);
  }
}
