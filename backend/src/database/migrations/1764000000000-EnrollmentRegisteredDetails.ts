import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Decision 15: an anonymous registration never changes a known student's stored name, phone or
 * consent. The details typed at registration are kept on the enrollment instead, so the admin sees when
 * they differ and decides. NULL means the enrollment was not made through the public form.
 */
export class EnrollmentRegisteredDetails1764000000000 implements MigrationInterface {
  name = 'EnrollmentRegisteredDetails1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enrollments
        ADD COLUMN registered_first_name text,
        ADD COLUMN registered_last_name text,
        ADD COLUMN registered_phone text,
        ADD COLUMN registered_communication_opt_in boolean;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE enrollments
        DROP COLUMN registered_first_name,
        DROP COLUMN registered_last_name,
        DROP COLUMN registered_phone,
        DROP COLUMN registered_communication_opt_in;
    `);
  }
}
