import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dispute of an instalment's charge (issue 40 §5), on the instalment itself (payment-plans' table): the payments
 * module's `payment_disputes` keeps the dispute; `dispute_status` says what it did to this instalment ('open' while the
 * bank decides, then 'won', or 'lost': the money went back to the payer, and the instalment is unpaid again), and
 * `disputed_at` when it was first heard of. Null: never disputed.
 */
export class InstalmentDisputes1773003000000 implements MigrationInterface {
  name = 'InstalmentDisputes1773003000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payment_plan_instalments
        ADD COLUMN dispute_status text CHECK (dispute_status IN ('open', 'won', 'lost')),
        ADD COLUMN disputed_at timestamptz;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_plan_instalments DROP COLUMN dispute_status, DROP COLUMN disputed_at`);
  }
}
