import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { StripeClient } from '../stripe/stripe.client';
import { PaymentPlansRepository, type PayerPlanRow } from './payment-plans.repository';
import type { QuotedPlan } from './plan-quotes.service';

/** Who chose a plan, and the consent they accepted (text and version as quoted, when, from where). */
export interface PlanChoice {
  organizationId: string;
  enrollmentId: string;
  studentId: string;
  email: string;
  name: string;
  plan: QuotedPlan;
  client: { ip: string | null; userAgent: string | null };
}

/**
 * A payer's plan: the Stripe Customer of the payer in this organization (one per payer per organization, never
 * another organization's), the plan written as pending when the seat is held, and its activation once Stripe
 * confirms the deposit (or, with no deposit, the saved method): then the instalments are scheduled. The payments
 * module calls these in the transaction that settles the registration.
 */
@Injectable()
export class PayerPlansService {
  constructor(
    private readonly repo: PaymentPlansRepository,
    private readonly stripe: StripeClient,
  ) {}

  /** The payer's Customer in this organization, created once (the idempotency key makes a concurrent second ask the same). */
  async customer(organizationId: string, studentId: string, email: string, name: string): Promise<string> {
    const known = await this.repo.customerOf(organizationId, studentId);
    if (known) return known;
    const created = await this.stripe.api.customers.create(
      { email, name, metadata: { organizationId, studentId } },
      { idempotencyKey: `classlane-payer-${organizationId}-${studentId}-customer` },
    );
    return this.repo.saveCustomer(organizationId, studentId, created.id);
  }

  /**
   * The organization's failure rules for off-session charges (its plan settings, or the defaults): soft declines are
   * retried `retryDays` after each attempt; a payer asked to pay on-session has `graceDays`. Memberships renew by them.
   */
  async retryRules(organizationId: string): Promise<{ retryDays: number[]; graceDays: number }> {
    const s = await this.repo.settings(organizationId);
    return { retryDays: s.retryDays, graceDays: s.graceDays };
  }

  /** The plan as chosen, pending until Stripe confirms; the quoted schedule and the consent are kept with it. */
  async choose(c: PlanChoice): Promise<PayerPlanRow> {
    const customerId = await this.customer(c.organizationId, c.studentId, c.email, c.name);
    return this.repo.savePending({
      organizationId: c.organizationId,
      enrollmentId: c.enrollmentId,
      definitionId: c.plan.id,
      planName: c.plan.name,
      studentId: c.studentId,
      stripeCustomerId: customerId,
      totalCents: c.plan.totalCents,
      depositCents: c.plan.depositCents,
      surchargeCents: c.plan.surchargeCents,
      pendingSchedule: c.plan.instalments.map((i) => ({ dueAt: i.dueAt.toISOString(), amountCents: i.amountCents })),
      consentText: c.plan.consent.text,
      consentVersion: c.plan.consent.version,
      consentedAt: new Date(),
      consentIp: c.client.ip,
      consentUserAgent: c.client.userAgent,
    });
  }

  setIntent(plan: PayerPlanRow, intentId: string): Promise<void> {
    return this.repo.setIntent(plan.id, intentId);
  }

  /** The plan of an enrollment (locked in the caller's transaction when asked). */
  ofEnrollment(enrollmentId: string, m?: EntityManager, lock = false): Promise<PayerPlanRow | null> {
    return this.repo.payerPlanOfEnrollment(enrollmentId, m, lock);
  }

  /** The plan a SetupIntent (zero deposit) was made for, locked. */
  ofIntent(intentId: string, m: EntityManager): Promise<PayerPlanRow | null> {
    return this.repo.payerPlanOfIntent(intentId, m);
  }

  /**
   * Stripe confirmed the deposit (or the setup): the plan becomes active with the method Stripe saved, and its
   * instalments are scheduled, once (a second confirmation finds it active and changes nothing).
   */
  activate(m: EntityManager, plan: PayerPlanRow, paymentMethodId: string | null): Promise<boolean> {
    return this.repo.activate(m, plan, paymentMethodId);
  }

  /** The deposit was refunded at once (the seat was gone): the plan never starts. */
  abandon(m: EntityManager, plan: PayerPlanRow): Promise<void> {
    return this.repo.cancelPending(m, plan.id);
  }

  /** A plan with its instalments, for the tests and the admin's plan page to come. */
  async withInstalments(organizationId: string, enrollmentId: string) {
    const plan = await this.repo.payerPlanOfEnrollment(enrollmentId);
    if (!plan || plan.organizationId !== organizationId) return null;
    return { ...plan, instalments: await this.repo.instalments(organizationId, plan.id) };
  }
}
