/**
 * The subscription calls of spec 3 §7. Each failure is rethrown with spec 3 §8's text, the
 * server's own message kept in `cause` (screens show the spec text, or the server's for a plan refusal).
 */
import type { components } from '@shared/api/schema';
import { API_URL, httpClient } from '@/providers/httpClient';

type Schemas = components['schemas'];
export type Subscription = Schemas['SubscriptionResponseDto'];
export type SubscriptionPlan = Schemas['PlanResponseDto'];
export type UsageLimits = Schemas['UsageLimitsResponseDto'];
export type CheckoutSession = Schemas['CheckoutSessionResponseDto'];

export const ERRORS = {
  plans: 'Failed to load subscription plans',
  usage: 'Failed to load usage data',
  customer: 'Failed to create customer',
  create: 'Failed to create subscription',
  cancel: 'Failed to cancel subscription',
  resume: 'Failed to resume subscription',
  portal: 'Failed to create billing portal session',
  upgrade: 'Failed to upgrade subscription',
  downgrade: 'Failed to downgrade subscription',
  portalResponse: 'Invalid response from portal session endpoint',
} as const;

/** An action's failure: the spec's text, and the server's reason (e.g. 'Billing is not available…'). */
export class SubscriptionError extends Error {
  constructor(
    message: string,
    readonly reason: string | null,
    readonly status: number,
  ) {
    super(message);
  }
}

const enc = encodeURIComponent;

async function call<T>(failure: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  try {
    const res = await httpClient<T>(`${API_URL}${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return res.json;
  } catch (e) {
    const reason = e && typeof e === 'object' && 'message' in e ? String((e as Error).message) : null;
    const status = Number((e as { status?: number })?.status ?? 0);
    throw new SubscriptionError(failure, reason, status);
  }
}

export const subscriptionApi = {
  plans: () => call<SubscriptionPlan[]>(ERRORS.plans, '/subscriptions/plans'),
  get: (orgId: string) => call<Subscription>('Error loading subscription', `/subscriptions/${enc(orgId)}`),
  usageLimits: (orgId: string) => call<UsageLimits>(ERRORS.usage, `/subscriptions/${enc(orgId)}/usage-limits`),
  createCustomer: (organizationId: string, name: string, email: string) =>
    call<{ customerId: string; created: boolean }>(ERRORS.customer, '/subscriptions/customer', 'POST', { organizationId, name, email }),
  checkout: (organizationId: string, priceId: string, trialDays?: number) =>
    call<CheckoutSession>(ERRORS.create, '/subscriptions/create', 'POST', { organizationId, priceId, ...(trialDays ? { trialDays } : {}) }),
  cancel: (orgId: string) => call<Subscription>(ERRORS.cancel, `/subscriptions/${enc(orgId)}/cancel`, 'POST', {}),
  resume: (orgId: string) => call<Subscription>(ERRORS.resume, `/subscriptions/${enc(orgId)}/resume`, 'POST', {}),
  upgrade: (orgId: string, plan: SubscriptionPlan) =>
    call<Subscription>(ERRORS.upgrade, `/subscriptions/${enc(orgId)}/upgrade`, 'POST', {
      newPlanId: plan.id,
      ...(plan.stripePriceId ? { newPriceId: plan.stripePriceId } : {}),
      prorationBehavior: 'create_prorations',
    }),
  downgrade: (orgId: string, plan: SubscriptionPlan) =>
    call<Subscription>(ERRORS.downgrade, `/subscriptions/${enc(orgId)}/downgrade`, 'POST', {
      newPlanId: plan.id,
      ...(plan.stripePriceId ? { newPriceId: plan.stripePriceId } : {}),
      effectiveDate: 'end_of_period',
    }),
  portal: async (orgId: string, returnUrl: string) => {
    const res = await call<{ url?: string }>(ERRORS.portal, `/subscriptions/${enc(orgId)}/portal`, 'POST', { returnUrl });
    if (!res?.url) throw new SubscriptionError(ERRORS.portalResponse, null, 0);
    return res.url;
  },
};
