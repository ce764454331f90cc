/**
 * What the subscription screens and the dashboard banner show, as pure functions of the subscription record
 * (spec 3 §2.9, §4). Tested in logic.test.ts.
 */
import type { Subscription, SubscriptionPlan } from '@/providers/subscription';

export const ATTENTION_WINDOW_DAYS = 7;
const GRANTING = ['active', 'trialing', 'past_due'];

export const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  unpaid: 'Unpaid',
  inactive: 'Inactive',
};

export const isFreePlan = (p: { id: string; monthlyPrice: number } | null | undefined) => !p || p.id === 'free' || p.monthlyPrice <= 0;
/** A Stripe subscription that still runs (plan changes, cancel, resume apply to it). */
export const hasLiveStripeSubscription = (s: Subscription | undefined) => Boolean(s?.stripeSubscriptionId && GRANTING.includes(s.status));

/** Whole dollars a month (prices are in cents). */
export const monthlyPriceText = (cents: number) => `$${Math.round(cents / 100)}/month`;

/** Epoch seconds → 'December 1, 2026'. */
export function epochDate(seconds: number | null | undefined): string {
  if (!seconds) return '—';
  return new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export type BannerModel =
  | { kind: 'compact'; planName: string }
  | { kind: 'detailed'; planName: string; status: string; statusLabel: string; periodEnd: string; cancelling: boolean; pastDue: boolean }
  | { kind: 'free' }
  | { kind: 'none'; planName: string };

/**
 * The dashboard's subscription banner (spec 3 §4): the compact 'Active' bar when active, not cancelling and more
 * than 7 days from the period end; otherwise (trialing, past_due, cancelling, or inside the 7-day window) the
 * detailed card; 'Free Plan' on Free or inactive; 'No active subscription' for a paid plan whose subscription
 * does not run (canceled, unpaid, incomplete).
 */
export function subscriptionBannerModel(s: Subscription, now: Date = new Date()): BannerModel {
  if (s.status === 'inactive' || isFreePlan(s.plan)) return { kind: 'free' };
  if (!GRANTING.includes(s.status)) return { kind: 'none', planName: s.plan.name };
  const end = s.current_period_end;
  const daysLeft = end ? (end * 1000 - now.getTime()) / 86_400_000 : Infinity;
  if (s.status === 'active' && !s.cancel_at_period_end && daysLeft > ATTENTION_WINDOW_DAYS) {
    return { kind: 'compact', planName: s.effectivePlan.name };
  }
  return {
    kind: 'detailed',
    planName: s.effectivePlan.name,
    status: s.status,
    statusLabel: STATUS_LABELS[s.status] ?? s.status,
    periodEnd: epochDate(end),
    cancelling: s.cancel_at_period_end,
    pastDue: s.status === 'past_due',
  };
}

export type PlanAction = 'none' | 'checkout' | 'upgrade' | 'downgrade' | 'cancel';
export interface PlanButton {
  label: string;
  action: PlanAction;
  disabled: boolean;
}

/**
 * A plan card's button (spec 3 §2.9): Current Plan, Default Plan, Downgrade to Free, Resubscribe to This Plan,
 * Upgrade to This Plan, Subscribe; and 'Downgrade to This Plan' for a cheaper paid plan while subscribed (the
 * spec lists no text for it).
 */
export function planButton(plan: SubscriptionPlan, s: Subscription | undefined, billingAvailable = true): PlanButton {
  const off = (label: string): PlanButton => ({ label, action: 'none', disabled: true });
  if (!s) return isFreePlan(plan) ? off('Default Plan') : { label: 'Subscribe', action: 'checkout', disabled: !billingAvailable };
  const live = hasLiveStripeSubscription(s);
  if (s.scheduledChange?.planId === plan.id) return off(`Starts ${epochDate(s.scheduledChange.effectiveAt)}`);
  if (plan.id === s.effectivePlan.id) return off('Current Plan');
  if (isFreePlan(plan)) {
    if (live && !s.cancel_at_period_end) return { label: 'Downgrade to Free', action: 'cancel', disabled: !billingAvailable };
    return off('Default Plan');
  }
  if (live) {
    return plan.monthlyPrice > s.effectivePlan.monthlyPrice
      ? { label: 'Upgrade to This Plan', action: 'upgrade', disabled: !billingAvailable }
      : { label: 'Downgrade to This Plan', action: 'downgrade', disabled: !billingAvailable };
  }
  if (plan.id === s.planId && !GRANTING.includes(s.status) && s.status !== 'inactive')
    return { label: 'Resubscribe to This Plan', action: 'checkout', disabled: !billingAvailable };
  if (isFreePlan(s.effectivePlan)) return { label: 'Upgrade to This Plan', action: 'checkout', disabled: !billingAvailable };
  return { label: 'Subscribe', action: 'checkout', disabled: !billingAvailable };
}

/** Plan cards sit in 1, 2 or 3 columns by how many plans there are. */
export const planGridColumns = (count: number) => Math.max(1, Math.min(3, count));

/** A limit for the Billing tab: -1 shows 'Unlimited'. */
export const limitText = (limit: number) => (limit === -1 ? 'Unlimited' : String(limit));

/**
 * The limit lines of a plan card: classes and students always; online payments a month only when the plan has
 * online payment collection (a crossed-out feature with a limit under it reads as if it were included).
 */
export function planLimitLines(plan: Pick<SubscriptionPlan, 'limits' | 'features'>): string[] {
  return [
    `Classes: ${limitText(plan.limits.maxClasses)}`,
    `Students: ${limitText(plan.limits.maxStudents)}`,
    ...(plan.features.onlinePaymentCollection ? [`Online payments a month: ${limitText(plan.limits.maxTransactionsPerMonth)}`] : []),
  ];
}

/**
 * The free trial a plan card offers (spec README decision 16): the server says how many days a new subscription
 * of this organization starts with (30 the first time, 0 after); shown on the cards that start a Checkout.
 */
export function trialOffer(plan: SubscriptionPlan, s: Subscription | undefined, button: PlanButton): string | null {
  const days = s?.trialDaysOnSubscribe ?? 0;
  return days > 0 && button.action === 'checkout' && !isFreePlan(plan) ? `${days}-day free trial` : null;
}

/** The cancel button of the Overview: a running subscription (in its trial too) not already set to cancel. */
export const canCancel = (s: Subscription) =>
  hasLiveStripeSubscription(s) && ['active', 'trialing'].includes(s.status) && !s.cancel_at_period_end;

/** The Overview's next-billing line. */
export function nextBillingText(s: Subscription): string {
  if (s.cancel_at_period_end) return 'Canceled at period end';
  return epochDate(s.current_period_end);
}

/** The success page is done once Stripe's subscription runs (the webhook or the poll has written it). */
export const isActivated = (s: Subscription | undefined) =>
  Boolean(s && s.stripeSubscriptionId && ['active', 'trialing'].includes(s.status) && !isFreePlan(s.effectivePlan));

export const FEATURE_TEXT: Record<keyof SubscriptionPlan['features'], string> = {
  basicSiteAccess: 'Class listings and online registration',
  inClassPayments: 'In-class payments',
  onlinePaymentCollection: 'Online payment collection',
  advancedReporting: 'Advanced reporting',
  customBranding: 'Custom branding',
  apiAccess: 'API access',
  prioritySupport: 'Priority support',
};
