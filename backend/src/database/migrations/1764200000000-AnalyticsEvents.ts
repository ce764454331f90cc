import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the pages report through the analytics beacon (A/B assignments and conversions, class searches…).
 * organization_id is null for platform pages (the marketing home page); no IP or user is stored.
 */
export class AnalyticsEvents1764200000000 implements MigrationInterface {
  name = 'AnalyticsEvents1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE analytics_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        properties jsonb NOT NULL DEFAULT '{}',
        occurred_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX analytics_events_org_name_time ON analytics_events (organization_id, name, occurred_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE analytics_events');
  }
}
