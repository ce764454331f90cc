import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One definition of when a class's session starts, for every query that needs session dates (reports, the data
 * export, the teacher's day, the class milestones). Sessions are start_date + i × 1 day (Consecutive) or 7 days
 * (Weekly), in whole 24-hour steps, exactly as sessionDates() in class.entity.ts builds them. A plain SQL expression
 * marked STABLE (timestamptz arithmetic is) and PARALLEL SAFE: PostgreSQL inlines it into the calling query, so it
 * costs what the repeated expression cost and index use is unchanged.
 */
export class ClassSessionStart1765750000000 implements MigrationInterface {
  name = 'ClassSessionStart1765750000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION class_session_start(start_date timestamptz, schedule text, session_index integer) RETURNS timestamptz
        LANGUAGE sql STABLE PARALLEL SAFE
        AS $$ SELECT start_date + make_interval(hours => 24 * session_index * CASE WHEN schedule = 'Weekly' THEN 7 ELSE 1 END) $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION class_session_start(timestamptz, text, integer)');
  }
}
