import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { mapPlan, type PlanResponse } from './plan.entity';

export interface Usage {
  classes: number;
  students: number;
  transactions: number;
}

/**
 * A cross-table read model, on purpose: an organization's plan and its usage counted straight from the
 * organizations, classes, students and enrollments tables (read only; their modules own and write them).
 * Counting in SQL, inside the caller's transaction, lets a limit check see exactly what that transaction
 * will commit; asking three services would take three round trips and could not share the lock.
 */
@Injectable()
export class PlanUsageRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Reads through the given manager: inside a transaction it must not wait for a second pool connection. */
  async findPlanOfOrganization(organizationId: string, manager: EntityManager = this.db.manager): Promise<PlanResponse | null> {
    const rows = await manager.query(`SELECT p.* FROM organizations o JOIN subscription_plans p ON p.id = o.plan_id WHERE o.id = $1`, [
      organizationId,
    ]);
    if (!rows.length) return null;
    const p = rows[0];
    return mapPlan({
      id: p.id,
      name: p.name,
      description: p.description,
      monthlyPrice: p.monthly_price,
      displayOrder: p.display_order,
      isActive: p.is_active,
      limits: p.limits,
      features: p.features,
      stripePriceId: p.stripe_price_id,
    });
  }

  /**
   * Active (non-archived) classes, students, and card payments this calendar month (a payment later cancelled or
   * refunded was still a transaction; an open hold is not one yet).
   */
  async countUsage(organizationId: string, manager: EntityManager = this.db.manager): Promise<Usage> {
    const [row] = await manager.query(
      `SELECT
         (SELECT count(*)::int FROM classes WHERE organization_id = $1 AND status <> 'Archived') AS classes,
         (SELECT count(*)::int FROM students WHERE organization_id = $1) AS students,
         (SELECT count(*)::int FROM enrollments WHERE organization_id = $1 AND payment_method = 'card'
            AND paid_at >= date_trunc('month', now())) AS transactions`,
      [organizationId],
    );
    return row;
  }

  /** Card payments still open (held seats not yet lapsed): each may become a transaction this month. */
  async countOpenCardHolds(organizationId: string, manager: EntityManager = this.db.manager): Promise<number> {
    const [row] = await manager.query(
      `SELECT count(*)::int AS n FROM enrollments WHERE organization_id = $1 AND status = 'held' AND hold_expires_at > now()`,
      [organizationId],
    );
    return row.n;
  }
}
