import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

export interface ClosedDate {
  id: string;
  name: string;
  /** The calendar date (YYYY-MM-DD) the organization is closed. */
  date: string;
}

const COLUMNS = `id, name, to_char(date, 'YYYY-MM-DD') AS date`;

/** The closed_dates table (this module's own): the days an organization holds no session. */
@Injectable()
export class ClosedDatesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(organizationId: string, manager?: EntityManager): Promise<ClosedDate[]> {
    return (manager ?? this.db).query(`SELECT ${COLUMNS} FROM closed_dates WHERE organization_id = $1 ORDER BY date`, [organizationId]);
  }

  find(organizationId: string, id: string): Promise<ClosedDate | undefined> {
    return this.db
      .query(`SELECT ${COLUMNS} FROM closed_dates WHERE organization_id = $1 AND id = $2`, [organizationId, id])
      .then((r: ClosedDate[]) => r[0]);
  }

  /** Inserts the date; null when the organization already has that date closed. */
  async insert(organizationId: string, name: string, date: string): Promise<ClosedDate | null> {
    const rows: ClosedDate[] = await this.db.query(
      `INSERT INTO closed_dates (organization_id, name, date) VALUES ($1, $2, $3::date)
       ON CONFLICT (organization_id, date) DO NOTHING RETURNING ${COLUMNS}`,
      [organizationId, name, date],
    );
    return rows[0] ?? null;
  }

  /** Renames or moves a closed date; null when not found, 'taken' when another entry has that date. */
  async update(organizationId: string, id: string, name: string, date: string): Promise<ClosedDate | null | 'taken'> {
    try {
      const rows = await returning<ClosedDate>(
        this.db,
        `UPDATE closed_dates SET name = $3, date = $4::date WHERE organization_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [organizationId, id, name, date],
      );
      return rows[0] ?? null;
    } catch (e) {
      if ((e as { code?: string }).code === '23505') return 'taken';
      throw e;
    }
  }

  async delete(organizationId: string, id: string): Promise<boolean> {
    const rows = await returning(this.db, 'DELETE FROM closed_dates WHERE organization_id = $1 AND id = $2 RETURNING id', [
      organizationId,
      id,
    ]);
    return rows.length > 0;
  }
}
