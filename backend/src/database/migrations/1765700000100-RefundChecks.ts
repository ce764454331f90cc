import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `refund_checks` (owned by payments): card payments with a Stripe refund that is not final yet (pending, or waiting
 * for the customer). The contract's events tell of a refund when it is made, not when it later succeeds or fails, so
 * the payments job lists such a payment's refunds again (`refunds.list`) at `check_after` until every one is final,
 * then deletes the row. One row per PaymentIntent; claimed with FOR UPDATE SKIP LOCKED, so instances share the work.
 */
export class RefundChecks1765700000100 implements MigrationInterface {
  name = 'RefundChecks1765700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refund_checks (
        payment_intent_id text PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        check_after timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX refund_checks_due ON refund_checks (check_after);
      CREATE INDEX refund_checks_organization ON refund_checks (organization_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE refund_checks');
  }
}
