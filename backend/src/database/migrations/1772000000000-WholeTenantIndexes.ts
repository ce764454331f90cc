import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two tables whose only index leading with organization_id was partial, so a query for all of an organization's rows
 * read every organization's:
 * - students: since households, the one such index covers emails outside households; every list, count and dashboard
 *   figure of an organization's students read the whole table (the breadth bench's plans showed it at 10,000
 *   organizations, 500,000 students). The new one also hands the admin list its order (newest first, then id).
 * - webhook_endpoints: indexed for active endpoints only; the admin's list shows inactive ones too. The whole index
 *   replaces it (an organization has a handful of endpoints, the active filter costs nothing on them).
 */
export class WholeTenantIndexes1772000000000 implements MigrationInterface {
  name = 'WholeTenantIndexes1772000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX students_org_created_idx ON students (organization_id, created_at DESC, id);
      DROP INDEX webhook_endpoints_organization_idx;
      CREATE INDEX webhook_endpoints_organization_idx ON webhook_endpoints (organization_id, created_at, id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX webhook_endpoints_organization_idx;
      CREATE INDEX webhook_endpoints_organization_idx ON webhook_endpoints (organization_id) WHERE active;
      DROP INDEX students_org_created_idx;
    `);
  }
}
