import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { mapPlan, type PlanResponse } from './plan.entity';
import type { SubscriptionFacts } from './plan-policy';

export interface Usage {
  classes: number;
  students: number;
  transactions: number;
}

interface PlanRow {
  id: string;
  name: string;
  description: string;
  monthly_price: number;
  display_order: number;
  is_active: boolean;
  limits: PlanResponse['limits'];
  features: PlanResponse['features'];
  stripe_price_id: string | null;
}

const toPlan = (p: PlanRow) =>
  mapPlan({
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

/**
 * A cross-table read model, on purpose: an organization's subscription facts and its usage counted straight from
 * the subscriptions, classes, students and enrollments tables (read only; their modules own and write them).
 * Counting in SQL, inside the caller's transaction, lets a limit check see exactly what that transaction
 * will commit; asking three services would take three round trips and could not share the lock.
 */
@Injectable()
export class PlanUsageRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Null when the organization does not exist; `subscription` null for an organization without a row. */
  async findSubscriptionFacts(
    organizationId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<{ subscription: SubscriptionFacts | null } | null> {
    const rows: (SubscriptionFacts & { hasRow: boolean })[] = await manager.query(
      `SELECT s.organization_id IS NOT NULL AS "hasRow", s.plan_id AS "planId", s.status,
         s.scheduled_plan_id AS "scheduledPlanId", s.scheduled_change_at AS "scheduledChangeAt"
       FROM organizations o LEFT JOIN subscriptions s ON s.organization_id = o.id WHERE o.id = $1`,
      [organizationId],
    );
    if (!rows.length) return null;
    const { hasRow, ...facts } = rows[0];
    return { subscription: hasRow ? facts : null };
  }

  /** Reads through the given manager: inside a transaction it must not wait for a second pool connection. */
  async findPlan(planId: string, manager: EntityManager = this.db.manager): Promise<PlanResponse | null> {
    const rows: PlanRow[] = await manager.query('SELECT * FROM subscription_plans WHERE id = $1', [planId]);
    return rows.length ? toPlan(rows[0]) : null;
  }

  async listPlans(manager: EntityManager = this.db.manager): Promise<PlanResponse[]> {
    const rows: PlanRow[] = await manager.query('SELECT * FROM subscription_plans ORDER BY display_order');
    return rows.map(toPlan);
  }

  /** The organization's name (the Stripe customer's name when the admin did not create one first). */
  async organizationName(organizationId: string, manager: EntityManager = this.db.manager): Promise<string | null> {
    const rows: { name: string }[] = await manager.query('SELECT name FROM organizations WHERE id = $1', [organizationId]);
    return rows[0]?.name ?? null;
  }

  /**
   * Active (non-archived) classes, students, and card payments this calendar month (a payment later cancelled or
   * refunded was still a transaction; an open hold is not one yet). A student whose every enrollment is `expired`
   * (card attempts that never completed: the hold lapsed or the payment failed) does not count toward maxStudents;
   * a student with no enrollment (added by an admin) or with any held, active or cancelled one does (decisions.md).
   */
  async countUsage(organizationId: string, manager: EntityManager = this.db.manager): Promise<Usage> {
    const [row] = await manager.query(
      `SELECT
         (SELECT count(*)::int FROM classes WHERE organization_id = $1 AND status <> 'Archived') AS classes,
         (SELECT count(*)::int FROM students WHERE organization_id = $1)
           - (SELECT count(DISTINCT e.student_id)::int FROM enrollments e
               WHERE e.organization_id = $1 AND e.status = 'expired'
                 AND NOT EXISTS (SELECT 1 FROM enrollments o WHERE o.student_id = e.student_id AND o.status <> 'expired')) AS students,
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
