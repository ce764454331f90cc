import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { PlanResponse } from '../subscriptions/plan.entity';
import type { SubscriptionFacts } from '../subscriptions/plan-policy';

export interface ApiKeyRow {
  id: string;
  organizationId: string;
  createdBy: string;
  name: string;
  scopes: ('read' | 'write')[];
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** A live key with what authenticating a request needs: its creator and the organization's plan facts. */
export interface KeyForRequest extends ApiKeyRow {
  email: string;
  firstName: string;
  lastName: string;
  subscription: SubscriptionFacts | null;
  /** Features of the plan on record, of the booked change and of Free: the plan policy picks the one that applies. */
  planFeatures: PlanResponse['features'] | null;
  scheduledFeatures: PlanResponse['features'] | null;
  freeFeatures: PlanResponse['features'];
}

const COLUMNS = `k.id, k.organization_id AS "organizationId", k.created_by AS "createdBy", k.name, k.scopes, k.prefix,
  k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt", k.revoked_at AS "revokedAt"`;

/**
 * The api_keys table, and one read model on purpose: authenticating a key reads its creator (users) and the
 * organization's subscription and plans (subscriptions, subscription_plans) in the same statement, so every
 * request made with a key costs one round trip on the unique index of the secret's hash.
 */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(row: Pick<ApiKeyRow, 'organizationId' | 'createdBy' | 'name' | 'scopes' | 'prefix'> & { secretHash: string }) {
    const rows: ApiKeyRow[] = await this.db.query(
      `INSERT INTO api_keys AS k (organization_id, created_by, name, scopes, prefix, secret_hash)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [row.organizationId, row.createdBy, row.name, row.scopes, row.prefix, row.secretHash],
    );
    return rows[0];
  }

  list(organizationId: string): Promise<ApiKeyRow[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM api_keys k WHERE k.organization_id = $1 ORDER BY k.created_at DESC, k.id`, [
      organizationId,
    ]);
  }

  /** Revokes the organization's key; null when it has no such key. Revoking twice keeps the first time. */
  async revoke(organizationId: string, id: string): Promise<ApiKeyRow | null> {
    const rows = await returning<ApiKeyRow>(
      this.db,
      `UPDATE api_keys k SET revoked_at = COALESCE(revoked_at, now()) WHERE k.id = $1 AND k.organization_id = $2 RETURNING ${COLUMNS}`,
      [id, organizationId],
    );
    return rows[0] ?? null;
  }

  /**
   * The live key with this secret hash, or null. Last use is written at most once a minute per key (in the same
   * statement), so a busy integration does not turn every read into a write.
   */
  async findForRequest(secretHash: string): Promise<KeyForRequest | null> {
    const rows: (KeyForRequest & { hasSubscription: boolean } & Record<string, unknown>)[] = await this.db.query(
      `WITH k AS (SELECT * FROM api_keys WHERE secret_hash = $1 AND revoked_at IS NULL),
       touched AS (
         UPDATE api_keys SET last_used_at = now() FROM k
         WHERE api_keys.id = k.id AND (k.last_used_at IS NULL OR k.last_used_at < now() - interval '1 minute')
       )
       SELECT ${COLUMNS}, u.email, u.first_name AS "firstName", u.last_name AS "lastName",
         s.organization_id IS NOT NULL AS "hasSubscription", s.plan_id AS "planId", s.status,
         s.scheduled_plan_id AS "scheduledPlanId", s.scheduled_change_at AS "scheduledChangeAt",
         p.features AS "planFeatures", sp.features AS "scheduledFeatures", f.features AS "freeFeatures"
       FROM k JOIN users u ON u.id = k.created_by
       LEFT JOIN subscriptions s ON s.organization_id = k.organization_id
       LEFT JOIN subscription_plans p ON p.id = s.plan_id
       LEFT JOIN subscription_plans sp ON sp.id = s.scheduled_plan_id
       LEFT JOIN subscription_plans f ON f.id = 'free'`,
      [secretHash],
    );
    const r = rows[0];
    if (!r) return null;
    const subscription: SubscriptionFacts | null = r.hasSubscription
      ? {
          planId: r.planId as string,
          status: r.status as SubscriptionFacts['status'],
          scheduledPlanId: r.scheduledPlanId as string | null,
          scheduledChangeAt: r.scheduledChangeAt as Date | null,
        }
      : null;
    return { ...r, subscription };
  }
}
