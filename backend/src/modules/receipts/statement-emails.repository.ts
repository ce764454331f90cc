import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** `statement_email_runs` (this module's table): which organizations' January statement emails were queued, per year. */
@Injectable()
export class StatementEmailsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The organizations with receipts numbered in one of these years whose statement emails for it were not queued yet. */
  async due(years: number[]): Promise<{ organizationId: string; year: number }[]> {
    return this.db.query(
      `SELECT DISTINCT r.organization_id AS "organizationId", r.year
         FROM receipts r
        WHERE r.year = ANY($1::int[]) AND r.kind = 'receipt'
          AND NOT EXISTS (SELECT 1 FROM statement_email_runs s WHERE s.organization_id = r.organization_id AND s.year = r.year)
        ORDER BY 1, 2`,
      [years],
    );
  }

  /**
   * Claims the organization's run for the year in the caller's transaction: true for the one transaction that inserted
   * the row. Another instance's insert waits for this transaction and then inserts nothing (false).
   */
  async claim(m: EntityManager, organizationId: string, year: number): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO statement_email_runs (organization_id, year) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING year`,
      [organizationId, year],
    );
    return rows.length === 1;
  }

  async finish(m: EntityManager, organizationId: string, year: number, emails: number): Promise<void> {
    await m.query('UPDATE statement_email_runs SET emails = $3, sent_at = now() WHERE organization_id = $1 AND year = $2', [
      organizationId,
      year,
      emails,
    ]);
  }
}
