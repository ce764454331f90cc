import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Enrollments by organization: the IT-admin counts, student payments and payment reset select an
 * organization's enrollments; without this index each of them read the whole table.
 */
export class EnrollmentsOrganizationIndex1764800000001 implements MigrationInterface {
  name = 'EnrollmentsOrganizationIndex1764800000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX enrollments_organization_status_idx ON enrollments (organization_id, status)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX enrollments_organization_status_idx');
  }
}
