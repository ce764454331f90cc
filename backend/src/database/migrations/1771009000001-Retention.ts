import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The nightly clean-up's bookkeeping (modules/retention): one row per rule, the lease of the instance running it and
 * what its last run did. Plus the index the Stripe events' rule walks (processed events by arrival; unprocessed ones
 * are never deleted).
 */
export class Retention1771009000001 implements MigrationInterface {
  name = 'Retention1771009000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE retention_runs (
        rule text PRIMARY KEY,
        lease_until timestamptz,
        started_at timestamptz,
        last_finished_at timestamptz,
        last_deleted bigint,
        last_cutoff timestamptz
      );
      CREATE INDEX stripe_events_processed_received_idx ON stripe_events (received_at) WHERE processed_at IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX stripe_events_processed_received_idx; DROP TABLE retention_runs;');
  }
}
