import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { mapPlan, type PlanResponse } from './plan.entity';
import type { SubscriptionFacts } from './plan-policy';
import { returning } from '../../common/db/returning';

export interface Usage {
  classes: number;
  students: number;
  transactions: number;
}

export interface PlanRow {
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

/** One row of the plan facts' read (see findPlanFacts): the organizations module reads the same columns with its row. */
export type PlanFactsRow = SubscriptionFacts & { hasRow: boolean; keptStudents: number | null; plan: PlanRow | null };
export type PlanFacts = { subscription: SubscriptionFacts | null; plans: PlanResponse[]; keptStudents: number | null };

/** The subscription facts, the plans they can point at and the kept student count from the rows of that read. */
export function planFactsOf(rows: PlanFactsRow[]): PlanFacts | null {
  if (!rows.length) return null;
  const { hasRow, keptStudents, plan: _plan, ...facts } = rows[0];
  return { subscription: hasRow ? facts : null, plans: rows.flatMap((r) => (r.plan ? [toPlan(r.plan)] : [])), keptStudents };
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

/** The organization ($1)'s students that count toward maxStudents (see countUsage). */
const STUDENTS_COUNTED = `((SELECT count(*)::int FROM students WHERE organization_id = $1)
           - (SELECT count(DISTINCT e.student_id)::int FROM enrollments e
               WHERE e.organization_id = $1 AND e.status = 'expired'
                 AND NOT EXISTS (SELECT 1 FROM enrollments o WHERE o.student_id = e.student_id AND o.status <> 'expired')))`;

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

  /**
   * In one round trip: the subscription facts, the plans any of them can point at (the free plan, the plan on record,
   * the booked one: the caller picks the one that applies with the policy), and the organization's kept student count
   * (null when none is kept). Null when the organization does not exist. Registration asks this on every seat, so it
   * is one statement instead of three.
   */
  async findPlanFacts(
    organizationId: string,
    freePlanId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<{ subscription: SubscriptionFacts | null; plans: PlanResponse[]; keptStudents: number | null } | null> {
    const rows: PlanFactsRow[] = await manager.query(
      `SELECT s.organization_id IS NOT NULL AS "hasRow", s.plan_id AS "planId", s.status,
         s.scheduled_plan_id AS "scheduledPlanId", s.scheduled_change_at AS "scheduledChangeAt",
         (SELECT u.students FROM organization_usage u WHERE u.organization_id = o.id) AS "keptStudents",
         to_jsonb(p) AS plan
       FROM organizations o LEFT JOIN subscriptions s ON s.organization_id = o.id
       LEFT JOIN subscription_plans p ON p.id IN ($2, s.plan_id, s.scheduled_plan_id)
       WHERE o.id = $1`,
      [organizationId, freePlanId],
    );
    return planFactsOf(rows);
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
   * a student with no enrollment (added by an admin) or with any held, active or cancelled one does
   * (docs/decisions/who-counts-toward-maxstudents.md).
   */
  async countUsage(organizationId: string, manager: EntityManager = this.db.manager): Promise<Usage> {
    const [row] = await manager.query(
      `SELECT
         (SELECT count(*)::int FROM classes WHERE organization_id = $1 AND status <> 'Archived') AS classes,
         ${STUDENTS_COUNTED} AS students,
         (SELECT count(*)::int FROM enrollments WHERE organization_id = $1 AND payment_method = 'card'
            AND paid_at >= date_trunc('month', now())) AS transactions`,
      [organizationId],
    );
    return row;
  }

  /**
   * Counts one more student when the organization is below `limit`: one conditional update of its usage row, whose
   * lock lasts until the caller's transaction ends (so two registrations near the limit cannot both pass) but is
   * shared by nothing else of the registration. False: at the limit, or the count is missing or not kept (recount).
   */
  async countStudentBelow(manager: EntityManager, organizationId: string, limit: number): Promise<boolean> {
    const rows = await returning(
      manager,
      `UPDATE organization_usage SET students = students + 1, updated_at = now()
        WHERE organization_id = $1 AND students < $2 RETURNING students`,
      [organizationId, limit],
    );
    return rows.length > 0;
  }

  /**
   * Stops keeping the count (an unlimited plan): after the first call, the update matches no row, so it takes no lock
   * and registrations of an unlimited plan share no row at all. The next limited check recounts.
   */
  async stopCountingStudents(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query(
      'UPDATE organization_usage SET students = NULL, updated_at = now() WHERE organization_id = $1 AND students IS NOT NULL',
      [organizationId],
    );
  }

  /**
   * Recounts from the tables under the usage row's lock (created when missing). The count runs in its own statement
   * after the lock is held, so it sees every registration that counted a student before (they committed to release
   * the lock), and any registration counting after waits for this transaction. Answers the count.
   */
  async recountStudents(manager: EntityManager, organizationId: string): Promise<number> {
    await manager.query('INSERT INTO organization_usage (organization_id) VALUES ($1) ON CONFLICT (organization_id) DO NOTHING', [
      organizationId,
    ]);
    await manager.query('SELECT 1 FROM organization_usage WHERE organization_id = $1 FOR UPDATE', [organizationId]);
    const rows = await returning<{ students: number }>(
      manager,
      `UPDATE organization_usage SET students = ${STUDENTS_COUNTED}, updated_at = now() WHERE organization_id = $1 RETURNING students`,
      [organizationId],
    );
    return rows[0].students;
  }

  /** The kept count (null: not kept, or no row yet). */
  async keptStudentCount(organizationId: string, manager: EntityManager = this.db.manager): Promise<number | null> {
    const rows: { students: number | null }[] = await manager.query('SELECT students FROM organization_usage WHERE organization_id = $1', [
      organizationId,
    ]);
    return rows[0]?.students ?? null;
  }

  /**
   * Serialises the card-payment limit check of one organization until the caller's transaction ends. An advisory lock
   * (not the organization row, which other writes use), taken only by plans with a monthly card-payment cap.
   */
  async lockCardPaymentCount(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtextextended('card_payment_count:' || $1, 0))", [organizationId]);
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
