import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isBelowLimit, mapPlan, type PlanFeature, type PlanResponse } from './plan.entity';
import { PlansService } from './plans.service';

export interface Usage {
  classes: number;
  students: number;
  transactions: number;
}

/**
 * Plan limits and usage of an organization. Usage is counted straight from the tables (not cached
 * counters) so a limit check inside a transaction sees exactly what that transaction will commit.
 */
@Injectable()
export class UsageService {
  constructor(@InjectDataSource() private readonly db: DataSource, private readonly plans: PlansService) {}

  /** Reads through the given manager: inside a transaction it must not wait for a second pool connection. */
  async planOf(organizationId: string, manager: EntityManager = this.db.manager): Promise<PlanResponse> {
    const rows = await manager.query(
      `SELECT p.* FROM organizations o JOIN subscription_plans p ON p.id = o.plan_id WHERE o.id = $1`,
      [organizationId],
    );
    if (!rows.length) throw new NotFoundException(`Organization ${organizationId} not found`);
    const p = rows[0];
    return mapPlan({ id: p.id, name: p.name, description: p.description, monthlyPrice: p.monthly_price, displayOrder: p.display_order, isActive: p.is_active, limits: p.limits, features: p.features, stripePriceId: p.stripe_price_id });
  }

  async usage(organizationId: string, manager: EntityManager = this.db.manager): Promise<Usage> {
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

  /** Active (non-archived) classes and the plan's cap: used to decide Archived-on-limit. */
  async classCapacity(organizationId: string, manager: EntityManager = this.db.manager) {
    const plan = await this.planOf(organizationId, manager);
    const { classes } = await this.usage(organizationId, manager);
    return { plan, active: classes, limit: plan.limits.maxClasses, canActivate: isBelowLimit(plan.limits.maxClasses, classes) };
  }

  async assertCanAddStudent(organizationId: string, manager: EntityManager = this.db.manager) {
    const plan = await this.planOf(organizationId, manager);
    const { students } = await this.usage(organizationId, manager);
    if (!isBelowLimit(plan.limits.maxStudents, students)) {
      throw new ForbiddenException(
        `Student limit reached. ${plan.name} allows up to ${plan.limits.maxStudents} students. You currently have ${students} students. Upgrade your plan to add more students.`,
      );
    }
  }

  async hasFeature(organizationId: string, feature: PlanFeature, manager: EntityManager = this.db.manager): Promise<boolean> {
    const plan = await this.planOf(organizationId, manager);
    return Boolean(plan.features[feature]);
  }

  /**
   * The one place that decides whether an organization may use a gated feature: every write path of a
   * gated feature calls it (settings, organization update and create for branding). 403 naming the
   * cheapest plan that has the feature (spec README decision 3).
   */
  async assertFeature(organizationId: string, feature: PlanFeature, label: string = FEATURE_LABELS[feature], manager: EntityManager = this.db.manager) {
    if (await this.hasFeature(organizationId, feature, manager)) return;
    const plan = await this.plans.cheapestWith(feature);
    throw new ForbiddenException(`${label} is a feature of the ${plan?.name ?? 'paid'} plan. Upgrade to ${plan?.name ?? 'a paid plan'} to use it.`);
  }
}

const FEATURE_LABELS: Record<PlanFeature, string> = {
  basicSiteAccess: 'Site access',
  inClassPayments: 'In-class payments',
  onlinePaymentCollection: 'Online payment collection',
  advancedReporting: 'Advanced reporting',
  customBranding: 'Custom branding',
  apiAccess: 'API access',
  prioritySupport: 'Priority support',
};

export const classLimitMessage = (planName: string, limit: number, current: number) =>
  `Class limit reached. ${planName} allows up to ${limit} classes. You currently have ${current} classes. Upgrade your plan to add more classes.`;
