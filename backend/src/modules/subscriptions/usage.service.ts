import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PlanFeature, PlanResponse } from './plan.entity';
import { SubscriptionError, SubscriptionException } from './subscriptions.exception';
import {
  ACTIONS,
  cheapestAbove,
  cheapestWithFeature,
  isBelowLimit,
  FREE_PLAN_ID,
  planIdThatApplies,
  type LimitName,
  type PlanAction,
  type SubscriptionFacts,
} from './plan-policy';
import { planFactsOf, PlanUsageRepository, type PlanFacts, type PlanFactsRow, type Usage } from './plan-usage.repository';

/** One row of the plan facts' read, for a module that reads them together with its own row (the organizations module). */
export type { PlanFactsRow };

/** The plan that applies to an organization and its kept student count (null: none kept), as a seat check uses them. */
export type SeatPlan = { plan: PlanResponse; keptStudents: number | null };

export interface ActionCheck {
  allowed: boolean;
  /** Why not (the 403 message a write would get); null when allowed. */
  reason: string | null;
  /** The plan's limit for a counted action (-1 unlimited); null for a feature-only action. */
  limit: number | null;
  current: number | null;
  /** The cheapest plan that allows it, when the current one does not. */
  upgradePlan: { id: string; name: string } | null;
}

/**
 * The plan policy: which plan applies to an organization (plan-policy.ts) and every gate of that plan (features
 * and limits), with the 403 naming the cheapest plan that lifts it. Other modules ask here, never the tables.
 * Usage is counted straight from the tables (not cached counters, see PlanUsageRepository) so a limit check
 * inside a transaction sees exactly what that transaction will commit. Pass the transaction's manager where
 * there is one.
 */
@Injectable()
export class UsageService {
  constructor(private readonly repo: PlanUsageRepository) {}

  /** The plan that applies now (Free when the subscription does not grant its plan). */
  async planOf(organizationId: string, manager?: EntityManager): Promise<PlanResponse> {
    return (await this.planAndKeptCount(organizationId, manager)).plan;
  }

  /**
   * The seat checks' read of the plan (the card-payment check, then the student count) once per transaction: a card
   * hold asks both in one transaction, which changes neither the subscription nor the plans.
   */
  private readonly seatChecks = new WeakMap<EntityManager, Map<string, Promise<SeatPlan>>>();

  private planForSeat(organizationId: string, manager: EntityManager) {
    let reads = this.seatChecks.get(manager);
    if (!reads) this.seatChecks.set(manager, (reads = new Map()));
    let read = reads.get(organizationId);
    if (!read) reads.set(organizationId, (read = this.planAndKeptCount(organizationId, manager)));
    return read;
  }

  /** The plan that applies and the kept student count (null: none kept), read in one statement. */
  private async planAndKeptCount(organizationId: string, manager?: EntityManager): Promise<SeatPlan> {
    return this.seatPlanFrom(organizationId, await this.repo.findPlanFacts(organizationId, FREE_PLAN_ID, manager));
  }

  /**
   * The seat checks' plan from the plan facts' rows another read fetched (the organizations module reads them with
   * the organization's row, in one statement before a registration's transaction; FREE_PLAN_ID is the free plan's id
   * that read must ask for too).
   */
  seatPlanFromRows(organizationId: string, rows: PlanFactsRow[]): SeatPlan {
    return this.seatPlanFrom(organizationId, planFactsOf(rows));
  }

  private seatPlanFrom(organizationId: string, found: PlanFacts | null): SeatPlan {
    if (!found) throw new NotFoundException(`Organization ${organizationId} not found`);
    const id = planIdThatApplies(found.subscription);
    const plan = found.plans.find((p) => p.id === id);
    if (!plan) throw new Error(`The plan of organization ${organizationId} does not exist`);
    return { plan, keptStudents: found.keptStudents };
  }

  /**
   * The plan this request read before its transaction serves the transaction's seat checks (the student count, the
   * card-payment limit) instead of a read inside it. That is as safe as the read inside: neither locks the
   * subscription, and the limits themselves are enforced by the conditional update of the kept count and the
   * card-payment lock, which run inside the transaction.
   */
  useSeatPlan(manager: EntityManager, organizationId: string, seat: SeatPlan): void {
    let reads = this.seatChecks.get(manager);
    if (!reads) this.seatChecks.set(manager, (reads = new Map()));
    reads.set(organizationId, Promise.resolve(seat));
  }

  /** The stored subscription facts (plan on record, status, booked change); 404 for an unknown organization. */
  async subscriptionFacts(organizationId: string, manager?: EntityManager): Promise<SubscriptionFacts | null> {
    const found = await this.repo.findSubscriptionFacts(organizationId, manager);
    if (!found) throw new NotFoundException(`Organization ${organizationId} not found`);
    return found.subscription;
  }

  usage(organizationId: string, manager?: EntityManager): Promise<Usage> {
    return this.repo.countUsage(organizationId, manager);
  }

  plans(manager?: EntityManager): Promise<PlanResponse[]> {
    return this.repo.listPlans(manager);
  }

  /** Active (non-archived) classes and the plan's cap: used to decide Archived-on-limit. */
  async classCapacity(organizationId: string, manager?: EntityManager) {
    const check = await this.canPerform(organizationId, 'create_class', manager);
    const plan = await this.planOf(organizationId, manager);
    return {
      plan,
      active: check.current ?? 0,
      limit: plan.limits.maxClasses,
      canActivate: check.allowed,
      /** The 403 text when not (spec 3 §8, plus the plan that lifts the limit). */
      message: check.reason,
      upgradePlan: check.upgradePlan,
    };
  }

  async assertCanAddStudent(organizationId: string, manager?: EntityManager) {
    await this.assertAction(organizationId, 'add_student', manager);
  }

  /**
   * Counts one more student toward the plan's maxStudents for the caller's transaction, or refuses with the same 403
   * as assertCanAddStudent. Call it before the student (or the enrollment that makes a lapsed student count again) is
   * written. A limited plan increments the organization's usage row with one conditional update: registrations wait on
   * each other only from that update to their commit, and only when both add a student (seats stay per class). At the
   * limit, or when the row is missing or was not kept, it recounts from the tables once before refusing, which also
   * repairs a count left high by a lapsed card hold. An unlimited plan keeps no count and shares no row.
   */
  async takeStudentSlot(organizationId: string, manager: EntityManager): Promise<void> {
    const { plan, keptStudents } = await this.planForSeat(organizationId, manager);
    const limit = plan.limits.maxStudents;
    // An unlimited plan drops a count kept under a limited one (it would go stale); once dropped, nothing is written.
    if (limit === -1 || limit === undefined)
      return keptStudents === null ? undefined : this.repo.stopCountingStudents(manager, organizationId);
    if (await this.repo.countStudentBelow(manager, organizationId, limit)) return;
    await this.repo.recountStudents(manager, organizationId);
    if (await this.repo.countStudentBelow(manager, organizationId, limit)) return;
    await this.assertAction(organizationId, 'add_student', manager);
    // The tables say there is room while the row says not: never reached while every writer goes through here.
    throw new SubscriptionException(
      SubscriptionError.LimitReached,
      limitMessage('maxStudents', plan.name, limit, limit),
      { upgradePlan: null },
      'add_student',
    );
  }

  /**
   * True when the plan has no student limit and no count is kept: then takeStudentSlot writes nothing, and a new
   * student can be added before anything about the plan is checked.
   */
  async keepsNoStudentCount(organizationId: string, manager: EntityManager): Promise<boolean> {
    const { plan, keptStudents } = await this.planForSeat(organizationId, manager);
    const limit = plan.limits.maxStudents;
    return (limit === -1 || limit === undefined) && keptStudents === null;
  }

  /** Students were deleted: the kept count (when one is kept) is recounted in the caller's transaction. */
  async studentsRemoved(organizationId: string, manager: EntityManager): Promise<void> {
    if ((await this.repo.keptStudentCount(organizationId, manager)) !== null) await this.repo.recountStudents(manager, organizationId);
  }

  /**
   * Whether the organization's plan lets it take one more card payment now: the plan has
   * onlinePaymentCollection, and this month's card payments plus the holds still open stay under
   * maxTransactionsPerMonth (an open hold may still be paid). 403 PLAN_REQUIRED or LIMIT_REACHED, which the
   * public site maps to its in-person-only message (spec 2 §8).
   */
  async assertCanTakeCardPayment(organizationId: string, manager?: EntityManager) {
    const { plan } = manager ? await this.planForSeat(organizationId, manager) : await this.planAndKeptCount(organizationId);
    if (!plan.features.onlinePaymentCollection)
      throw new SubscriptionException(
        SubscriptionError.PlanRequired,
        "Card payments are not included in this organization's subscription plan.",
      );
    const limit = plan.limits.maxTransactionsPerMonth;
    if (limit === -1 || limit === undefined) return;
    // Two holds counted at once could both see room for the last payment: a capped plan checks one at a time.
    if (manager) await this.repo.lockCardPaymentCount(manager, organizationId);
    const { transactions } = await this.usage(organizationId, manager);
    const open = await this.repo.countOpenCardHolds(organizationId, manager);
    if (!isBelowLimit(limit, transactions + open))
      throw new SubscriptionException(
        SubscriptionError.LimitReached,
        `This organization's subscription plan has reached its limit of ${limit} card payments this month.`,
      );
  }

  async hasFeature(organizationId: string, feature: PlanFeature, manager?: EntityManager): Promise<boolean> {
    const plan = await this.planOf(organizationId, manager);
    return Boolean(plan.features[feature]);
  }

  /**
   * The one place that decides whether an organization may use a gated feature: every write path of a
   * gated feature calls it (settings, organization update and create for branding, reports, online payments).
   * 403 naming the cheapest plan that has the feature (spec README decision 3).
   */
  async assertFeature(organizationId: string, feature: PlanFeature, label: string = FEATURE_LABELS[feature], manager?: EntityManager) {
    if (await this.hasFeature(organizationId, feature, manager)) return;
    const plan = cheapestWithFeature(await this.repo.listPlans(manager), feature);
    throw new SubscriptionException(SubscriptionError.PlanRequired, featureMessage(label, plan), {
      upgradePlan: plan ? { id: plan.id, name: plan.name } : null,
    });
  }

  /** Refuses (403) what the plan does not allow; the body names the cheapest plan that does. */
  async assertAction(organizationId: string, action: PlanAction, manager?: EntityManager): Promise<void> {
    const check = await this.canPerform(organizationId, action, manager);
    if (check.allowed) return;
    const reached = check.limit !== null && check.current !== null && !isBelowLimit(check.limit, check.current);
    throw new SubscriptionException(
      reached ? SubscriptionError.LimitReached : SubscriptionError.PlanRequired,
      check.reason ?? 'Your plan does not allow this',
      { upgradePlan: check.upgradePlan },
      action,
    );
  }

  /** `can-perform`: whether the plan that applies allows one more of an action, and why not. */
  async canPerform(organizationId: string, action: PlanAction, manager?: EntityManager): Promise<ActionCheck> {
    const plan = await this.planOf(organizationId, manager);
    const rule: { feature?: PlanFeature; limit?: LimitName } = ACTIONS[action];
    const plans = await this.repo.listPlans(manager);
    const usage = rule.limit ? await this.usage(organizationId, manager) : null;
    const current = rule.limit && usage ? usage[USAGE_OF[rule.limit]] : null;
    const limit = rule.limit ? plan.limits[rule.limit] : null;
    if (rule.feature && !plan.features[rule.feature]) {
      const upgrade = cheapestWithFeature(plans, rule.feature);
      return { allowed: false, reason: featureMessage(FEATURE_LABELS[rule.feature], upgrade), limit, current, upgradePlan: pick(upgrade) };
    }
    if (rule.limit && limit !== null && current !== null && !isBelowLimit(limit, current)) {
      const upgrade = cheapestAbove(plans, rule.limit, current);
      const reason = limitMessage(rule.limit, plan.name, limit, current) + (upgrade ? ` ${upgradeSentence(rule.limit, upgrade)}` : '');
      return { allowed: false, reason, limit, current, upgradePlan: pick(upgrade) };
    }
    return { allowed: true, reason: null, limit, current, upgradePlan: null };
  }

  /** Every feature and limit of the plan that applies, with usage (the plan access report). */
  async accessReport(organizationId: string, manager?: EntityManager) {
    const plan = await this.planOf(organizationId, manager);
    const usage = await this.usage(organizationId, manager);
    const plans = await this.repo.listPlans(manager);
    const features = (Object.keys(FEATURE_LABELS) as PlanFeature[]).map((feature) => {
      const upgrade = plan.features[feature] ? null : cheapestWithFeature(plans, feature);
      return { feature, label: FEATURE_LABELS[feature], hasAccess: Boolean(plan.features[feature]), upgradePlan: pick(upgrade) };
    });
    const limits = (Object.keys(USAGE_OF) as LimitName[]).map((name) => {
      const limit = plan.limits[name];
      const current = usage[USAGE_OF[name]];
      const withinLimit = isBelowLimit(limit, current);
      return {
        limit: name,
        max: limit,
        current,
        unlimited: limit === -1,
        canAddMore: withinLimit,
        upgradePlan: withinLimit ? null : pick(cheapestAbove(plans, name, current)),
      };
    });
    return { plan: { id: plan.id, name: plan.name }, features, limits };
  }
}

const USAGE_OF: Record<LimitName, keyof Usage> = {
  maxClasses: 'classes',
  maxStudents: 'students',
  maxTransactionsPerMonth: 'transactions',
};

const pick = (p: PlanResponse | null) => (p ? { id: p.id, name: p.name } : null);

export const FEATURE_LABELS: Record<PlanFeature, string> = {
  basicSiteAccess: 'Site access',
  inClassPayments: 'In-class payments',
  onlinePaymentCollection: 'Online payment collection',
  advancedReporting: 'Advanced reporting',
  customBranding: 'Custom branding',
  apiAccess: 'API access',
  prioritySupport: 'Priority support',
};

const featureMessage = (label: string, plan: PlanResponse | null) =>
  `${label} is a feature of the ${plan?.name ?? 'paid'} plan. Upgrade to ${plan?.name ?? 'a paid plan'} to use it.`;

export const classLimitMessage = (planName: string, limit: number, current: number) =>
  `Class limit reached. ${planName} allows up to ${limit} classes. You currently have ${current} classes. Upgrade your plan to add more classes.`;

/** Spec 3 §8's texts, verbatim; the sentence naming the plan that lifts the limit follows them. */
function limitMessage(limit: LimitName, planName: string, max: number, current: number): string {
  if (limit === 'maxClasses') return classLimitMessage(planName, max, current);
  if (limit === 'maxStudents')
    return `Student limit reached. ${planName} allows up to ${max} students. You currently have ${current} students. Upgrade your plan to add more students.`;
  return `Transaction limit reached. ${planName} allows up to ${max} online payments a month. This month you have ${current}. Upgrade your plan to take more online payments.`;
}

function upgradeSentence(limit: LimitName, plan: PlanResponse): string {
  const max = plan.limits[limit];
  const what = limit === 'maxClasses' ? 'classes' : limit === 'maxStudents' ? 'students' : 'online payments a month';
  return max === -1 ? `${plan.name} has unlimited ${what}.` : `${plan.name} allows up to ${max} ${what}.`;
}
