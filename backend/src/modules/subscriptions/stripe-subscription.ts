import type Stripe from 'stripe';
import type { PlanResponse } from './plan.entity';
import { SUBSCRIPTION_STATUSES, type StripeSubscriptionState, type SubscriptionStatus } from './subscription.repository';

/**
 * Reading what Stripe (or anything speaking for it) says about a subscription: untrusted input, so every field is
 * checked for its shape. The period sits on the subscription item in current API versions and on the
 * subscription in older ones: both are read.
 */
const idOf = (v: unknown): string | null =>
  typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : v && typeof v === 'object' ? idOf((v as { id?: unknown }).id) : null;

const epoch = (v: unknown): Date | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? new Date(v * 1000) : null);

export const TERMINAL_STATUSES: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

export function statusOf(v: unknown): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(v as string) ? (v as SubscriptionStatus) : 'inactive';
}

/** The ids an event's object names: which subscription to read, and whose customer. */
export function idsInEventObject(
  type: string,
  object: Record<string, unknown>,
): { subscriptionId: string | null; customerId: string | null } {
  const customerId = idOf(object.customer);
  if (type.startsWith('customer.subscription.')) return { subscriptionId: idOf(object.id), customerId };
  if (type === 'checkout.session.completed') {
    return { subscriptionId: object.mode === 'subscription' ? idOf(object.subscription) : null, customerId };
  }
  if (type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return { subscriptionId: idOf(object.subscription) ?? idOf(parent?.subscription_details?.subscription), customerId };
  }
  return { subscriptionId: null, customerId };
}

export function firstItem(sub: Stripe.Subscription): { id: string; priceId: string | null; lookupKey: string | null } | null {
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & Record<string, unknown>) | undefined;
  const id = idOf(item?.id);
  if (!item || !id) return null;
  const price = item.price as { id?: unknown; lookup_key?: unknown } | undefined;
  return { id, priceId: idOf(price), lookupKey: typeof price?.lookup_key === 'string' ? price.lookup_key : null };
}

/** The plan a Stripe subscription pays for: by price id, else by lookup key, else its metadata; null when unknown. */
export function planOfStripeSubscription(sub: Stripe.Subscription, plans: PlanResponse[]): PlanResponse | null {
  const item = firstItem(sub);
  const paid = plans.filter((p) => p.monthlyPrice > 0);
  return (
    paid.find((p) => item?.priceId && p.stripePriceId === item.priceId) ??
    paid.find((p) => item?.lookupKey && `classlane_${p.id}_monthly` === item.lookupKey) ??
    paid.find((p) => p.id === (sub.metadata as Record<string, unknown> | undefined)?.planId) ??
    null
  );
}

export function stateOfStripeSubscription(sub: Stripe.Subscription, planId: string): StripeSubscriptionState {
  const raw = sub as unknown as Record<string, unknown>;
  const item = sub.items?.data?.[0] as unknown as Record<string, unknown> | undefined;
  return {
    planId,
    status: statusOf(sub.status),
    stripeCustomerId: idOf(sub.customer) ?? '',
    stripeSubscriptionId: sub.id,
    stripePriceId: firstItem(sub)?.priceId ?? null,
    currentPeriodStart: epoch(item?.current_period_start) ?? epoch(raw.current_period_start),
    currentPeriodEnd: epoch(item?.current_period_end) ?? epoch(raw.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    canceledAt: epoch(sub.canceled_at),
    trialEnd: epoch(sub.trial_end),
  };
}
