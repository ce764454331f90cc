import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';

/**
 * retention_runs: one row per rule, the lease of the instance running it and when it last finished. A rule runs at
 * most once a day whatever the number of instances; a run whose process died is taken over when its lease ends.
 */
@Injectable()
export class RetentionRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Takes the rule's lease for `leaseMs` when it is due (not finished within `everyMs`, or `force`) and nobody holds
   * it. True when this caller now runs it.
   */
  async claim(rule: string, leaseMs: number, everyMs: number, force: boolean): Promise<boolean> {
    await this.db.query('INSERT INTO retention_runs (rule) VALUES ($1) ON CONFLICT (rule) DO NOTHING', [rule]);
    const rows = await returning(
      this.db,
      `UPDATE retention_runs SET lease_until = now() + $2 * interval '1 millisecond', started_at = now()
        WHERE rule = $1 AND (lease_until IS NULL OR lease_until < now())
          AND ($4 OR last_finished_at IS NULL OR last_finished_at < now() - $3 * interval '1 millisecond')
        RETURNING rule`,
      [rule, leaseMs, everyMs, force],
    );
    return rows.length > 0;
  }

  /** Keeps the lease while a long run goes on. */
  async extend(rule: string, leaseMs: number): Promise<void> {
    await this.db.query(`UPDATE retention_runs SET lease_until = now() + $2 * interval '1 millisecond' WHERE rule = $1`, [rule, leaseMs]);
  }

  async finish(rule: string, deleted: number, cutoff: Date): Promise<void> {
    await this.db.query(
      `UPDATE retention_runs SET lease_until = NULL, last_finished_at = now(), last_deleted = $2, last_cutoff = $3 WHERE rule = $1`,
      [rule, deleted, cutoff],
    );
  }

  /** A failed run gives its lease back: the next check tries again. */
  async release(rule: string): Promise<void> {
    await this.db.query('UPDATE retention_runs SET lease_until = NULL WHERE rule = $1', [rule]);
  }

  async state(): Promise<{ rule: string; lastFinishedAt: Date | null; lastDeleted: number | null; lastCutoff: Date | null }[]> {
    return this.db.query(
      `SELECT rule, last_finished_at AS "lastFinishedAt", last_deleted AS "lastDeleted", last_cutoff AS "lastCutoff"
         FROM retention_runs ORDER BY rule`,
    );
  }
}
