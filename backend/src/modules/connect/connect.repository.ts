import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';
import { storedRequirements, type AccountRequirements, type AccountState } from './account-state';

export interface ConnectAccountRow {
  organizationId: string;
  stripeAccountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirements: AccountRequirements;
  refreshedAt: Date;
}

const COLUMNS = `organization_id AS "organizationId", stripe_account_id AS "stripeAccountId", charges_enabled AS "chargesEnabled",
  payouts_enabled AS "payoutsEnabled", details_submitted AS "detailsSubmitted", requirements, refreshed_at AS "refreshedAt"`;

const mapRow = (row: ConnectAccountRow | undefined): ConnectAccountRow | null =>
  row ? { ...row, requirements: storedRequirements(row.requirements) } : null;

/** `connect_accounts`: one Stripe Express account per organization and its last known state. */
@Injectable()
export class ConnectRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findByOrganization(organizationId: string, manager?: EntityManager): Promise<ConnectAccountRow | null> {
    const rows = (await (manager ?? this.db).query(`SELECT ${COLUMNS} FROM connect_accounts WHERE organization_id = $1`, [
      organizationId,
    ])) as ConnectAccountRow[];
    return mapRow(rows[0]);
  }

  /**
   * Serialises account creation for one organization until the caller's transaction ends. An advisory lock,
   * not the organization row: the Stripe call runs while it is held, and registrations lock that row.
   */
  async lockOrganization(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('connect_accounts:' || $1, 0))`, [organizationId]);
  }

  async insert(manager: EntityManager, organizationId: string, stripeAccountId: string, state: AccountState): Promise<ConnectAccountRow> {
    const rows = (await manager.query(
      `INSERT INTO connect_accounts (organization_id, stripe_account_id, charges_enabled, payouts_enabled, details_submitted, requirements)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [
        organizationId,
        stripeAccountId,
        state.chargesEnabled,
        state.payoutsEnabled,
        state.detailsSubmitted,
        JSON.stringify(state.requirements),
      ],
    )) as ConnectAccountRow[];
    return mapRow(rows[0])!;
  }

  /** The state read from Stripe just now; null when no organization of ours has this account. */
  async saveState(stripeAccountId: string, state: AccountState, manager?: EntityManager): Promise<ConnectAccountRow | null> {
    const rows = await returning<ConnectAccountRow>(
      manager ?? this.db,
      `UPDATE connect_accounts
          SET charges_enabled = $2, payouts_enabled = $3, details_submitted = $4, requirements = $5,
              refreshed_at = now(), updated_at = now()
        WHERE stripe_account_id = $1
        RETURNING ${COLUMNS}`,
      [stripeAccountId, state.chargesEnabled, state.payoutsEnabled, state.detailsSubmitted, JSON.stringify(state.requirements)],
    );
    return mapRow(rows[0]);
  }

  async accountExists(stripeAccountId: string, manager?: EntityManager): Promise<boolean> {
    const rows = (await (manager ?? this.db).query(`SELECT 1 FROM connect_accounts WHERE stripe_account_id = $1`, [
      stripeAccountId,
    ])) as unknown[];
    return rows.length > 0;
  }
}
