import { api, ApiError } from '@/lib/apiClient';
import type { Plan } from '@/lib/models';

/** Built-in plans shown when the plans cannot be loaded (spec 1 §9; Free limits per spec README decision 2). */
export const FALLBACK_PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Everything you need to publish your first classes.',
    monthlyPrice: 0,
    displayOrder: 0,
    limits: { maxClasses: 2, maxStudents: 10, maxTransactionsPerMonth: 20 },
    features: {
      basicSiteAccess: true,
      inClassPayments: true,
      onlinePaymentCollection: false,
      advancedReporting: false,
      customBranding: false,
      apiAccess: false,
      prioritySupport: false,
    },
  },
  {
    id: 'essential',
    name: 'Essential',
    description: 'Online payments and advanced features for growing programs.',
    monthlyPrice: 4900,
    displayOrder: 1,
    limits: { maxClasses: 25, maxStudents: 500, maxTransactionsPerMonth: -1 },
    features: {
      basicSiteAccess: true,
      inClassPayments: true,
      onlinePaymentCollection: true,
      advancedReporting: true,
      customBranding: true,
      apiAccess: false,
      prioritySupport: false,
    },
  },
];

export async function getPlans(): Promise<Plan[]> {
  let plans: Plan[];
  try {
    plans = await api.get<Plan[]>('/api/subscription-plans', { public: true, query: { includeInactive: 'false' } });
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.kind === 'http' &&
      error.data &&
      (error.data as { success?: boolean }).success === false &&
      error.status < 300
    ) {
      throw new Error('Failed to fetch subscription plans', { cause: error });
    }
    throw new Error(`Failed to fetch subscription plans: ${error instanceof ApiError ? error.status : 0}`, { cause: error });
  }
  if (!Array.isArray(plans)) throw new Error('Failed to fetch subscription plans');
  return sortPlans(plans);
}

export function sortPlans(plans: Plan[]): Plan[] {
  return [...plans].sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0));
}

/** "Popular" if the name contains "essential" or displayOrder is 1 (spec 1 §2). */
export function isPopular(plan: Plan): boolean {
  return /essential/i.test(plan.name) || plan.displayOrder === 1;
}

export function planButtonText(plan: Plan): string {
  return plan.monthlyPrice > 0 ? `Upgrade to ${plan.name}` : 'Start Free';
}

/** Whole dollars per month from cents. */
export function planPrice(plan: Plan): string {
  return `$${Math.round(plan.monthlyPrice / 100)}`;
}

/** The one feature line that states something a plan lacks (shown with a dash instead of a tick). */
export const NO_ONLINE_PAYMENTS = 'No online payments';

export function planFeatures(plan: Plan): string[] {
  const limit = (n: number | undefined, unit: string) =>
    n === undefined ? null : n < 0 ? `Unlimited ${unit}` : `${n.toLocaleString('en-US')} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
  const f = plan.features ?? {};
  return [
    limit(plan.limits?.maxClasses, 'classes'),
    limit(plan.limits?.maxStudents, 'students'),
    plan.limits?.maxTransactionsPerMonth !== undefined ? limit(plan.limits.maxTransactionsPerMonth, 'transactions a month') : null,
    'Public class pages and registration',
    f.inClassPayments !== false ? 'In-person payment tracking' : null,
    f.onlinePaymentCollection ? 'Online card payments' : NO_ONLINE_PAYMENTS,
    f.advancedReporting ? 'Advanced reporting' : null,
    f.customBranding ? 'Custom branding' : null,
    f.apiAccess ? 'API access' : null,
    f.prioritySupport ? 'Priority support' : null,
  ].filter((x): x is string => !!x);
}
