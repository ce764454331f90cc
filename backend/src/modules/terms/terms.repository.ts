import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

/** A term as stored; dates of the term are calendar days (YYYY-MM-DD), the registration times instants. */
export interface TermRow {
  id: string;
  organizationId: string;
  name: string;
  startDate: string;
  endDate: string;
  registrationOpensAt: Date;
  registrationClosesAt: Date | null;
  earlyAccessOpensAt: Date | null;
  earlyAccessSentAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type TermWrite = Pick<
  TermRow,
  'name' | 'startDate' | 'endDate' | 'registrationOpensAt' | 'registrationClosesAt' | 'earlyAccessOpensAt'
>;

const COLUMNS = `t.id, t.organization_id AS "organizationId", t.name, to_char(t.start_date, 'YYYY-MM-DD') AS "startDate",
  to_char(t.end_date, 'YYYY-MM-DD') AS "endDate", t.registration_opens_at AS "registrationOpensAt",
  t.registration_closes_at AS "registrationClosesAt", t.early_access_opens_at AS "earlyAccessOpensAt",
  t.early_access_sent_at AS "earlyAccessSentAt", t.created_at AS "createdAt", t.updated_at AS "updatedAt"`;

/** The count of a term's classes reads the classes module's table (a declared read model). */
const CLASS_COUNT = `(SELECT count(*)::int FROM classes c WHERE c.term_id = t.id) AS "classCount"`;

/** The `terms` table. Every query names the organization, except the early-access job's claim, which spans them. */
@Injectable()
export class TermsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(organizationId: string): Promise<(TermRow & { classCount: number })[]> {
    return this.db.query(`SELECT ${COLUMNS}, ${CLASS_COUNT} FROM terms t WHERE t.organization_id = $1 ORDER BY t.start_date DESC, t.name`, [
      organizationId,
    ]);
  }

  async one(organizationId: string, id: string): Promise<(TermRow & { classCount: number }) | null> {
    const rows = await this.db.query(`SELECT ${COLUMNS}, ${CLASS_COUNT} FROM terms t WHERE t.organization_id = $1 AND t.id = $2`, [
      organizationId,
      id,
    ]);
    return rows[0] ?? null;
  }

  /** The terms of one organization by id (the class list and the registration check ask for a handful). */
  byIds(organizationId: string, ids: string[], m?: EntityManager): Promise<TermRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return (m ?? this.db.manager).query(`SELECT ${COLUMNS} FROM terms t WHERE t.organization_id = $1 AND t.id = ANY($2::uuid[])`, [
      organizationId,
      ids,
    ]);
  }

  /** The organization's terms that started before this one (an enrollment in them earns early access to it). */
  async earlierTermIds(m: EntityManager, organizationId: string, termId: string): Promise<string[]> {
    const rows: { id: string }[] = await m.query(
      `SELECT e.id FROM terms e JOIN terms t ON t.id = $2 AND t.organization_id = $1
        WHERE e.organization_id = $1 AND e.id <> t.id AND e.start_date < t.start_date`,
      [organizationId, termId],
    );
    return rows.map((r) => r.id);
  }

  async insert(organizationId: string, w: TermWrite): Promise<string> {
    const rows = await returning<{ id: string }>(
      this.db.manager,
      `INSERT INTO terms (organization_id, name, start_date, end_date, registration_opens_at, registration_closes_at, early_access_opens_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [organizationId, w.name, w.startDate, w.endDate, w.registrationOpensAt, w.registrationClosesAt, w.earlyAccessOpensAt],
    );
    return rows[0].id;
  }

  /**
   * Rewrites a term. A later early-access time than the one already emailed about sends the emails again (the
   * people were told a time that no longer holds); an unchanged one keeps the mark.
   */
  async update(organizationId: string, id: string, w: TermWrite): Promise<boolean> {
    const rows = await returning<{ id: string }>(
      this.db.manager,
      `UPDATE terms SET name = $3, start_date = $4, end_date = $5, registration_opens_at = $6, registration_closes_at = $7,
         early_access_opens_at = $8,
         early_access_sent_at = CASE WHEN early_access_opens_at IS NOT DISTINCT FROM $8 THEN early_access_sent_at END,
         updated_at = now()
       WHERE organization_id = $1 AND id = $2 RETURNING id`,
      [organizationId, id, w.name, w.startDate, w.endDate, w.registrationOpensAt, w.registrationClosesAt, w.earlyAccessOpensAt],
    );
    return rows.length > 0;
  }

  /** Deletes a term that has no class: 'deleted', 'has-classes' or 'not-found'. The check and the delete are one statement. */
  async remove(organizationId: string, id: string): Promise<'deleted' | 'has-classes' | 'not-found'> {
    const rows = await returning<{ id: string }>(
      this.db.manager,
      `DELETE FROM terms t WHERE t.organization_id = $1 AND t.id = $2
         AND NOT EXISTS (SELECT 1 FROM classes c WHERE c.term_id = t.id) RETURNING id`,
      [organizationId, id],
    );
    if (rows.length) return 'deleted';
    return (await this.one(organizationId, id)) ? 'has-classes' : 'not-found';
  }

  /**
   * One term whose early access has begun and whose emails are not queued yet, locked for the caller's transaction
   * (SKIP LOCKED: another instance takes another term, or none).
   */
  async claimEarlyAccessDue(m: EntityManager, now: Date): Promise<TermRow | null> {
    const rows = await m.query(
      `SELECT ${COLUMNS} FROM terms t
        WHERE t.early_access_opens_at IS NOT NULL AND t.early_access_opens_at <= $1 AND t.early_access_sent_at IS NULL
          AND t.registration_opens_at > $1
        ORDER BY t.early_access_opens_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    );
    return rows[0] ?? null;
  }

  async markEarlyAccessSent(m: EntityManager, id: string, at: Date): Promise<void> {
    await m.query('UPDATE terms SET early_access_sent_at = $2 WHERE id = $1', [id, at]);
  }
}
