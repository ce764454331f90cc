import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-organization limits on outbound volume (modules/outbound-limits): messages and webhook deliveries per minute.
 * `outbound_limits` holds an organization's own figures set by platform staff (NULL: the deployment's default);
 * `outbound_usage` is one row per organization and kind counting what was claimed for sending in the current minute
 * (`window_start`): the row is reused minute after minute (a stale window counts as empty), so it never grows, and its
 * row lock is what makes two instances share one allowance instead of each spending it.
 */
export class OutboundLimits1771009000000 implements MigrationInterface {
  name = 'OutboundLimits1771009000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE outbound_limits (
        organization_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
        messages_per_minute integer CHECK (messages_per_minute BETWEEN 1 AND 1000000),
        webhooks_per_minute integer CHECK (webhooks_per_minute BETWEEN 1 AND 1000000),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE outbound_usage (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('message', 'webhook')),
        window_start timestamptz NOT NULL,
        used integer NOT NULL CHECK (used >= 0),
        PRIMARY KEY (organization_id, kind)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE outbound_usage; DROP TABLE outbound_limits;');
  }
}
