import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The organization's subscription: one row per organization, owned by the subscriptions module.
 * It holds the plan on record, the Stripe status and ids, the current period, cancel-at-period-end, the trial end
 * and a scheduled plan change (a downgrade taking effect at period end). Which plan *applies* is decided from this
 * row by the plan policy (UsageService), never from the row alone: canceled, unpaid and incomplete_expired fall
 * back to Free while the row keeps the plan that was paid for (for 'Resubscribe to This Plan').
 *
 * `organizations.plan_id` / `subscription_status` stay, as a mirror of this row kept by triggers: readers of the
 * organization (the IT-admin list, older code) keep working, and a direct write to them (a fixture, a manual fix)
 * becomes a complimentary subscription to that plan instead of being silently ignored. The mirror trigger only
 * fires for statements on organizations themselves (pg_trigger_depth() = 1), so the two never loop.
 */
export class Subscriptions1764500000000 implements MigrationInterface {
  name = 'Subscriptions1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE subscriptions (
        organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        plan_id text NOT NULL DEFAULT 'free' REFERENCES subscription_plans(id),
        status text NOT NULL DEFAULT 'active' CHECK (status IN
          ('active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'inactive')),
        stripe_customer_id text UNIQUE,
        stripe_subscription_id text UNIQUE,
        stripe_price_id text,
        current_period_start timestamptz,
        current_period_end timestamptz,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        canceled_at timestamptz,
        trial_end timestamptz,
        -- a downgrade booked for the end of the period: the current plan applies until scheduled_change_at
        scheduled_plan_id text REFERENCES subscription_plans(id),
        scheduled_change_at timestamptz,
        -- when the Stripe fields above were last read from Stripe (webhook or API call)
        synced_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT subscriptions_schedule_check CHECK ((scheduled_plan_id IS NULL) = (scheduled_change_at IS NULL))
      );
      CREATE INDEX subscriptions_scheduled_idx ON subscriptions (scheduled_change_at) WHERE scheduled_plan_id IS NOT NULL;

      INSERT INTO subscriptions (organization_id, plan_id, status)
      SELECT id, plan_id, CASE WHEN subscription_status IN
          ('active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'inactive')
        THEN subscription_status ELSE 'inactive' END
      FROM organizations;

      CREATE FUNCTION organizations_feed_subscription() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
        INSERT INTO subscriptions (organization_id, plan_id, status)
        VALUES (NEW.id, NEW.plan_id, CASE WHEN NEW.subscription_status IN
          ('active', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'inactive')
          THEN NEW.subscription_status ELSE 'inactive' END)
        ON CONFLICT (organization_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, status = EXCLUDED.status,
          scheduled_plan_id = NULL, scheduled_change_at = NULL, updated_at = now();
        RETURN NULL;
      END $$;
      CREATE TRIGGER organizations_feed_subscription_ins AFTER INSERT ON organizations
        FOR EACH ROW EXECUTE FUNCTION organizations_feed_subscription();
      CREATE TRIGGER organizations_feed_subscription_upd AFTER UPDATE OF plan_id, subscription_status ON organizations
        FOR EACH ROW WHEN (OLD.plan_id IS DISTINCT FROM NEW.plan_id OR OLD.subscription_status IS DISTINCT FROM NEW.subscription_status)
        EXECUTE FUNCTION organizations_feed_subscription();

      CREATE FUNCTION subscriptions_mirror_organization() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE organizations SET plan_id = NEW.plan_id, subscription_status = NEW.status
        WHERE id = NEW.organization_id
          AND (plan_id IS DISTINCT FROM NEW.plan_id OR subscription_status IS DISTINCT FROM NEW.status);
        RETURN NULL;
      END $$;
      CREATE TRIGGER subscriptions_mirror_organization AFTER INSERT OR UPDATE OF plan_id, status ON subscriptions
        FOR EACH ROW EXECUTE FUNCTION subscriptions_mirror_organization();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER organizations_feed_subscription_ins ON organizations;
      DROP TRIGGER organizations_feed_subscription_upd ON organizations;
      DROP TABLE subscriptions;
      DROP FUNCTION organizations_feed_subscription();
      DROP FUNCTION subscriptions_mirror_organization();
    `);
  }
}
