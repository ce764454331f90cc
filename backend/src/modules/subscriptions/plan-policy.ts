import type { PlanFeature, PlanResponse } from './plan.entity';
import type { SubscriptionStatus } from './subscription.repository';

/** Statuses that grant the subscribed plan. past_due keeps it while Stripe retries (with the attention banner). */
export const GRANTING_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due'];
export const FREE_PLAN_ID = 'free';
/** The free trial the marketing pages promise (spec 1 §2), given with an organization's first paid subscription only. */
export const FIRST_SUBSCRIPTION_TRIAL_DAYS = 30;

/**
 * Days of free trial a new subscription of this organization starts with (spec README decision 16): the first
 * paid subscription gets `requested` days (the subscription test page asks for 14) or the promised 30; once the
 * organization has had a subscription that started, none, whatever the page asks for.
 */
export function trialDaysFor(
  s: { firstSubscriptionStartedAt: Date | null; stripeSubscriptionId: string | null },
  requested?: number,
): number {
  if (s.firstSubscriptionStartedAt || s.stripeSubscriptionId) return 0;
  return Math.min(requested ?? FIRST_SUBSCRIPTION_TRIAL_DAYS, FIRST_SUBSCRIPTION_TRIAL_DAYS);
}

export interface SubscriptionFacts {
  planId: string;
  status: SubscriptionStatus;
  scheduledPlanId: string | null;
  scheduledChangeAt: Date | null;
}

/**
 * Which plan applies, the one rule: active, trialing and past_due grant the plan on record (or the
 * booked downgrade once its date has passed, even before the period-end job has told Stripe); everything else
 * (canceled, unpaid, incomplete, incomplete_expired, inactive, no record) falls back to Free. Falling back never
 * deletes anything: limits only refuse *new* items.
 */
export function planIdThatApplies(s: SubscriptionFacts | null, now: Date = new Date()): string {
  if (!s || !GRANTING_STATUSES.includes(s.status)) return FREE_PLAN_ID;
  if (s.scheduledPlanId && s.scheduledChangeAt && s.scheduledChangeAt.getTime() <= now.getTime()) return s.scheduledPlanId;
  return s.planId;
}

export type LimitName = 'maxClasses' | 'maxStudents' | 'maxTransactionsPerMonth';

/** -1 means unlimited; creating is allowed only while the current count is below the limit (spec 3 §5). */
export const isBelowLimit = (limit: number, current: number) => limit === -1 || current < limit;

/** The cheapest active plan that has a feature (spec README decision 3: upsell texts name it). */
export function cheapestWithFeature(plans: PlanResponse[], feature: PlanFeature): PlanResponse | null {
  return byPrice(plans).find((p) => p.features[feature]) ?? null;
}

/** The cheapest active plan on which one more item fits (current count below its limit). */
export function cheapestAbove(plans: PlanResponse[], limit: LimitName, current: number): PlanResponse | null {
  return byPrice(plans).find((p) => isBelowLimit(p.limits[limit], current)) ?? null;
}

const byPrice = (plans: PlanResponse[]) =>
  plans.filter((p) => p.isActive).sort((a, b) => a.monthlyPrice - b.monthlyPrice || a.displayOrder - b.displayOrder);

/** The `can-perform` actions and what each asks of the plan. */
export const ACTIONS = {
  create_class: { limit: 'maxClasses' },
  add_student: { limit: 'maxStudents' },
  accept_online_payment: { feature: 'onlinePaymentCollection', limit: 'maxTransactionsPerMonth' },
  custom_branding: { feature: 'customBranding' },
  advanced_reporting: { feature: 'advancedReporting' },
} as const satisfies Record<string, { feature?: PlanFeature; limit?: LimitName }>;
export type PlanAction = keyof typeof ACTIONS;
