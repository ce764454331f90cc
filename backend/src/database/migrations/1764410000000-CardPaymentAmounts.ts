import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two columns the card flow needs beside the shared money trail:
 * - `enrollments.amount_due_cents`: the price the server computed when the seat was held. The PaymentIntent is
 *   checked against it (a later change of the class price does not make a paid intent look tampered with).
 * - `refunds.idempotency_key`: the admin's Idempotency-Key of a refund request, so a retried request (double click,
 *   network retry) answers the first refund instead of refunding twice.
 */
export class CardPaymentAmounts1764410000000 implements MigrationInterface {
  name = 'CardPaymentAmounts1764410000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enrollments ADD COLUMN amount_due_cents integer CHECK (amount_due_cents >= 0);
      ALTER TABLE refunds ADD COLUMN idempotency_key text;
      CREATE UNIQUE INDEX refunds_idempotency_key ON refunds (enrollment_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX refunds_idempotency_key;
      ALTER TABLE refunds DROP COLUMN idempotency_key;
      ALTER TABLE enrollments DROP COLUMN amount_due_cents;
    `);
  }
}
