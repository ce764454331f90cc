import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PlanActions, type ChargedInstalment } from '../../payment-plans/plan-actions';
import { PlanEnrollmentMoney } from '../../registration/plan-enrollment-money';
import { StripeClient } from '../../stripe/stripe.client';
import type { PaymentDispute } from './payment-disputes.repository';

/**
 * What a dispute of an instalment's charge does to the plan (issue 40 §5), beside what every dispute does
 * (payment-disputes.service.ts: the row, the organization's share taken back once, the admins told): each instalment
 * the charge paid is marked disputed; when the dispute is lost it is unpaid again (`failed`), its money no longer
 * counted on the enrollment (the platform fee's part in the charge's own proportion), and the plan's past-due rules
 * apply to it as to any unpaid instalment (the deadlines job: past due after the grace days from its due date). Won:
 * it stays paid. Once, whatever the events' order or repeats.
 */
@Injectable()
export class InstalmentDisputes {
  private readonly logger = new Logger('InstalmentDisputes');

  constructor(
    private readonly plans: PlanActions,
    private readonly money: PlanEnrollmentMoney,
    private readonly stripe: StripeClient,
  ) {}

  /** The instalments a PaymentIntent paid (none: it pays for no plan). */
  chargedBy(paymentIntentId: string, m: EntityManager): Promise<ChargedInstalment[]> {
    return this.plans.chargedBy(m, paymentIntentId);
  }

  async apply(m: EntityManager, instalments: ChargedInstalment[], d: PaymentDispute): Promise<void> {
    const state = d.outcome ?? 'open';
    let fee: { cents: number; amount: number } | null = null;
    for (const i of instalments) {
      const lost = await this.plans.markDisputed(m, i.organizationId, i.id, state);
      if (!lost) continue;
      fee ??= await this.feeOf(d.paymentIntentId);
      const feeCents = fee.amount > 0 ? Math.round((fee.cents * i.amountCents) / fee.amount) : 0;
      if (!(await this.money.removeInstalment(m, i.organizationId, i.enrollmentId, i.amountCents, feeCents)))
        this.logger.warn(`Instalment ${i.id}: dispute ${d.stripeDisputeId} lost, but its enrollment no longer counts the payment`);
    }
  }

  /** The platform fee the charge carried, and its amount (the proportion an instalment's share of the fee is taken in). */
  private async feeOf(paymentIntentId: string): Promise<{ cents: number; amount: number }> {
    const pi = await this.stripe.api.paymentIntents.retrieve(paymentIntentId);
    return { cents: pi.application_fee_amount ?? 0, amount: pi.amount };
  }
}
