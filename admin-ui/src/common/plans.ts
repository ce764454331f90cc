import type { FeatureFlag, Plan, SubscriptionValidation } from '@/providers/types';

/** Cheapest plan that has a feature (spec README decision 3: upsell texts come from the plans table). */
export function cheapestPlanWith(plans: Plan[] | undefined, feature: FeatureFlag): Plan | null {
  if (!plans?.length) return null;
  const withFeature = plans.filter((p) => p.features?.[feature]);
  if (!withFeature.length) return null;
  return [...withFeature].sort((a, b) => a.monthlyPrice - b.monthlyPrice || a.displayOrder - b.displayOrder)[0];
}

export const hasFeature = (v: SubscriptionValidation | undefined, feature: FeatureFlag) => Boolean(v?.plan?.features?.[feature]);

export interface LimitInfo {
  limit: number | null; // null = unlimited / unknown
  current: number;
  reached: boolean;
}

/** -1 means unlimited; creating is allowed only while the current count is below the limit (spec 3 §5). */
export function limitInfo(limit: number | null | undefined, current: number | null | undefined): LimitInfo {
  const cur = Number(current) || 0;
  if (limit === null || limit === undefined || limit < 0) return { limit: null, current: cur, reached: false };
  return { limit, current: cur, reached: cur >= limit };
}

export function classLimitMessage(planName: string, limit: number, current: number) {
  return `Class limit reached. ${planName} allows up to ${limit} classes. You currently have ${current} classes. Upgrade your plan to add more classes.`;
}

export function studentLimitMessage(planName: string, limit: number, current: number) {
  return `Student limit reached. ${planName} allows up to ${limit} students. You currently have ${current} students. Upgrade your plan to add more students.`;
}
