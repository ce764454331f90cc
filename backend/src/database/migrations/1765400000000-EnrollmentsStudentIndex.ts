import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Enrollments by student, whatever their status (the unique index on (student_id, class_id) covers held and
 * active rows only): whether a student counts toward the plan's maxStudents looks at all of a student's
 * enrollments (docs/decisions/who-counts-toward-maxstudents.md).
 */
export class EnrollmentsStudentIndex1765400000000 implements MigrationInterface {
  name = 'EnrollmentsStudentIndex1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX enrollments_student_idx ON enrollments (student_id, status)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX enrollments_student_idx');
  }
}
