import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isBelowLimit, type PlanFeature, type PlanResponse } from './plan.entity';
import { PlanUsageRepository, type Usage } from './plan-usage.repository';
import { PlansService } from './plans.service';

/**
 * Plan limits and usage of an organization. Usage is counted straight from the tables (not cached
 * counters, see PlanUsageRepository) so a limit check inside a transaction sees exactly what that transaction
 * will commit. Pass the transaction's manager where there is one.
 */
@Injectable()
export class UsageService {
  constructor(
    private readonly repo: PlanUsageRepository,
    private readonly plans: PlansService,
  ) {}

  async planOf(organizationId: string, manager?: EntityManager): Promise<PlanResponse> {
    const plan = await this.repo.findPlanOfOrganization(organizationId, manager);
    if (!plan) throw new NotFoundException(`Organization ${organizationId} not found`);
    return plan;
  }

  usage(organizationId: string, manager?: EntityManager): Promise<Usage> {
    return this.repo.countUsage(organizationId, manager);
  }

  /** Active (non-archived) classes and the plan's cap: used to decide Archived-on-limit. */
  async classCapacity(organizationId: string, manager?: EntityManager) {
    const plan = await this.planOf(organizationId, manager);
    const { classes } = await this.usage(organizationId, manager);
    return { plan, active: classes, limit: plan.limits.maxClasses, canActivate: isBelowLimit(plan.limits.maxClasses, classes) };
  }

  async assertCanAddStudent(organizationId: string, manager?: EntityManager) {
    const plan = await this.planOf(organizationId, manager);
    const { students } = await this.usage(organizationId, manager);
    if (!isBelowLimit(plan.limits.maxStudents, students)) {
      throw new ForbiddenException(
        `Student limit reached. ${plan.name} allows up to ${plan.limits.maxStudents} students. You currently have ${students} students. Upgrade your plan to add more students.`,
      );
    }
  }

  /**
   * Whether the organization's plan lets it take one more card payment now: the plan has
   * onlinePaymentCollection, and this month's card payments plus the holds still open stay under
   * maxTransactionsPerMonth (an open hold may still be paid). 403 with a text containing 'subscription', which
   * the public site maps to its in-person-only message (spec 2 §8).
   */
  async assertCanTakeCardPayment(organizationId: string, manager?: EntityManager) {
    const plan = await this.planOf(organizationId, manager);
    if (!plan.features.onlinePaymentCollection)
      throw new ForbiddenException("Card payments are not included in this organization's subscription plan.");
    const limit = plan.limits.maxTransactionsPerMonth;
    if (limit === -1 || limit === undefined) return;
    const { transactions } = await this.usage(organizationId, manager);
    const open = await this.repo.countOpenCardHolds(organizationId, manager);
    if (!isBelowLimit(limit, transactions + open))
      throw new ForbiddenException(`This organization's subscription plan has reached its limit of ${limit} card payments this month.`);
  }

  async hasFeature(organizationId: string, feature: PlanFeature, manager?: EntityManager): Promise<boolean> {
    const plan = await this.planOf(organizationId, manager);
    return Boolean(plan.features[feature]);
  }

  /**
   * The one place that decides whether an organization may use a gated feature: every write path of a
   * gated feature calls it (settings, organization update and create for branding). 403 naming the
   * cheapest plan that has the feature (spec README decision 3).
   */
  async assertFeature(organizationId: string, feature: PlanFeature, label: string = FEATURE_LABELS[feature], manager?: EntityManager) {
    if (await this.hasFeature(organizationId, feature, manager)) return;
    const plan = await this.plans.cheapestWith(feature);
    throw new ForbiddenException(
      `${label} is a feature of the ${plan?.name ?? 'paid'} plan. Upgrade to ${plan?.name ?? 'a paid plan'} to use it.`,
    );
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
