import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface ConnectAccountRow {
  organizationId: string;
  stripeAccountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirements: Record<string, unknown>;
  refreshedAt: Date;
}

const COLUMNS = `organization_id AS "organizationId", stripe_account_id AS "stripeAccountId", charges_enabled AS "chargesEnabled",
  payouts_enabled AS "payoutsEnabled", details_submitted AS "detailsSubmitted", requirements, refreshed_at AS "refreshedAt"`;

/** `connect_accounts`: one Stripe Express account per organization and its last known state. */
@Injectable()
export class ConnectRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findByOrganization(organizationId: string, manager?: EntityManager): Promise<ConnectAccountRow | null> {
    const rows = (await (manager ?? this.db).query(`SELECT ${COLUMNS} FROM connect_accounts WHERE organization_id = $1`, [
      organizationId,
    ])) as ConnectAccountRow[];
    return rows[0] ?? null;
  }

  /** The accounts of several organizations at once (IT-admin overview). */
  async findByOrganizations(organizationIds: string[]): Promise<ConnectAccountRow[]> {
    return (await this.db.query(`SELECT ${COLUMNS} FROM connect_accounts WHERE organization_id = ANY($1::uuid[])`, [
      organizationIds,
    ])) as ConnectAccountRow[];
  }
}
