import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The per-IP rate-limit counters, shared by every instance on the database (so four instances enforce one budget, not
 * four). UNLOGGED: no write-ahead log for a row written on every limited request, at the price of the counters being
 * emptied after a database crash (a fresh budget for everyone, which is harmless). Not replicated to standbys either.
 */
export class RateLimitCounters1766600000000 implements MigrationInterface {
  name = 'RateLimitCounters1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE UNLOGGED TABLE rate_limit_counters (
        key text PRIMARY KEY,
        hits integer NOT NULL,
        window_ends timestamptz NOT NULL,
        blocked_until timestamptz
      )`);
    // The sweep deletes rows whose window (and block) has passed.
    await q.query('CREATE INDEX rate_limit_counters_window_ends ON rate_limit_counters (window_ends)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rate_limit_counters');
  }
}
