import { intentFacts } from '../payments/card-payment.types';
import { InstalmentOnSessionPayments } from '../payments/instalment-on-session';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import type { AllConfigType } from '../../config/config.type';
import { ConnectService } from '../connect/connect.service';
import { PayerPlanReads, type PlanDetailRow, type ReservedInstalment } from '../payment-plans/payer-plan-reads.service';
import { platformFeeCents } from '../payments/money';
import { StripeClient } from '../stripe/stripe.client';
import { StudentsService } from '../students/students.service';
import { PortalPlanError, PortalPlanException } from './portal-plans.exception';
import type { PortalUser } from './portal-user';

/** How long the payer has to finish paying on the page before the schedule may charge those instalments again. */
const PAY_LEASE_MS = 30 * 60_000;

/**
 * The payer's own payments of a plan (issue 40 §3): one instalment or the whole balance paid now on-session (a
 * PaymentIntent the page confirms with the Payment Element, recorded only when the server reads it from Stripe as
 * succeeded), and a new method saved by a SetupIntent, after which the failed and due instalments are due again at
 * once for the charging job. Only the signed-in student's and their household's plans; anyone else's is 404.
 */
@Injectable()
export class PortalPlanPayments {
  private readonly logger = new Logger('PortalPlanPayments');

  constructor(
    private readonly plans: PayerPlanReads,
    private readonly students: StudentsService,
    private readonly stripe: StripeClient,
    private readonly connect: ConnectService,
    private readonly config: ConfigService<AllConfigType>,
    private readonly onSession: InstalmentOnSessionPayments,
  ) {}

  /** Opens the PaymentIntent for instalment `seq` (or, with none, every open instalment), leased from the schedule. */
  async pay(user: PortalUser, planId: string, seq: number | null) {
    const plan = await this.own(user, planId);
    const destination = await this.destination(user.organizationId);
    const reserved = await this.plans.reserve(user.organizationId, plan.id, seq, PAY_LEASE_MS);
    if (reserved === 'busy')
      throw new PortalPlanException(
        PortalPlanError.InstalmentBusy,
        'This payment is being processed right now. Please try again in a few minutes.',
      );
    if (!reserved.length) throw new PortalPlanException(PortalPlanError.NothingDue, 'Nothing is left to pay on this plan.');
    const amount = reserved.reduce((sum, i) => sum + i.amountCents, 0);
    const pi = await this.openIntent(plan, destination, amount, reserved).catch(async (e: unknown) => {
      await this.plans.release(
        user.organizationId,
        reserved.map((i) => i.id),
      );
      this.logger.warn(`Plan ${plan.id}: PaymentIntent not opened: ${(e as Error).message}`);
      throw new PortalPlanException(
        PortalPlanError.PaymentsUnavailable,
        'Card payments are not available right now. Please try again later.',
      );
    });
    return {
      clientSecret: pi.client_secret!,
      paymentIntentId: pi.id,
      amount: amount / 100,
      holdExpiresAt: new Date(Date.now() + PAY_LEASE_MS).toISOString(),
      instalments: reserved.map((i) => i.seq),
    };
  }

  private openIntent(plan: PlanDetailRow, destination: string, amount: number, reserved: ReservedInstalment[]) {
    return this.stripe.api.paymentIntents.create(
      {
        amount,
        currency: 'usd',
        customer: plan.stripeCustomerId,
        automatic_payment_methods: { enabled: true },
        application_fee_amount: platformFeeCents(amount, this.config.getOrThrow('app', { infer: true }).platformFeePercent),
        transfer_data: { destination },
        // The contract's keys for every on-session payment; the registration's payment handlers find no enrollment paid
        // by this intent (it is not the enrollment's): payments/instalment-on-session.ts records it, from Stripe's event
        // or the confirm route below, whichever comes first.
        metadata: {
          organizationId: plan.organizationId,
          classId: plan.classId,
          enrollmentId: plan.enrollmentId,
          payerPlanId: plan.id,
          instalmentSeqs: reserved.map((i) => i.seq).join(','),
        },
      },
      // Each ask is its own payment attempt; the lease keeps a second one from starting while this one is open.
      { idempotencyKey: `classlane-portal-plan-pay-${plan.id}-${randomUUID()}` },
    );
  }

  /** Records the payment once Stripe says it succeeded for exactly these instalments of this plan. */
  async confirmPayment(user: PortalUser, planId: string, paymentIntentId: string) {
    const plan = await this.own(user, planId, true);
    const pi = await this.stripe.api.paymentIntents.retrieve(paymentIntentId).catch(() => null);
    const seqs = (pi?.metadata.instalmentSeqs ?? '').split(',').map(Number).filter(Number.isInteger);
    const rows = seqs.length ? await this.plans.instalmentsBySeq(user.organizationId, plan.id, seqs) : [];
    const expected = rows.reduce((sum, i) => sum + i.amountCents, 0);
    if (
      !pi ||
      pi.status !== 'succeeded' ||
      pi.metadata.payerPlanId !== plan.id ||
      pi.metadata.organizationId !== user.organizationId ||
      rows.length !== seqs.length ||
      pi.amount !== expected
    )
      throw new PortalPlanException(PortalPlanError.NotConfirmed, 'The payment was not completed. Nothing was charged to this plan.');
    // Recorded as the charging job records an instalment (the money on the enrollment, the receipt, the messages), once:
    // Stripe's event for the same intent, before or after, records nothing more.
    await this.onSession.confirm(intentFacts(pi)!);
    return { paymentIntentId: pi.id, instalments: seqs, amount: pi.amount / 100 };
  }

  /** A SetupIntent for a new method on this plan's Customer. */
  async newMethod(user: PortalUser, planId: string) {
    const plan = await this.own(user, planId);
    await this.destination(user.organizationId);
    const si = await this.stripe.api.setupIntents.create(
      {
        customer: plan.stripeCustomerId,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true },
        metadata: { organizationId: user.organizationId, payerPlanId: plan.id, studentId: plan.studentId },
      },
      { idempotencyKey: `classlane-portal-plan-method-${plan.id}-${randomUUID()}` },
    );
    return { clientSecret: si.client_secret!, setupIntentId: si.id };
  }

  /** The new method becomes the plan's once Stripe says it is saved; the failed and due instalments are due again now. */
  async confirmMethod(user: PortalUser, planId: string, setupIntentId: string) {
    const plan = await this.own(user, planId);
    const si = await this.stripe.api.setupIntents.retrieve(setupIntentId).catch(() => null);
    const pm = typeof si?.payment_method === 'string' ? si.payment_method : (si?.payment_method?.id ?? null);
    const customer = typeof si?.customer === 'string' ? si.customer : (si?.customer?.id ?? null);
    if (!si || si.status !== 'succeeded' || !pm || si.metadata?.payerPlanId !== plan.id || customer !== plan.stripeCustomerId)
      throw new PortalPlanException(PortalPlanError.NotConfirmed, 'The card was not saved. Please try again.');
    const { previous, previousInUse, due } = await this.plans.replaceMethod(user.organizationId, plan.id, pm);
    if (previous && previous !== pm && !previousInUse) await this.detach(plan, previous);
    return { paymentMethodId: pm, retried: due };
  }

  /**
   * The replaced method taken off the payer's Customer (shared/INTEGRATIONS.md `paymentMethods.detach`), once the plan
   * charges the new one: nothing can charge it again. Kept when another open plan of this payer still charges it. A
   * refusal (already detached, e.g. a second confirm) changes nothing here: the plan already uses the new method.
   */
  private async detach(plan: PlanDetailRow, paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.api.paymentMethods.detach(paymentMethodId);
    } catch (e) {
      this.logger.warn(`Plan ${plan.id}: the replaced payment method ${paymentMethodId} was not detached: ${(e as Error).message}`);
    }
  }

  /**
   * The payer's plan (theirs or their household's; else 404), open for payment. A confirm takes a settled plan too:
   * Stripe's event may have recorded the payment, and completed the plan, before the browser asks.
   */
  private async own(user: PortalUser, planId: string, settledToo = false): Promise<PlanDetailRow> {
    const members = (await this.students.householdMembers([user.studentId])).get(user.studentId) ?? [];
    const people = [user.studentId, ...members.map((m) => m.id)];
    const plan = await this.plans.one(user.organizationId, planId);
    if (!plan || !people.includes(plan.studentId)) throw new NotFoundException(`Payment plan ${planId} not found`);
    if (!settledToo && plan.status !== 'active' && plan.status !== 'pastDue')
      throw new PortalPlanException(PortalPlanError.NothingDue, 'Nothing is left to pay on this plan.');
    return plan;
  }

  private async destination(organizationId: string): Promise<string> {
    const ready = this.stripe.isConfigured ? await this.connect.readiness(organizationId) : null;
    if (!ready?.chargesEnabled || !ready.stripeAccountId)
      throw new PortalPlanException(
        PortalPlanError.PaymentsUnavailable,
        'Card payments are not available right now. Please contact the organization.',
      );
    return ready.stripeAccountId;
  }
}
