import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Charging instalments off-session (payments/instalment-charges.ts). An instalment is claimed under a lease
 * (`lease_until`) by one instance at a time; `attempt_key` is the idempotency key of the attempt in flight, written
 * BEFORE Stripe is called and cleared only once the attempt's outcome is recorded: an instance that dies between the
 * call and the record leaves the key, and whoever takes the instalment after the lease asks Stripe again with it, so
 * Stripe answers the first result instead of charging twice. `next_attempt_at` is a soft decline's retry time.
 */
export class InstalmentCharges1771009000002 implements MigrationInterface {
  name = 'InstalmentCharges1771009000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payment_plan_instalments
        ADD COLUMN next_attempt_at timestamptz,
        ADD COLUMN lease_until timestamptz,
        ADD COLUMN attempt_key text,
        ADD COLUMN last_outcome text,
        ADD COLUMN last_decline_code text,
        ADD COLUMN paid_at timestamptz;
      CREATE INDEX payment_plan_instalments_charge_idx ON payment_plan_instalments (organization_id, (coalesce(next_attempt_at, due_at)))
        WHERE status = 'scheduled';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX payment_plan_instalments_charge_idx;
      ALTER TABLE payment_plan_instalments DROP COLUMN next_attempt_at, DROP COLUMN lease_until, DROP COLUMN attempt_key,
        DROP COLUMN last_outcome, DROP COLUMN last_decline_code, DROP COLUMN paid_at;
    `);
  }
}
