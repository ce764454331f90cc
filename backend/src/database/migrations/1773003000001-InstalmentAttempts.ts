import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `payment_plan_attempts` (payment-plans' table): every try to pay an instalment (issue 40 §4, the admin's plan page),
 * where `payment_plan_instalments` keeps only the last. One row per recorded outcome: an off-session attempt by the job
 * or an admin (its idempotency key, outcome and decline code), a bank debit's later settling, a payment by the payer
 * from the portal, a dispute lost. Appended in the transaction that records the outcome, never changed.
 */
export class InstalmentAttempts1773003000001 implements MigrationInterface {
  name = 'InstalmentAttempts1773003000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_plan_attempts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        instalment_id uuid NOT NULL REFERENCES payment_plan_instalments(id) ON DELETE CASCADE,
        attempt_key text,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        outcome text NOT NULL,
        decline_code text,
        stripe_payment_intent_id text
      );
      CREATE INDEX payment_plan_attempts_org_instalment_idx ON payment_plan_attempts (organization_id, instalment_id, attempted_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_plan_attempts`);
  }
}
