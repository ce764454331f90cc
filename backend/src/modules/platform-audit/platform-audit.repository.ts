import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export type AuditOutcome = 'success' | 'refused' | 'failed';

export interface AuditEntryInput {
  staffId: string | null;
  staffUsername: string;
  action: string;
  targetOrganizationId?: string | null;
  request?: Record<string, unknown>;
  outcome: AuditOutcome;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export interface AuditEntryRow {
  id: string;
  created_at: Date;
  staff_id: string | null;
  staff_username: string;
  action: string;
  target_organization_id: string | null;
  request: Record<string, unknown>;
  outcome: AuditOutcome;
  detail: Record<string, unknown>;
  ip: string | null;
}

/** `platform_audit_log`: insert and read only; the database refuses UPDATE, DELETE and TRUNCATE (migration 1764800000000). */
@Injectable()
export class PlatformAuditRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(entry: AuditEntryInput, manager?: EntityManager): Promise<void> {
    await (manager ?? this.db).query(
      `INSERT INTO platform_audit_log (staff_id, staff_username, action, target_organization_id, request, outcome, detail, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        entry.staffId,
        entry.staffUsername,
        entry.action,
        entry.targetOrganizationId ?? null,
        JSON.stringify(entry.request ?? {}),
        entry.outcome,
        JSON.stringify(entry.detail ?? {}),
        entry.ip ?? null,
      ],
    );
  }

  /** Newest first; `id` is text (bigserial) so it survives JSON. */
  async list(
    filter: { organizationId?: string; action?: string; outcome?: string },
    offset: number,
    limit: number,
  ): Promise<[AuditEntryRow[], number]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.organizationId) where.push(`target_organization_id = $${params.push(filter.organizationId)}`);
    if (filter.action) where.push(`action = $${params.push(filter.action)}`);
    if (filter.outcome) where.push(`outcome = $${params.push(filter.outcome)}`);
    const sql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n FROM platform_audit_log ${sql}`, params);
    const rows = await this.db.query(
      `SELECT id::text AS id, created_at, staff_id, staff_username, action, target_organization_id, request, outcome, detail, ip
         FROM platform_audit_log ${sql}
        ORDER BY created_at DESC, id DESC
        OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, offset, limit],
    );
    return [rows, n];
  }
}
