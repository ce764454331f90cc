import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the organization's first Stripe subscription started (spec README decision 16): only a first paid
 * subscription comes with the free trial, so the row must remember that there was one even after that subscription
 * ended, was replaced, or was reset to Free by platform staff (which clears the Stripe ids). Set once, never
 * cleared. Existing rows that still name a Stripe subscription that really started are filled in; an organization
 * reset to Free before this column existed cannot be told apart from one that never subscribed.
 */
export class SubscriptionFirstStarted1765700000400 implements MigrationInterface {
  name = 'SubscriptionFirstStarted1765700000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE subscriptions ADD COLUMN first_subscription_started_at timestamptz');
    await q.query(
      `UPDATE subscriptions SET first_subscription_started_at = COALESCE(current_period_start, synced_at, updated_at)
       WHERE stripe_subscription_id IS NOT NULL AND status NOT IN ('incomplete', 'incomplete_expired', 'inactive')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE subscriptions DROP COLUMN first_subscription_started_at');
  }
}
