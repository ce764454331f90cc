import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every verified Stripe event, stored by its id before it is processed (webhook or reconciliation), so a
 * duplicate, a concurrent delivery or a retry after a failure processes it exactly once (processed_at).
 * The checkpoint row is where the reconciliation job's next `events.list` starts (created >= checkpoint).
 */
export class StripeEvents1764300000000 implements MigrationInterface {
  name = 'StripeEvents1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        created timestamptz NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        error text,
        attempts integer NOT NULL DEFAULT 0
      );
      CREATE INDEX stripe_events_unprocessed ON stripe_events (created) WHERE processed_at IS NULL;
      CREATE TABLE stripe_event_checkpoints (
        name text PRIMARY KEY,
        checkpoint timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO stripe_event_checkpoints (name, checkpoint) VALUES ('events', now() - interval '1 day');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE stripe_event_checkpoints; DROP TABLE stripe_events');
  }
}
