import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscribable calendar feeds: a secret token in the feed's URL (only its SHA-256 stored, so the URL is shown
 * once). Scope: the organization's classes, one class, or the classes whose instructor is the feed's owner (a
 * teacher). A feed goes with its owner and its class; a revoked one stays listed and answers 404.
 */
export class CalendarFeeds1766500000200 implements MigrationInterface {
  name = 'CalendarFeeds1766500000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_feeds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        scope text NOT NULL CHECK (scope IN ('organization', 'class', 'teacher')),
        class_id uuid REFERENCES classes(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        CONSTRAINT calendar_feeds_class_check CHECK ((scope = 'class') = (class_id IS NOT NULL))
      );
      CREATE INDEX calendar_feeds_organization_idx ON calendar_feeds (organization_id, created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE calendar_feeds');
  }
}
