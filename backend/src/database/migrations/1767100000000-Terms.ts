import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Terms (seasons) and registration opening times. A term carries the season's dates and when its registration opens
 * and closes; a class may belong to one term of its own organization and may override the opening and closing. A term
 * with classes cannot be deleted (the foreign key refuses it, and the API says so first). `early_access_sent_at`
 * marks a term whose early-access emails were queued, so the job queues them once.
 */
export class Terms1767100000000 implements MigrationInterface {
  name = 'Terms1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE terms (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        name text NOT NULL,
        start_date date NOT NULL,
        end_date date NOT NULL,
        registration_opens_at timestamptz NOT NULL,
        registration_closes_at timestamptz,
        early_access_opens_at timestamptz,
        early_access_sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT terms_dates_check CHECK (end_date >= start_date),
        CONSTRAINT terms_closes_check CHECK (registration_closes_at IS NULL OR registration_closes_at > registration_opens_at),
        CONSTRAINT terms_early_check CHECK (early_access_opens_at IS NULL OR early_access_opens_at < registration_opens_at)
      );
      CREATE INDEX terms_organization_idx ON terms (organization_id, start_date);
      CREATE INDEX terms_early_access_due_idx ON terms (early_access_opens_at)
        WHERE early_access_opens_at IS NOT NULL AND early_access_sent_at IS NULL;
      ALTER TABLE classes
        ADD COLUMN term_id uuid REFERENCES terms(id) ON DELETE RESTRICT,
        ADD COLUMN registration_opens_at timestamptz,
        ADD COLUMN registration_closes_at timestamptz;
      CREATE INDEX classes_term_idx ON classes (term_id) WHERE term_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE classes DROP COLUMN term_id, DROP COLUMN registration_opens_at, DROP COLUMN registration_closes_at;
      DROP TABLE terms;
    `);
  }
}
