import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { ActivityService } from '../activity/activity.service';
import { AuthService } from '../auth/auth.service';
import { ClassesService } from '../classes/classes.service';
import { CommunicationsService } from '../communications/communications.service';
import { ConnectService } from '../connect/connect.service';
import type { OrganizationEntity } from '../organizations/organization.entity';
import { OrganizationsService } from '../organizations/organizations.service';
import { PlatformAuditService } from '../platform-audit/platform-audit.service';
import { StripeClient } from '../stripe/stripe.client';
import type { PaymentRow } from '../registration/enrollment.entity';
import { EnrollmentsService } from '../registration/enrollments.service';
import { StripeEventsService } from '../stripe/stripe-events.service';
import { PlansService } from '../subscriptions/plans.service';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { type StaffActionDone, StaffActions, type StaffContext } from './staff-actions';
import { systemInfo } from './system-info';

export type { StaffContext } from './staff-actions';

/** The typed confirmations of spec 3 §5, checked here, never only in the browser. */
export const DELETE_ORGANIZATION = 'DELETE_ORGANIZATION';
export const DELETE = 'DELETE';

export const confirmationMismatch = (expected: string) => `Confirmation failed. Type ${expected} exactly to confirm. Nothing was deleted.`;

export const SKIPPED_CARD_REASON = 'Card payment: the money moved through Stripe, so it is never reset (refund it instead)';

/** A dry run ends its transaction with this, so the simulation runs the very statements of a real run. */
class DryRunRollback<T> extends Error {
  constructor(readonly result: T) {
    super('dry run: rolled back');
  }
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

/**
 * The IT-admin portal: platform staff read and repair any organization. Every method is one audited
 * staff action; the data comes from the owning modules' services (a module owns its tables).
 */
@Injectable()
export class ItAdminService {
  constructor(
    private readonly orgs: OrganizationsService,
    private readonly auth: AuthService,
    private readonly classes: ClassesService,
    private readonly enrollments: EnrollmentsService,
    private readonly activity: ActivityService,
    private readonly connect: ConnectService,
    private readonly communications: CommunicationsService,
    private readonly plans: PlansService,
    private readonly subscriptions: SubscriptionsService,
    private readonly audit: PlatformAuditService,
    private readonly actions: StaffActions,
    private readonly stripe: StripeClient,
    private readonly stripeEvents: StripeEventsService,
    private readonly config: ConfigService<AllConfigType>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  async listOrganizations(
    ctx: StaffContext,
    params: { q?: string; sortField: 'created_at' | 'name' | 'updated_at'; sortOrder: 'ASC' | 'DESC'; offset: number; limit: number },
  ) {
    return this.audited(ctx, 'organizations.list', null, { q: params.q ?? null, offset: params.offset, limit: params.limit }, async () => {
      const [rows, total] = await this.orgs.listForStaff(params);
      const mapped = await this.withOverview(rows);
      return { result: { rows: mapped, total }, detail: { total, returned: rows.length } };
    });
  }

  async organizationDetail(ctx: StaffContext, id: string) {
    return this.audited(ctx, 'organization.read', id, {}, async () => {
      const org = await this.requireOrganization(id);
      const [overview] = await this.withOverview([org]);
      const plan = await this.plans.get(org.planId);
      const account = (await this.connect.accountsOf([id])).get(id);
      return {
        result: {
          ...overview,
          contact_info: org.contactInfo,
          branding: org.branding,
          settings: org.settings,
          subscription: { plan_id: plan.id, plan_name: plan.name, monthly_price: plan.monthlyPrice, status: org.subscriptionStatus },
          stripe_payouts_enabled: account?.payoutsEnabled ?? false,
        },
        detail: { name: org.name },
      };
    });
  }

  async studentPayments(ctx: StaffContext, id: string, offset: number, limit: number) {
    return this.audited(ctx, 'organization.student_payments.read', id, { offset, limit }, async () => {
      await this.requireOrganization(id);
      const [rows, total] = await this.enrollments.paymentsOfOrganization(id, offset, limit);
      return { result: { rows: rows.map((r) => this.payment(r)), total }, detail: { total, returned: rows.length } };
    });
  }

  /**
   * In-person payments back to pending; card payments are skipped. A dry run executes the same statements in a
   * transaction that is rolled back, so what it answers is exactly what a real run at that moment changes.
   */
  async resetStudentPayments(ctx: StaffContext, id: string, dryRun: boolean) {
    const action = dryRun ? 'organization.student_payments.reset_dry_run' : 'organization.student_payments.reset';
    return this.audited(ctx, action, id, { dryRun }, async () => {
      await this.requireOrganization(id);
      let outcome: { reset: PaymentRow[]; skipped: PaymentRow[] };
      try {
        outcome = await this.db.transaction(async (manager) => {
          await this.orgs.lockForUpdate(manager, id);
          const result = await this.enrollments.resetInPersonPayments(manager, id);
          if (dryRun) throw new DryRunRollback(result);
          return result;
        });
      } catch (e) {
        if (!(e instanceof DryRunRollback)) throw e;
        outcome = e.result as typeof outcome;
      }
      const result = {
        dryRun,
        resetCount: outcome.reset.length,
        skippedCount: outcome.skipped.length,
        reset: outcome.reset.map((r) => ({ ...this.payment(r), reason: null })),
        skipped: outcome.skipped.map((r) => ({ ...this.payment(r), reason: SKIPPED_CARD_REASON })),
      };
      return {
        result,
        detail: { dryRun, resetIds: outcome.reset.map((r) => r.id), skippedIds: outcome.skipped.map((r) => r.id) },
        message: dryRun
          ? `Simulation: ${result.resetCount} payment(s) would be reset, ${result.skippedCount} card payment(s) skipped. Nothing was changed.`
          : `${result.resetCount} payment(s) reset to pending, ${result.skippedCount} card payment(s) skipped.`,
      };
    });
  }

  async resetSubscription(ctx: StaffContext, id: string) {
    return this.audited(ctx, 'organization.reset_subscription', id, {}, async () => {
      const org = await this.requireOrganization(id);
      const reset = await this.subscriptions.resetToFree(id);
      return {
        result: { organization_id: id, subscription_plan_id: reset.planId, subscription_status: reset.status },
        detail: { previousPlanId: org.planId, previousStatus: org.subscriptionStatus, planId: reset.planId, status: reset.status },
        message: `${org.name} is back on the Free plan.`,
      };
    });
  }

  /**
   * Deletes the organization and everything it owns in one transaction (ON DELETE CASCADE from organizations).
   * Before it: the open seat holds' PaymentIntents are cancelled at Stripe (so nobody pays a deleted organization)
   * and the subscription goes back to Free (its Stripe subscription cancelled, once the subscriptions module
   * keeps one). The Connect account id goes to the audit entry: staff close the account in Stripe.
   */
  async deleteOrganization(ctx: StaffContext, id: string, confirmation: string) {
    return this.audited(ctx, 'organization.delete', id, { confirmation }, async () => {
      this.assertConfirmation(confirmation, DELETE_ORGANIZATION);
      const org = await this.requireOrganization(id);
      const account = (await this.connect.accountsOf([id])).get(id);
      const holds = await this.enrollments.openCardHolds(id);
      const cancelled: string[] = [];
      const notCancelled: { paymentIntentId: string; error: string }[] = [];
      if (this.stripe.isConfigured) {
        for (const hold of holds) {
          try {
            await this.stripe.api.paymentIntents.cancel(hold.paymentIntentId);
            cancelled.push(hold.paymentIntentId);
          } catch (e) {
            notCancelled.push({ paymentIntentId: hold.paymentIntentId, error: (e as Error).message });
          }
        }
      }
      const subscription = await this.subscriptions.resetToFree(id);
      const scheduledCommunications = await this.db.transaction(async (manager) => {
        await this.orgs.lockForUpdate(manager, id);
        // Messages still waiting to go are cancelled with the organization (counted for the audit entry).
        const pending = await this.communications.deletePendingOfOrganization(id, manager);
        if (!(await this.orgs.deleteWithin(manager, id))) throw new NotFoundException(`Organization ${id} not found`);
        return pending;
      });
      return {
        result: {
          id,
          name: org.name,
          deleted: true,
          stripe_connect_account_id: account?.stripeAccountId ?? null,
          cancelled_payment_intents: cancelled,
        },
        detail: {
          name: org.name,
          domain: org.domain,
          planId: org.planId,
          stripeConnectAccountId: account?.stripeAccountId ?? null,
          cancelledPaymentIntents: cancelled,
          paymentIntentsNotCancelled: notCancelled,
          openSeatHolds: holds.length,
          scheduledCommunicationsCancelled: scheduledCommunications,
          subscription: { planId: subscription.planId, status: subscription.status },
        },
        message: account
          ? `${org.name} was deleted. Close its Stripe account ${account.stripeAccountId} in the Stripe dashboard.`
          : `${org.name} was deleted.`,
      };
    });
  }

  async deleteStudents(ctx: StaffContext, id: string, confirmation: string) {
    return this.audited(ctx, 'organization.students.delete', id, { confirmation }, async () => {
      this.assertConfirmation(confirmation, DELETE);
      await this.requireOrganization(id);
      const deleted = await this.db.transaction((manager) => this.enrollments.deleteAllOfOrganization(manager, id));
      return {
        result: { organization_id: id, students: deleted.students, enrollments: deleted.enrollments },
        detail: deleted,
        message: `${deleted.students} student(s) and ${deleted.enrollments} enrollment(s) deleted.`,
      };
    });
  }

  async deleteActivityEvents(ctx: StaffContext, id: string, confirmation: string) {
    return this.audited(ctx, 'organization.activity_events.delete', id, { confirmation }, async () => {
      this.assertConfirmation(confirmation, DELETE);
      await this.requireOrganization(id);
      const n = await this.activity.deleteAllOfOrganization(id);
      return {
        result: { organization_id: id, activity_events: n },
        detail: { activityEvents: n },
        message: `${n} activity event(s) deleted.`,
      };
    });
  }

  /** Deletes the organization's messages still waiting to go (scheduled or queued); sent history stays. */
  async deleteScheduledCommunications(ctx: StaffContext, id: string, confirmation: string) {
    return this.audited(ctx, 'organization.scheduled_communications.delete', id, { confirmation }, async () => {
      this.assertConfirmation(confirmation, DELETE);
      await this.requireOrganization(id);
      const n = await this.communications.deletePendingOfOrganization(id);
      return {
        result: { organization_id: id, scheduled_communications: n },
        detail: { scheduledCommunications: n },
        message: `${n} scheduled communication(s) deleted.`,
      };
    });
  }

  async systemInfo(ctx: StaffContext) {
    return this.audited(ctx, 'system_info.read', null, {}, async () => ({
      result: await systemInfo(this.config, this.db, await this.stripeEvents.stuckEvents()),
    }));
  }

  /** The audit log itself is read without writing an entry (reading it is not an action on anything). */
  auditLog(filter: { organizationId?: string; action?: string; outcome?: string }, offset: number, limit: number) {
    return this.audit.list(filter, offset, limit);
  }

  private assertConfirmation(given: string, expected: string) {
    if (given !== expected) throw new BadRequestException(confirmationMismatch(expected));
  }

  private async requireOrganization(id: string): Promise<OrganizationEntity> {
    const org = await this.orgs.findById(id);
    if (!org) throw new NotFoundException(`Organization ${id} not found`);
    return org;
  }

  /** Each organization with its plan, payment-provider state and counts: one query per owning module for the whole page. */
  private async withOverview(rows: OrganizationEntity[]) {
    const ids = rows.map((o) => o.id);
    const [plans, accounts, users, classes, students, communications] = await Promise.all([
      this.plans.list(true),
      this.connect.accountsOf(ids),
      this.auth.countUsersByOrganization(ids),
      this.classes.countByOrganization(ids),
      this.enrollments.countsByOrganization(ids),
      this.communications.countByOrganization(ids),
    ]);
    const planName = new Map(plans.map((p) => [p.id, p.name]));
    return rows.map((o) => {
      const account = accounts.get(o.id);
      return {
        id: o.id,
        name: o.name,
        domain: o.domain,
        subscription_plan_id: o.planId,
        subscription_plan_name: planName.get(o.planId) ?? o.planId,
        subscription_status: o.subscriptionStatus,
        stripe_connect_account_id: account?.stripeAccountId ?? null,
        stripe_onboarding_completed: account?.detailsSubmitted ?? false,
        stripe_charges_enabled: account?.chargesEnabled ?? false,
        created_at: o.createdAt,
        updated_at: o.updatedAt,
        counts: {
          users: users.get(o.id) ?? 0,
          classes: classes.get(o.id) ?? 0,
          students: students.get(o.id)?.students ?? 0,
          enrollments: students.get(o.id)?.enrollments ?? 0,
          communications: communications.get(o.id) ?? 0,
        },
      };
    });
  }

  /**
   * The fee split of decision 1. A card payment keeps the split Stripe charged (stored at payment time); a card row
   * without one gets PLATFORM_FEE_PERCENT of its amount. In person, no money passes through the platform: no fee.
   */
  private payment(r: PaymentRow) {
    const card = r.paymentMethod === 'card' || r.stripePaymentIntentId !== null;
    let fee = 0;
    if (card) {
      const stored = r.amountCents > 0 && r.platformFeeCents + r.organizationAmountCents === r.amountCents;
      fee = stored
        ? r.platformFeeCents
        : Math.round((r.amountCents * this.config.getOrThrow('app', { infer: true }).platformFeePercent) / 100);
    }
    return {
      id: r.id,
      student_name: r.studentName,
      class_name: r.className,
      amount: r.amountCents,
      organization_amount: r.amountCents - fee,
      platform_fee_amount: fee,
      refunded_amount: r.refundedCents,
      transaction_date: r.transactionDate,
      stripe_payment_intent_id: r.stripePaymentIntentId,
      payment_method: r.paymentMethod,
      payment_status: r.paymentStatus,
    };
  }

  /**
   * Runs one staff action and writes its audit entry whatever happens: success with what it did, refused (a 4xx:
   * wrong confirmation, unknown organization) or failed (anything else), then answers or rethrows.
   */
  private audited<T>(
    ctx: StaffContext,
    action: string,
    target: string | null,
    request: Record<string, unknown>,
    fn: () => Promise<StaffActionDone<T>>,
  ): Promise<{ result: T; message?: string }> {
    return this.actions.audited(ctx, action, target, request, fn);
  }
}
