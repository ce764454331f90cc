import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

/**
 * The organization's subscription state. Until subscriptions have their own table (issue 10, h-subs), that state
 * is the plan columns of `organizations` (plan_id, subscription_status): the organizations module sets them only
 * when it creates the row, and from then on only this module writes them.
 */
@Injectable()
export class SubscriptionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async setPlan(organizationId: string, planId: string, status: string, manager?: EntityManager): Promise<boolean> {
    const rows = await returning(
      manager ?? this.db,
      'UPDATE organizations SET plan_id = $2, subscription_status = $3, updated_at = now() WHERE id = $1 RETURNING id',
      [organizationId, planId, status],
    );
    return rows.length > 0;
  }
}
