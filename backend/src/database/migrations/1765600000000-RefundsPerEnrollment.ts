import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One Stripe refund may be recorded against several enrollments: a refund made in the Stripe dashboard on a household's
 * shared PaymentIntent is spread over the people it paid for. A refund id is unique per enrollment instead of overall.
 */
export class RefundsPerEnrollment1765600000000 implements MigrationInterface {
  name = 'RefundsPerEnrollment1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE refunds DROP CONSTRAINT refunds_stripe_refund_id_key');
    await q.query('CREATE UNIQUE INDEX refunds_stripe_refund_enrollment_key ON refunds (stripe_refund_id, enrollment_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX refunds_stripe_refund_enrollment_key');
    await q.query('ALTER TABLE refunds ADD CONSTRAINT refunds_stripe_refund_id_key UNIQUE (stripe_refund_id)');
  }
}
