import { Injectable, Logger } from '@nestjs/common';
import { PayerPlanReads } from '../payment-plans/payer-plan-reads.service';
import { StripeClient } from '../stripe/stripe.client';
import { StudentsService } from '../students/students.service';
import type { PortalUser } from './portal-user';

/** The saved method as a payer recognises it: a card's brand and last 4, or a bank's name and last 4. */
export interface MethodOnFile {
  kind: 'card' | 'bank';
  brand: string | null;
  last4: string | null;
}

/**
 * The payer's plans in the portal (issue 40 §3): the signed-in student's and their household's, each with its schedule
 * and the method on file as Stripe describes it. Nobody else's plan is ever read (the query is scoped to these people).
 */
@Injectable()
export class PortalPlansService {
  private readonly logger = new Logger('PortalPlans');

  constructor(
    private readonly reads: PayerPlanReads,
    private readonly students: StudentsService,
    private readonly stripe: StripeClient,
  ) {}

  async plans(user: PortalUser) {
    const members = (await this.students.householdMembers([user.studentId])).get(user.studentId) ?? [];
    const plans = await this.reads.ofStudents(user.organizationId, [user.studentId, ...members.map((m) => m.id)]);
    return Promise.all(
      plans.map(async (p) => ({
        id: p.id,
        enrollmentId: p.enrollmentId,
        planName: p.planName,
        status: p.status,
        studentName: p.studentName,
        classTitle: p.classTitle,
        total: p.totalCents / 100,
        paid: p.paidCents / 100,
        balance: (p.totalCents - p.paidCents) / 100,
        method: p.stripePaymentMethodId ? await this.method(p.stripePaymentMethodId) : null,
        instalments: (await this.reads.instalments(user.organizationId, p.id)).map((i) => ({
          seq: i.seq,
          dueAt: new Date(i.dueAt).toISOString(),
          amount: i.amountCents / 100,
          status: i.status,
          disputeStatus: i.disputeStatus,
        })),
      })),
    );
  }

  /** Stripe's description of a saved method; null when Stripe cannot say (the page then names no method). */
  private async method(id: string): Promise<MethodOnFile | null> {
    if (!this.stripe.isConfigured) return null;
    try {
      const pm = await this.stripe.api.paymentMethods.retrieve(id);
      if (pm.card) return { kind: 'card', brand: pm.card.display_brand ?? pm.card.brand, last4: pm.card.last4 };
      if (pm.us_bank_account) return { kind: 'bank', brand: pm.us_bank_account.bank_name, last4: pm.us_bank_account.last4 };
      return null;
    } catch (e) {
      this.logger.warn(`Payment method ${id} not described by Stripe: ${(e as Error).message}`);
      return null;
    }
  }
}
