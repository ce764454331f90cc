import { ConflictException, HttpStatus, Injectable, Logger, NotFoundException, BadRequestException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { AppException } from '../../common/http/app-exception';
import type { AllConfigType } from '../../config/config.type';
import { StripeClient } from '../stripe/stripe.client';
import { BillingPricesService } from './billing-prices.service';
import type { PlanResponse } from './plan.entity';
import { FREE_PLAN_ID, GRANTING_STATUSES, planIdThatApplies, trialDaysFor } from './plan-policy';
import { PlanUsageRepository } from './plan-usage.repository';
import { SubscriptionRepository, type SubscriptionRow } from './subscription.repository';
import { firstItem, planOfStripeSubscription, stateOfStripeSubscription, TERMINAL_STATUSES } from './stripe-subscription';

const BILLING_UNAVAILABLE =
  'Billing is not available on this server (Stripe is not configured), so plans cannot be bought or changed here.';
const toEpoch = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);
const isStripeMissing = (e: unknown) => (e as { code?: string; statusCode?: number })?.statusCode === 404;

export type ProrationBehavior = 'create_prorations' | 'none' | 'always_invoice';

/**
 * Subscriptions on Stripe Billing: Checkout to buy, the customer portal, upgrades (now, prorated),
 * downgrades (booked for the period end), cancel and resume at period end. Every change made here is written
 * from the subscription Stripe returns, the same way a webhook writes it (`syncFromStripe`), so the API, the
 * webhooks and the period-end job converge on what Stripe has now. Which plan *applies* is the plan policy's
 * (UsageService); this service only keeps the record.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger('Subscriptions');

  constructor(
    private readonly stripe: StripeClient,
    private readonly prices: BillingPricesService,
    private readonly repo: SubscriptionRepository,
    private readonly readModel: PlanUsageRepository,
    private readonly config: ConfigService<AllConfigType>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  get billingAvailable(): boolean {
    return this.stripe.isConfigured;
  }

  /** Active plans in display order; their Stripe prices are looked up first when Stripe is reachable. */
  async plans(): Promise<PlanResponse[]> {
    if (this.stripe.isConfigured) await this.prices.ensure().catch(() => undefined);
    return (await this.readModel.listPlans()).filter((p) => p.isActive);
  }

  async get(organizationId: string) {
    const row = await this.requireRow(organizationId);
    return this.describe(row);
  }

  /** One Stripe customer per organization: a second call returns the first. */
  async createCustomer(organizationId: string, name: string, email: string) {
    this.requireStripe();
    return this.db.transaction(async (m) => {
      const row = await this.lockRow(m, organizationId);
      if (row.stripeCustomerId) return { customerId: row.stripeCustomerId, created: false };
      const customer = await this.stripe.api.customers.create(
        { email, name, metadata: { organizationId } },
        { idempotencyKey: `classlane-customer-${organizationId}` },
      );
      await this.repo.setCustomer(m, organizationId, customer.id);
      return { customerId: customer.id, created: true };
    });
  }

  /**
   * Checkout for a paid plan: the reply's sessionUrl is where the browser goes to pay. The server
   * decides the trial (decision 16): the organization's first subscription starts with one (30 days, or the shorter
   * `trialDays` the test page asks for), a later one is charged at once.
   */
  async createCheckout(organizationId: string, priceId: string, trialDays: number | undefined, buyer: { name: string; email: string }) {
    this.requireStripe();
    const plan = await this.paidPlanOfPrice(priceId);
    const row = await this.requireRow(organizationId);
    if (row.stripeSubscriptionId && GRANTING_STATUSES.includes(row.status)) {
      throw new ConflictException('This organization already has a subscription: change its plan with an upgrade or a downgrade.');
    }
    const customerId =
      row.stripeCustomerId ??
      (await this.createCustomer(organizationId, (await this.readModel.organizationName(organizationId)) ?? buyer.name, buyer.email))
        .customerId;
    const base = this.publicUrl();
    const metadata = { organizationId, planId: plan.id };
    const trial = trialDaysFor(row, trialDays);
    const session = await this.stripe.api.checkout.sessions.create({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: organizationId,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: `${base}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/admin/subscription?tab=plans`,
      subscription_data: { ...(trial > 0 ? { trial_period_days: trial } : {}), metadata },
      metadata,
    });
    if (!session.url) throw new AppException(HttpStatus.BAD_GATEWAY, 'Stripe did not return a Checkout address; try again');
    return { sessionUrl: session.url, sessionId: session.id, trialDays: trial };
  }

  /** The customer portal; its return address must be on this site (no open redirect). */
  async portal(organizationId: string, returnUrl: string | undefined) {
    this.requireStripe();
    const base = this.publicUrl();
    const target = returnUrl ?? `${base}/admin/subscription`;
    if (!isOnSite(target, base)) throw new BadRequestException(`returnUrl must be an address on ${base}`);
    const row = await this.requireRow(organizationId);
    if (!row.stripeCustomerId) throw new ConflictException('There is no billing account yet: subscribe to a paid plan first.');
    const session = await this.stripe.api.billingPortal.sessions.create({ customer: row.stripeCustomerId, return_url: target });
    return { url: session.url };
  }

  /** A plan change: more expensive than the plan on record is an upgrade (now), cheaper a downgrade (period end). */
  async change(organizationId: string, newPlanId: string, newPriceId: string | undefined, prorationBehavior: ProrationBehavior) {
    const row = await this.requireRow(organizationId);
    const [current, next] = await Promise.all([this.readModel.findPlan(row.planId), this.readModel.findPlan(newPlanId)]);
    if (!next || !next.isActive) throw new NotFoundException(`Subscription plan ${newPlanId} not found`);
    if (next.id === current?.id && GRANTING_STATUSES.includes(row.status) && !row.scheduledPlanId)
      throw new ConflictException(`You are already on the ${next.name} plan.`);
    return next.monthlyPrice > (current?.monthlyPrice ?? 0)
      ? this.upgrade(organizationId, newPlanId, newPriceId, prorationBehavior)
      : this.downgrade(organizationId, newPlanId, newPriceId, 'end_of_period');
  }

  /** Upgrade now: the subscription's price changes at once, prorated as asked (default create_prorations). */
  async upgrade(organizationId: string, newPlanId: string, newPriceId: string | undefined, prorationBehavior: ProrationBehavior) {
    this.requireStripe();
    const plan = await this.paidPlan(newPlanId, newPriceId);
    return this.db.transaction(async (m) => {
      const row = await this.lockRow(m, organizationId);
      const sub = await this.liveSubscription(row);
      const item = firstItem(sub);
      if (!item) throw new AppException(HttpStatus.BAD_GATEWAY, 'The Stripe subscription has no item to change');
      const current = await this.readModel.findPlan(row.planId, m);
      if (current && plan.monthlyPrice <= current.monthlyPrice && row.planId !== plan.id)
        throw new ConflictException(`${plan.name} is not an upgrade from ${current.name}: use a downgrade.`);
      const updated = await this.stripe.api.subscriptions.update(sub.id, {
        items: [{ id: item.id, price: plan.stripePriceId! }],
        proration_behavior: prorationBehavior,
        cancel_at_period_end: false,
      });
      await this.repo.schedule(m, organizationId, null, null);
      await this.applySubscription(m, organizationId, updated);
      return this.describe((await this.repo.find(organizationId, m))!);
    });
  }

  /**
   * Downgrade: booked for the end of the current period (the current plan's features stay until then; the
   * period-end job then changes the Stripe price without proration). A downgrade to Free is a cancellation at
   * period end. `immediate` changes the price now, prorated.
   */
  async downgrade(organizationId: string, newPlanId: string, newPriceId: string | undefined, effectiveDate: 'end_of_period' | 'immediate') {
    this.requireStripe();
    if (newPlanId === FREE_PLAN_ID) return this.setCancelAtPeriodEnd(organizationId, true);
    const plan = await this.paidPlan(newPlanId, newPriceId);
    return this.db.transaction(async (m) => {
      const row = await this.lockRow(m, organizationId);
      const sub = await this.liveSubscription(row);
      const current = await this.readModel.findPlan(row.planId, m);
      if (current && plan.monthlyPrice >= current.monthlyPrice)
        throw new ConflictException(`${plan.name} is not a downgrade from ${current.name}: use an upgrade.`);
      if (effectiveDate === 'immediate') {
        const item = firstItem(sub);
        if (!item) throw new AppException(HttpStatus.BAD_GATEWAY, 'The Stripe subscription has no item to change');
        const updated = await this.stripe.api.subscriptions.update(sub.id, {
          items: [{ id: item.id, price: plan.stripePriceId! }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
        });
        await this.repo.schedule(m, organizationId, null, null);
        await this.applySubscription(m, organizationId, updated);
      } else {
        let fresh = sub;
        if (sub.cancel_at_period_end) fresh = await this.stripe.api.subscriptions.update(sub.id, { cancel_at_period_end: false });
        await this.applySubscription(m, organizationId, fresh);
        const after = (await this.repo.find(organizationId, m))!;
        if (!after.currentPeriodEnd) throw new AppException(HttpStatus.BAD_GATEWAY, 'The Stripe subscription has no current period');
        await this.repo.schedule(m, organizationId, plan.id, after.currentPeriodEnd);
      }
      return this.describe((await this.repo.find(organizationId, m))!);
    });
  }

  /** Cancel at period end (spec 3 §4: only an active one not already cancelling) or resume a cancelling one. */
  async setCancelAtPeriodEnd(organizationId: string, cancel: boolean) {
    this.requireStripe();
    return this.db.transaction(async (m) => {
      const row = await this.lockRow(m, organizationId);
      const sub = await this.liveSubscription(row);
      if (cancel && sub.cancel_at_period_end)
        throw new ConflictException('The subscription is already set to cancel at the end of the period.');
      if (!cancel && !sub.cancel_at_period_end)
        throw new ConflictException('The subscription is not set to cancel: there is nothing to resume.');
      const updated = await this.stripe.api.subscriptions.update(sub.id, { cancel_at_period_end: cancel });
      // A cancellation replaces any booked downgrade; resuming keeps the plan the subscription has.
      await this.repo.schedule(m, organizationId, null, null);
      await this.applySubscription(m, organizationId, updated);
      return this.describe((await this.repo.find(organizationId, m))!);
    });
  }

  /**
   * Back to Free (the IT-admin reset): the Stripe subscription, if there is one still running, is cancelled now;
   * nothing else is deleted (over-limit data stays, new items past the limits are refused).
   */
  async resetToFree(organizationId: string) {
    return this.db.transaction(async (m) => {
      const row = await this.lockRow(m, organizationId);
      if (row.stripeSubscriptionId && !TERMINAL_STATUSES.includes(row.status)) {
        if (!this.stripe.isConfigured) {
          this.logger.warn(
            `Reset to Free of ${organizationId}: Stripe is not configured, ${row.stripeSubscriptionId} was not cancelled there`,
          );
        } else {
          try {
            await this.stripe.api.subscriptions.cancel(row.stripeSubscriptionId);
          } catch (e) {
            if (!isStripeMissing(e)) throw e;
          }
        }
      }
      await this.repo.resetToFree(m, organizationId);
      return this.describe((await this.repo.find(organizationId, m))!);
    });
  }

  /**
   * What a webhook does: lock the organization's record, read the subscription as Stripe has it
   * now and write that over the record. Events in any order, twice or at once end in the same state. The
   * organization is the one whose customer the subscription belongs to (metadata alone is never trusted).
   */
  async syncFromStripe(m: EntityManager, subscriptionId: string, customerHint: string | null): Promise<void> {
    if (!this.stripe.isConfigured) return;
    const organizationId = customerHint ? await this.repo.organizationOfCustomer(customerHint, m) : null;
    if (!organizationId) {
      this.logger.warn(`Stripe subscription ${subscriptionId}: no organization has customer ${customerHint ?? '(none)'}; ignored`);
      return;
    }
    await this.repo.lock(m, organizationId);
    let sub: Stripe.Subscription;
    try {
      sub = await this.stripe.api.subscriptions.retrieve(subscriptionId);
    } catch (e) {
      if (isStripeMissing(e)) return this.logger.warn(`Stripe subscription ${subscriptionId} does not exist; ignored`);
      throw e;
    }
    await this.applySubscription(m, organizationId, sub);
  }

  /** Writes a subscription Stripe returned over the record (the caller holds the row lock). */
  private async applySubscription(m: EntityManager, organizationId: string, sub: Stripe.Subscription): Promise<void> {
    const row = (await this.repo.find(organizationId, m))!;
    const state = stateOfStripeSubscription(sub, row.planId);
    if (state.stripeCustomerId !== row.stripeCustomerId) {
      this.logger.warn(`Stripe subscription ${sub.id} belongs to customer ${state.stripeCustomerId}, not ${organizationId}'s; ignored`);
      return;
    }
    // A late event of an ended subscription never replaces the record's (a newer one, or a reset to Free).
    if (row.stripeSubscriptionId !== sub.id && TERMINAL_STATUSES.includes(state.status)) return;
    const plan = planOfStripeSubscription(sub, await this.readModel.listPlans(m));
    if (plan) state.planId = plan.id;
    else this.logger.warn(`Stripe subscription ${sub.id} pays for a price no plan has (${state.stripePriceId}); plan kept`);
    await this.repo.applyStripeState(m, organizationId, state);
  }

  /**
   * The period-end job's work for one organization whose booked downgrade is due (the caller claimed the row):
   * the Stripe price changes without proration (the new period is billed at the new price), or, for a
   * complimentary plan, the record changes.
   */
  async applyDueChange(m: EntityManager, row: SubscriptionRow): Promise<void> {
    const plan = row.scheduledPlanId ? await this.readModel.findPlan(row.scheduledPlanId, m) : null;
    if (!plan) return this.repo.schedule(m, row.organizationId, null, null);
    if (!row.stripeSubscriptionId || !this.stripe.isConfigured) {
      return this.repo.setPlan(m, row.organizationId, plan.id);
    }
    await this.prices.ensure();
    const priced = await this.readModel.findPlan(plan.id, m);
    const sub = await this.stripe.api.subscriptions.retrieve(row.stripeSubscriptionId);
    const item = firstItem(sub);
    if (TERMINAL_STATUSES.includes(stateOfStripeSubscription(sub, row.planId).status) || !item || !priced?.stripePriceId) {
      await this.repo.schedule(m, row.organizationId, null, null);
      return this.applySubscription(m, row.organizationId, sub);
    }
    const updated =
      item.priceId === priced.stripePriceId
        ? sub
        : await this.stripe.api.subscriptions.update(
            sub.id,
            { items: [{ id: item.id, price: priced.stripePriceId }], proration_behavior: 'none' },
            { idempotencyKey: `classlane-downgrade-${sub.id}-${row.scheduledChangeAt?.getTime()}` },
          );
    await this.applySubscription(m, row.organizationId, updated);
    await this.repo.schedule(m, row.organizationId, null, null);
  }

  /** The subscription reply (periods in epoch seconds, as spec 3 §3). */
  async describe(row: SubscriptionRow) {
    const plans = await this.readModel.listPlans();
    const byId = (id: string | null) => plans.find((p) => p.id === id) ?? null;
    const plan = byId(row.planId)!;
    const effective = byId(planIdThatApplies(row))!;
    const scheduled = byId(row.scheduledPlanId);
    return {
      organizationId: row.organizationId,
      status: row.status,
      planId: row.planId,
      plan,
      effectivePlan: effective,
      current_period_start: toEpoch(row.currentPeriodStart),
      current_period_end: toEpoch(row.currentPeriodEnd),
      cancel_at_period_end: row.cancelAtPeriodEnd,
      trial_end: toEpoch(row.trialEnd),
      canceled_at: toEpoch(row.canceledAt),
      scheduledChange: scheduled ? { planId: scheduled.id, planName: scheduled.name, effectiveAt: toEpoch(row.scheduledChangeAt)! } : null,
      stripeCustomerId: row.stripeCustomerId,
      stripeSubscriptionId: row.stripeSubscriptionId,
      complimentary: plan.monthlyPrice > 0 && !row.stripeSubscriptionId && GRANTING_STATUSES.includes(row.status),
      billingAvailable: this.stripe.isConfigured,
      trialDaysOnSubscribe: trialDaysFor(row),
    };
  }

  private requireStripe(): void {
    if (!this.stripe.isConfigured) throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, BILLING_UNAVAILABLE);
  }

  private publicUrl(): string {
    return this.config.getOrThrow('app', { infer: true }).publicUrl;
  }

  private async requireRow(organizationId: string): Promise<SubscriptionRow> {
    return this.db.transaction((m) => this.lockRow(m, organizationId));
  }

  private async lockRow(m: EntityManager, organizationId: string): Promise<SubscriptionRow> {
    const row = await this.repo.lock(m, organizationId);
    if (!row) throw new NotFoundException(`Organization ${organizationId} not found`);
    return row;
  }

  /** The organization's running Stripe subscription, as Stripe has it now; 409 when there is none to change. */
  private async liveSubscription(row: SubscriptionRow): Promise<Stripe.Subscription> {
    if (!row.stripeSubscriptionId || TERMINAL_STATUSES.includes(row.status)) {
      throw new ConflictException(
        row.planId !== FREE_PLAN_ID && GRANTING_STATUSES.includes(row.status)
          ? 'This plan is complimentary: there is no paid subscription to change. Subscribe to a plan to start billing.'
          : 'There is no paid subscription to change: subscribe to a plan first.',
      );
    }
    return this.stripe.api.subscriptions.retrieve(row.stripeSubscriptionId);
  }

  private async paidPlanOfPrice(priceId: string): Promise<PlanResponse> {
    await this.pricesReady();
    const plan = (await this.readModel.listPlans()).find((p) => p.isActive && p.monthlyPrice > 0 && p.stripePriceId === priceId);
    if (!plan) throw new BadRequestException(`priceId ${priceId} is not the price of a paid plan`);
    return plan;
  }

  private async paidPlan(planId: string, priceId: string | undefined): Promise<PlanResponse> {
    await this.pricesReady();
    const plan = await this.readModel.findPlan(planId);
    if (!plan || !plan.isActive) throw new NotFoundException(`Subscription plan ${planId} not found`);
    if (plan.monthlyPrice <= 0 || !plan.stripePriceId) throw new BadRequestException(`${plan.name} is not a paid plan`);
    if (priceId !== undefined && priceId !== plan.stripePriceId)
      throw new BadRequestException(`newPriceId ${priceId} is not the price of the ${plan.name} plan`);
    return plan;
  }

  private async pricesReady(): Promise<void> {
    try {
      await this.prices.ensure();
    } catch {
      throw new AppException(HttpStatus.SERVICE_UNAVAILABLE, 'Stripe cannot be reached right now; try again in a minute.');
    }
  }
}

/** Same origin as PUBLIC_URL (scheme, host and port), so the portal can only send people back to this site. */
export function isOnSite(url: string, base: string): boolean {
  try {
    const target = new URL(url);
    const site = new URL(base);
    return target.origin === site.origin && !url.includes('\\');
  } catch {
    return false;
  }
}
