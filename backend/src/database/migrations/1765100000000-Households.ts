import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Household registration: each attendee is a student of their own (rosters, attendance, counts and
 * refunds stay per person) linked to the household contact, whose email and phone they share. The email is then
 * unique among contacts only. Enrollments paid together share one PaymentIntent and carry the group's first
 * enrollment id, so the intent id is no longer unique per enrollment.
 */
export class Households1765100000000 implements MigrationInterface {
  name = 'Households1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE students
        ADD COLUMN household_contact_id uuid REFERENCES students(id) ON DELETE CASCADE,
        ADD COLUMN date_of_birth date,
        ADD CONSTRAINT students_household_not_self CHECK (household_contact_id IS NULL OR household_contact_id <> id);
      DROP INDEX students_org_email_key;
      CREATE UNIQUE INDEX students_org_email_key ON students (organization_id, lower(email)) WHERE household_contact_id IS NULL;
      CREATE UNIQUE INDEX students_household_attendee_key ON students (household_contact_id, lower(first_name), lower(last_name))
        WHERE household_contact_id IS NOT NULL;

      ALTER TABLE enrollments ADD COLUMN household_group_id uuid;
      DROP INDEX enrollments_payment_intent_key;
      CREATE INDEX enrollments_payment_intent_idx ON enrollments (stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL;
      CREATE INDEX enrollments_household_group_idx ON enrollments (household_group_id) WHERE household_group_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX enrollments_household_group_idx;
      DROP INDEX enrollments_payment_intent_idx;
      CREATE UNIQUE INDEX enrollments_payment_intent_key ON enrollments (stripe_payment_intent_id) WHERE stripe_payment_intent_id IS NOT NULL;
      ALTER TABLE enrollments DROP COLUMN household_group_id;
      DELETE FROM students WHERE household_contact_id IS NOT NULL;
      DROP INDEX students_household_attendee_key;
      DROP INDEX students_org_email_key;
      CREATE UNIQUE INDEX students_org_email_key ON students (organization_id, lower(email));
      ALTER TABLE students DROP CONSTRAINT students_household_not_self, DROP COLUMN date_of_birth, DROP COLUMN household_contact_id;
    `);
  }
}
