import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per organization counting the students that count toward the plan's maxStudents, so the limit is enforced
 * by one conditional update of this row (`students < limit`) instead of a lock on the organization row held for the
 * whole registration: registrations in different classes no longer queue behind each other. `students` NULL means
 * "not counted" (an organization on an unlimited plan does not keep the count up to date); the next check under a
 * limited plan recounts from the tables under the row's lock. Backfilled here with the same count the plan usage
 * report shows.
 */
export class OrganizationUsage1767200000000 implements MigrationInterface {
  name = 'OrganizationUsage1767200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organization_usage (
        organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
        students integer CHECK (students >= 0),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO organization_usage (organization_id, students)
      SELECT o.id,
             (SELECT count(*)::int FROM students s WHERE s.organization_id = o.id)
             - (SELECT count(DISTINCT e.student_id)::int FROM enrollments e
                 WHERE e.organization_id = o.id AND e.status = 'expired'
                   AND NOT EXISTS (SELECT 1 FROM enrollments x WHERE x.student_id = e.student_id AND x.status <> 'expired'))
        FROM organizations o`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE organization_usage');
  }
}
