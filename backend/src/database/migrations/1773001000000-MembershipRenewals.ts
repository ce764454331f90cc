import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Membership renewals (issue 41 §2), on the credit-products module's own tables:
 * - a card membership keeps the payer's Stripe Customer and the method its first payment saved (`setup_future_usage`),
 *   which the renewal job charges off-session; `credit_sales.stripe_customer_id` is the Customer the checkout opened;
 * - `status` gains `lapsed` (the renewal's last attempt failed, or the payer never paid it on-session in time);
 * - the renewal in progress: its attempts, the attempt's idempotency key (kept before Stripe is called, as the
 *   instalments do), a lease so two instances never charge one renewal twice, when to try again (or, when the payer
 *   must pay on-session, when it lapses), and the last outcome;
 * - a freeze: its first and last day (local dates); the renewal waits for its end.
 */
export class MembershipRenewals1773001000000 implements MigrationInterface {
  name = 'MembershipRenewals1773001000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE credit_sales ADD COLUMN stripe_customer_id text;
      ALTER TABLE memberships DROP CONSTRAINT memberships_status_check;
      ALTER TABLE memberships ADD CONSTRAINT memberships_status_check CHECK (status IN ('active', 'pending_renewal', 'cancelled', 'lapsed'));
      ALTER TABLE memberships
        ADD COLUMN channel text NOT NULL DEFAULT 'in_person' CHECK (channel IN ('card', 'in_person')),
        ADD COLUMN stripe_customer_id text,
        ADD COLUMN stripe_payment_method_id text,
        ADD COLUMN renewal_attempts int NOT NULL DEFAULT 0,
        ADD COLUMN renewal_attempt_key text,
        ADD COLUMN renewal_lease_until timestamptz,
        ADD COLUMN renewal_next_attempt_at timestamptz,
        ADD COLUMN renewal_awaiting_payer boolean NOT NULL DEFAULT false,
        ADD COLUMN renewal_last_outcome text,
        ADD COLUMN renewal_last_decline_code text,
        ADD COLUMN renewal_payment_intent_id text,
        ADD COLUMN renewed_at timestamptz,
        ADD COLUMN frozen_from date,
        ADD COLUMN frozen_until date,
        ADD CONSTRAINT memberships_freeze CHECK ((frozen_from IS NULL) = (frozen_until IS NULL) AND (frozen_until IS NULL OR frozen_until >= frozen_from));
      CREATE INDEX memberships_org_renewal_idx ON memberships (organization_id, current_period_end) WHERE status IN ('active', 'pending_renewal');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX IF EXISTS memberships_org_renewal_idx;
      ALTER TABLE memberships DROP CONSTRAINT memberships_freeze,
        DROP COLUMN channel, DROP COLUMN stripe_customer_id, DROP COLUMN stripe_payment_method_id, DROP COLUMN renewal_attempts,
        DROP COLUMN renewal_attempt_key, DROP COLUMN renewal_lease_until, DROP COLUMN renewal_next_attempt_at,
        DROP COLUMN renewal_awaiting_payer, DROP COLUMN renewal_last_outcome, DROP COLUMN renewal_last_decline_code,
        DROP COLUMN renewal_payment_intent_id, DROP COLUMN renewed_at, DROP COLUMN frozen_from, DROP COLUMN frozen_until;
      UPDATE memberships SET status = 'cancelled' WHERE status = 'lapsed';
      ALTER TABLE memberships DROP CONSTRAINT memberships_status_check;
      ALTER TABLE memberships ADD CONSTRAINT memberships_status_check CHECK (status IN ('active', 'pending_renewal', 'cancelled'));
      ALTER TABLE credit_sales DROP COLUMN stripe_customer_id;
    `);
  }
}
