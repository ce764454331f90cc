import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

interface AnalyticsEventRow {
  organizationId: string | null;
  name: string;
  properties: Record<string, unknown>;
  occurredAt: Date;
}

/** The analytics module owns `analytics_events`; nothing else reads or writes it. */
@Injectable()
export class AnalyticsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * One statement for the whole beacon; the organization is checked in the same statement, so an unknown id
   * stores nothing. Returns how many rows were stored (0 = unknown organization). The EXISTS reads
   * `organizations` (the organizations module's table) on purpose: one statement per beacon, and the
   * foreign key would refuse an unknown id anyway; this is the only existence check left outside its owner.
   */
  async insertMany(organizationId: string | null, rows: AnalyticsEventRow[]): Promise<number> {
    const inserted: unknown[] = await this.db.query(
      `INSERT INTO analytics_events (organization_id, name, properties, occurred_at)
       SELECT $1::uuid, e.name, e.properties, e.occurred_at
         FROM jsonb_to_recordset($2::jsonb) AS e(name text, properties jsonb, occurred_at timestamptz)
        WHERE $1::uuid IS NULL OR EXISTS (SELECT 1 FROM organizations WHERE id = $1::uuid)
       RETURNING id`,
      [
        organizationId,
        JSON.stringify(rows.map((r) => ({ name: r.name, properties: r.properties, occurred_at: r.occurredAt.toISOString() }))),
      ],
    );
    return inserted.length;
  }
}
