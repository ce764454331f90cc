import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A staff user's language for the admin app and teacher mode (issue 42): a profile setting, so the choice made in the
 * header's switcher follows the person to every device. Null: not chosen yet (the app then uses the browser's
 * language, and the organization's default language once organizations have one).
 */
export class StaffLanguage1771007000000 implements MigrationInterface {
  name = 'StaffLanguage1771007000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'es', 'fr'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN language');
  }
}
