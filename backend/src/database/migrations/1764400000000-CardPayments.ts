import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The money trail of card payments, shared by payments, reports and the IT-admin portal.
 *
 * - An enrollment now has a lifecycle `status`: `held` (a card payment is open; the seat is counted against
 *   capacity until `hold_expires_at`), `active` (registered: paid, or to pay in person), `cancelled` (by the
 *   organization; kept with its money trail) and `expired` (a hold that lapsed or whose payment failed). Only held
 *   and active rows take a seat, so one student may register again after a cancellation: the one-per-class rule
 *   becomes a partial unique index.
 * - A card enrollment records what Stripe charged: the amount, the platform fee and the organization's share at
 *   the time of payment, the PaymentIntent (unique: one intent completes one enrollment) and the charge.
 * - `cancellation_policy` freezes the organization's policy in force at registration (a later change does not
 *   change what a registered student was promised).
 * - `refunds` (owned by payments) keeps every refund, made here or in the Stripe dashboard, once per Stripe id.
 * - `connect_accounts` (owned by connect) is the organization's Express account and its last known state.
 */
export class CardPayments1764400000000 implements MigrationInterface {
  name = 'CardPayments1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enrollments
        ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('held', 'active', 'cancelled', 'expired')),
        ADD COLUMN hold_expires_at timestamptz,
        ADD COLUMN stripe_payment_intent_id text,
        ADD COLUMN stripe_charge_id text,
        ADD COLUMN platform_fee_cents integer NOT NULL DEFAULT 0 CHECK (platform_fee_cents >= 0),
        ADD COLUMN organization_amount_cents integer NOT NULL DEFAULT 0 CHECK (organization_amount_cents >= 0),
        ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
        ADD COLUMN cancellation_policy jsonb,
        ADD COLUMN cancelled_at timestamptz,
        ADD CONSTRAINT enrollments_hold_check CHECK ((status = 'held') = (hold_expires_at IS NOT NULL)),
        ADD CONSTRAINT enrollments_refund_check CHECK (refunded_cents <= amount_paid_cents),
        DROP CONSTRAINT enrollments_student_class_key;
      CREATE UNIQUE INDEX enrollments_student_class_key ON enrollments (student_id, class_id) WHERE status IN ('held', 'active');
      CREATE UNIQUE INDEX enrollments_payment_intent_key ON enrollments (stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL;
      CREATE INDEX enrollments_hold_expiry_idx ON enrollments (hold_expires_at) WHERE status = 'held';

      CREATE TABLE refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        enrollment_id uuid NOT NULL REFERENCES enrollments(id) ON DELETE CASCADE,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        stripe_refund_id text UNIQUE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        reason text NOT NULL DEFAULT '',
        -- 'admin' (cancel or refund in the app), 'stripe_dashboard' (found by charge.refunded), 'late_payment' (a
        -- payment that arrived after its hold lapsed into a full class), 'class_cancelled'
        source text NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX refunds_org_created_idx ON refunds (organization_id, created_at);
      CREATE INDEX refunds_enrollment_idx ON refunds (enrollment_id);

      CREATE TABLE connect_accounts (
        organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        stripe_account_id text NOT NULL UNIQUE,
        charges_enabled boolean NOT NULL DEFAULT false,
        payouts_enabled boolean NOT NULL DEFAULT false,
        details_submitted boolean NOT NULL DEFAULT false,
        requirements jsonb NOT NULL DEFAULT '{}',
        -- when the state above was last read from Stripe (account.updated or accounts.retrieve)
        refreshed_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE connect_accounts;
      DROP TABLE refunds;
      DROP INDEX enrollments_hold_expiry_idx;
      DROP INDEX enrollments_payment_intent_key;
      DROP INDEX enrollments_student_class_key;
      DELETE FROM enrollments WHERE status <> 'active';
      ALTER TABLE enrollments
        ADD CONSTRAINT enrollments_student_class_key UNIQUE (student_id, class_id),
        DROP CONSTRAINT enrollments_refund_check,
        DROP CONSTRAINT enrollments_hold_check,
        DROP COLUMN cancelled_at,
        DROP COLUMN cancellation_policy,
        DROP COLUMN refunded_cents,
        DROP COLUMN organization_amount_cents,
        DROP COLUMN platform_fee_cents,
        DROP COLUMN stripe_charge_id,
        DROP COLUMN stripe_payment_intent_id,
        DROP COLUMN hold_expires_at,
        DROP COLUMN status;
    `);
  }
}
