import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'inactive',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionRow {
  organizationId: string;
  planId: string;
  status: SubscriptionStatus;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripePriceId: string | null;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  trialEnd: Date | null;
  scheduledPlanId: string | null;
  scheduledChangeAt: Date | null;
  /** When the organization's first Stripe subscription started; kept for ever (only a first one has the free trial). */
  firstSubscriptionStartedAt: Date | null;
  syncedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a Stripe subscription says now; written over the row as a whole (never merged event by event). */
export interface StripeSubscriptionState extends Pick<
  SubscriptionRow,
  'planId' | 'status' | 'stripePriceId' | 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd' | 'canceledAt' | 'trialEnd'
> {
  stripeCustomerId: string;
  stripeSubscriptionId: string;
}

const COLUMNS = `organization_id AS "organizationId", plan_id AS "planId", status, stripe_customer_id AS "stripeCustomerId",
  stripe_subscription_id AS "stripeSubscriptionId", stripe_price_id AS "stripePriceId",
  current_period_start AS "currentPeriodStart", current_period_end AS "currentPeriodEnd",
  cancel_at_period_end AS "cancelAtPeriodEnd", canceled_at AS "canceledAt", trial_end AS "trialEnd",
  scheduled_plan_id AS "scheduledPlanId", scheduled_change_at AS "scheduledChangeAt", first_subscription_started_at AS "firstSubscriptionStartedAt",
  synced_at AS "syncedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** `subscriptions`: the subscriptions module's table (one row per organization, created with it by a trigger). */
@Injectable()
export class SubscriptionRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(organizationId: string, m: EntityManager = this.db.manager): Promise<SubscriptionRow | null> {
    const rows: SubscriptionRow[] = await m.query(`SELECT ${COLUMNS} FROM subscriptions WHERE organization_id = $1`, [organizationId]);
    return rows[0] ?? null;
  }

  /**
   * Locks the organization's row for the caller's transaction (creating it when an older organization has
   * none): plan changes, webhooks and the period-end job of one organization run one after the other.
   */
  async lock(m: EntityManager, organizationId: string): Promise<SubscriptionRow | null> {
    await m.query(
      `INSERT INTO subscriptions (organization_id, plan_id, status)
       SELECT id, 'free', 'active' FROM organizations WHERE id = $1 ON CONFLICT (organization_id) DO NOTHING`,
      [organizationId],
    );
    const rows: SubscriptionRow[] = await m.query(`SELECT ${COLUMNS} FROM subscriptions WHERE organization_id = $1 FOR UPDATE`, [
      organizationId,
    ]);
    return rows[0] ?? null;
  }

  async organizationOfCustomer(customerId: string, m: EntityManager = this.db.manager): Promise<string | null> {
    const rows: { id: string }[] = await m.query('SELECT organization_id AS id FROM subscriptions WHERE stripe_customer_id = $1', [
      customerId,
    ]);
    return rows[0]?.id ?? null;
  }

  async setCustomer(m: EntityManager, organizationId: string, customerId: string): Promise<void> {
    await m.query('UPDATE subscriptions SET stripe_customer_id = $2, updated_at = now() WHERE organization_id = $1', [
      organizationId,
      customerId,
    ]);
  }

  /**
   * The Stripe subscription's current state replaces the row's; a scheduled change that Stripe now shows is done.
   * The first subscription that really started (not one whose first payment never went through) is remembered.
   */
  async applyStripeState(m: EntityManager, organizationId: string, s: StripeSubscriptionState): Promise<void> {
    await m.query(
      `UPDATE subscriptions SET plan_id = $2, status = $3, stripe_customer_id = $4, stripe_subscription_id = $5,
         stripe_price_id = $6, current_period_start = $7, current_period_end = $8, cancel_at_period_end = $9,
         canceled_at = $10, trial_end = $11, synced_at = now(), updated_at = now(),
         first_subscription_started_at = COALESCE(first_subscription_started_at,
           CASE WHEN $3 NOT IN ('incomplete', 'incomplete_expired', 'inactive') THEN now() END),
         scheduled_plan_id = CASE WHEN scheduled_plan_id = $2 OR $3 IN ('canceled', 'incomplete_expired', 'unpaid')
           OR $5 IS DISTINCT FROM stripe_subscription_id THEN NULL ELSE scheduled_plan_id END,
         scheduled_change_at = CASE WHEN scheduled_plan_id = $2 OR $3 IN ('canceled', 'incomplete_expired', 'unpaid')
           OR $5 IS DISTINCT FROM stripe_subscription_id THEN NULL ELSE scheduled_change_at END
       WHERE organization_id = $1`,
      [
        organizationId,
        s.planId,
        s.status,
        s.stripeCustomerId,
        s.stripeSubscriptionId,
        s.stripePriceId,
        s.currentPeriodStart,
        s.currentPeriodEnd,
        s.cancelAtPeriodEnd,
        s.canceledAt,
        s.trialEnd,
      ],
    );
  }

  async schedule(m: EntityManager, organizationId: string, planId: string | null, at: Date | null): Promise<void> {
    await m.query(
      'UPDATE subscriptions SET scheduled_plan_id = $2, scheduled_change_at = $3, updated_at = now() WHERE organization_id = $1',
      [organizationId, planId, at],
    );
  }

  /** A complimentary plan's booked change (no Stripe subscription to ask). */
  async setPlan(m: EntityManager, organizationId: string, planId: string): Promise<void> {
    await m.query(
      'UPDATE subscriptions SET plan_id = $2, scheduled_plan_id = NULL, scheduled_change_at = NULL, updated_at = now() WHERE organization_id = $1',
      [organizationId, planId],
    );
  }

  /** Back to Free: the Stripe subscription is gone (or never was); the customer is kept for a later purchase. */
  async resetToFree(m: EntityManager, organizationId: string): Promise<void> {
    await m.query(
      `UPDATE subscriptions SET plan_id = 'free', status = 'active', stripe_subscription_id = NULL, stripe_price_id = NULL,
         current_period_start = NULL, current_period_end = NULL, cancel_at_period_end = false, canceled_at = NULL,
         trial_end = NULL, scheduled_plan_id = NULL, scheduled_change_at = NULL, updated_at = now()
       WHERE organization_id = $1`,
      [organizationId],
    );
  }

  /** Organizations whose booked downgrade is due, claimed for the caller's transaction (other instances skip them). */
  async claimDueChanges(m: EntityManager, now: Date, limit: number, skip: string[] = []): Promise<SubscriptionRow[]> {
    return m.query(
      `SELECT ${COLUMNS} FROM subscriptions WHERE scheduled_plan_id IS NOT NULL AND scheduled_change_at <= $1
         AND NOT (organization_id = ANY($3::uuid[]))
       ORDER BY scheduled_change_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [now, limit, skip],
    );
  }
}
