import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A student's preferred language (issue 42 §2): taken from the page they registered on, editable by the admin and in
 * the portal; the messages the product sends them are written in it. Null: not known (a student from before, an
 * import, a household attendee): their messages then use the organization's default language (its settings).
 */
export class StudentLanguage1772006000000 implements MigrationInterface {
  name = 'StudentLanguage1772006000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE students ADD COLUMN language text CHECK (language IN ('en', 'es', 'fr'))`);
    // A waiting person has no student record yet: their entry keeps the language of the page they joined on.
    await q.query(`ALTER TABLE waitlist_entries ADD COLUMN language text CHECK (language IN ('en', 'es', 'fr'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE waitlist_entries DROP COLUMN language');
    await q.query('ALTER TABLE students DROP COLUMN language');
  }
}
