import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The revenue report's discounts given read the price quote of every payment of the range that took something off
 * (a negative line). Without an index of their own, that statement read every payment of the range and tested its
 * quote, a year of payments in parallel workers: more database time than the rest of the report. This partial index
 * holds only the discounted payments, by organization and payment time (its condition is the statement's, word for
 * word, so the planner can use it), so the statement reads those and nothing else.
 */
export class ReportDiscountedPayments1769100000000 implements MigrationInterface {
  name = 'ReportDiscountedPayments1769100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX enrollments_org_discounted_paid_idx ON enrollments (organization_id, paid_at)
        WHERE price_breakdown @? '$[*] ? (@.amount < 0)';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX enrollments_org_discounted_paid_idx');
  }
}
