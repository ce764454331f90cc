import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `payment_disputes` (the payments module's table): a payment the payer's bank disputed after it succeeded
 * (`charge.dispute.created`), one row per Stripe dispute however often or in whatever order its events arrive, with how
 * it ended (`charge.dispute.closed`: won or lost) and the organization's share taken back from its transfer
 * (`transfers.createReversal`, once: the row says it was done). A row marks its payment (and the enrollment it paid
 * for) disputed.
 */
export class PaymentDisputes1771002000000 implements MigrationInterface {
  name = 'PaymentDisputes1771002000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_disputes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        enrollment_id uuid NOT NULL REFERENCES enrollments(id) ON DELETE CASCADE,
        stripe_dispute_id text NOT NULL UNIQUE,
        payment_intent_id text NOT NULL,
        charge_id text,
        amount_cents integer NOT NULL CHECK (amount_cents > 0),
        reason text NOT NULL DEFAULT '',
        -- Stripe's status as last heard (a final one, won or lost, is never replaced by an older event's).
        status text NOT NULL,
        outcome text CHECK (outcome IN ('won', 'lost')),
        reversal_cents integer CHECK (reversal_cents >= 0),
        stripe_transfer_reversal_id text,
        -- Why the share could not be taken back (Stripe refused it): someone looks at it in Stripe.
        reversal_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      );
      CREATE INDEX payment_disputes_org_created ON payment_disputes (organization_id, created_at DESC);
      CREATE INDEX payment_disputes_enrollment ON payment_disputes (organization_id, enrollment_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_disputes`);
  }
}
