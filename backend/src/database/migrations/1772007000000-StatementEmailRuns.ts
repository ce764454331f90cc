import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The January year-end statement emails (issue 43 §3), one row per organization and statement year once its emails
 * are in the outbox. The row is inserted first in the transaction that queues them (its primary key is the claim: a
 * second instance's insert waits, then finds it and queues nothing), so each organization's run happens once; each
 * email's dedupe key keeps a payer's to one besides.
 */
export class StatementEmailRuns1772007000000 implements MigrationInterface {
  name = 'StatementEmailRuns1772007000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE statement_email_runs (
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        year integer NOT NULL CHECK (year BETWEEN 2000 AND 2100),
        emails integer NOT NULL DEFAULT 0,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, year)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE statement_email_runs');
  }
}
