import { describe, expect, it } from 'vitest';
import type { Subscription, SubscriptionPlan } from '@/providers/subscription';
import {
  canCancel,
  isActivated,
  limitText,
  monthlyPriceText,
  nextBillingText,
  planButton,
  planGridColumns,
  planLimitLines,
  subscriptionBannerModel,
  trialOffer,
} from '@/subscription/logic';

const plan = (id: string, monthlyPrice: number) => ({ id, name: id[0].toUpperCase() + id.slice(1), monthlyPrice }) as SubscriptionPlan;
const FREE = plan('free', 0);
const ESSENTIAL = plan('essential', 4900);
const PRO = plan('professional', 9900);
const NOW = new Date('2026-11-23T12:00:00Z');
const day = 86_400;
const at = (days: number) => Math.floor(NOW.getTime() / 1000) + days * day;

function sub(over: Partial<Subscription> = {}): Subscription {
  const p = over.plan ?? ESSENTIAL;
  return {
    organizationId: 'o',
    status: 'active',
    planId: p.id,
    plan: p,
    effectivePlan: p,
    current_period_start: at(-10),
    current_period_end: at(20),
    cancel_at_period_end: false,
    trial_end: null,
    canceled_at: null,
    scheduledChange: null,
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    complimentary: false,
    billingAvailable: true,
    trialDaysOnSubscribe: 0,
    ...over,
  } as Subscription;
}

describe('dashboard subscription banner (spec 3 §4)', () => {
  it("should be the compact 'Active' bar when active, not cancelling and more than 7 days from the period end", () => {
    expect(subscriptionBannerModel(sub(), NOW)).toEqual({ kind: 'compact', planName: 'Essential' });
    // A complimentary plan has no period: compact too.
    expect(subscriptionBannerModel(sub({ current_period_end: null, stripeSubscriptionId: null }), NOW).kind).toBe('compact');
  });

  it('should be the detailed card inside the 7-day window, when cancelling, trialing or past due', () => {
    expect(subscriptionBannerModel(sub({ current_period_end: at(6) }), NOW)).toMatchObject({ kind: 'detailed', cancelling: false });
    expect(subscriptionBannerModel(sub({ current_period_end: at(8) }), NOW).kind).toBe('compact');
    expect(subscriptionBannerModel(sub({ cancel_at_period_end: true }), NOW)).toMatchObject({ kind: 'detailed', cancelling: true });
    expect(subscriptionBannerModel(sub({ status: 'trialing' }), NOW)).toMatchObject({ kind: 'detailed', statusLabel: 'Trialing' });
    expect(subscriptionBannerModel(sub({ status: 'past_due' }), NOW)).toMatchObject({ kind: 'detailed', pastDue: true });
  });

  it("should show 'Free Plan' on Free or inactive, and 'No active subscription' for a paid plan that does not run", () => {
    expect(subscriptionBannerModel(sub({ plan: FREE, effectivePlan: FREE }), NOW)).toEqual({ kind: 'free' });
    expect(subscriptionBannerModel(sub({ status: 'inactive' }), NOW)).toEqual({ kind: 'free' });
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired'] as const)
      expect(subscriptionBannerModel(sub({ status, effectivePlan: FREE }), NOW)).toEqual({ kind: 'none', planName: 'Essential' });
  });
});

describe('plan card buttons (spec 3 §2.9)', () => {
  const labels = (s: Subscription | undefined) => [FREE, ESSENTIAL, PRO].map((p) => planButton(p, s).label);

  it('should offer upgrades from Free through Checkout', () => {
    const free = sub({ plan: FREE, effectivePlan: FREE, stripeSubscriptionId: null, current_period_end: null });
    expect(labels(free)).toEqual(['Current Plan', 'Upgrade to This Plan', 'Upgrade to This Plan']);
    expect(planButton(ESSENTIAL, free).action).toBe('checkout');
  });

  it('should offer Downgrade to Free, an upgrade and a downgrade while subscribed', () => {
    expect(labels(sub())).toEqual(['Downgrade to Free', 'Current Plan', 'Upgrade to This Plan']);
    expect(planButton(PRO, sub()).action).toBe('upgrade');
    expect(planButton(ESSENTIAL, sub({ plan: PRO, effectivePlan: PRO })).action).toBe('downgrade');
    expect(planButton(FREE, sub()).action).toBe('cancel');
  });

  it("should show 'Default Plan' on Free once cancelling or when complimentary, and the booked plan's start", () => {
    expect(planButton(FREE, sub({ cancel_at_period_end: true }))).toEqual({ label: 'Default Plan', action: 'none', disabled: true });
    expect(planButton(FREE, sub({ stripeSubscriptionId: null, complimentary: true })).label).toBe('Default Plan');
    const booked = sub({
      plan: PRO,
      effectivePlan: PRO,
      scheduledChange: { planId: 'essential', planName: 'Essential', effectiveAt: at(20) },
    });
    expect(planButton(ESSENTIAL, booked)).toMatchObject({ label: expect.stringMatching(/^Starts /), disabled: true });
  });

  it('should offer Resubscribe on the cancelled plan and Subscribe when the subscription is unknown or complimentary', () => {
    const cancelled = sub({ status: 'canceled', effectivePlan: FREE });
    expect(labels(cancelled)).toEqual(['Current Plan', 'Resubscribe to This Plan', 'Upgrade to This Plan']);
    expect(labels(undefined)).toEqual(['Default Plan', 'Subscribe', 'Subscribe']);
    expect(planButton(PRO, sub({ stripeSubscriptionId: null, complimentary: true })).label).toBe('Subscribe');
  });

  it('should disable buying without billing on the server', () => {
    expect(planButton(PRO, sub(), false)).toMatchObject({ label: 'Upgrade to This Plan', disabled: true });
  });
});

describe('subscription texts', () => {
  it('should lay out 1, 2 or 3 columns and show whole dollars, Unlimited and the next billing line', () => {
    expect([1, 2, 3, 4].map(planGridColumns)).toEqual([1, 2, 3, 3]);
    expect(monthlyPriceText(4900)).toBe('$49/month');
    expect(limitText(-1)).toBe('Unlimited');
    expect(limitText(25)).toBe('25');
    expect(nextBillingText(sub({ cancel_at_period_end: true }))).toBe('Canceled at period end');
    expect(nextBillingText(sub())).toMatch(/^December 13, 2026$/);
  });

  it('should count a subscription as activated only once Stripe runs it on a paid plan', () => {
    expect(isActivated(sub())).toBe(true);
    expect(isActivated(sub({ status: 'trialing' }))).toBe(true);
    expect(isActivated(sub({ stripeSubscriptionId: null }))).toBe(false);
    expect(isActivated(sub({ status: 'incomplete' }))).toBe(false);
    expect(isActivated(undefined)).toBe(false);
  });
});

describe('the free trial and the limits on the plan cards', () => {
  const free = (over: Partial<Subscription> = {}) =>
    sub({ plan: FREE, effectivePlan: FREE, stripeSubscriptionId: null, current_period_end: null, ...over });

  it("should offer the server's 30-day trial on the cards that start a first subscription, and none after", () => {
    const first = free({ trialDaysOnSubscribe: 30 });
    expect([FREE, ESSENTIAL, PRO].map((p) => trialOffer(p, first, planButton(p, first)))).toEqual([
      null,
      '30-day free trial',
      '30-day free trial',
    ]);
    const again = sub({ status: 'canceled', effectivePlan: FREE });
    expect(trialOffer(ESSENTIAL, again, planButton(ESSENTIAL, again))).toBeNull();
    // While subscribed, an upgrade changes the running subscription: no new trial.
    expect(trialOffer(PRO, sub({ trialDaysOnSubscribe: 30 }), planButton(PRO, sub()))).toBeNull();
  });

  it('should list the online payments limit only on a plan that takes online payments', () => {
    const limits = { maxClasses: 2, maxStudents: 10, maxTransactionsPerMonth: 20 };
    const features = { onlinePaymentCollection: false } as SubscriptionPlan['features'];
    expect(planLimitLines({ limits, features })).toEqual(['Classes: 2', 'Students: 10']);
    expect(
      planLimitLines({ limits: { ...limits, maxTransactionsPerMonth: -1 }, features: { ...features, onlinePaymentCollection: true } }),
    ).toEqual(['Classes: 2', 'Students: 10', 'Online payments a month: Unlimited']);
  });

  it('should let a running subscription be cancelled during its trial too, once', () => {
    expect(canCancel(sub())).toBe(true);
    expect(canCancel(sub({ status: 'trialing' }))).toBe(true);
    expect(canCancel(sub({ status: 'trialing', cancel_at_period_end: true }))).toBe(false);
    expect(canCancel(sub({ status: 'past_due' }))).toBe(false);
    expect(canCancel(sub({ stripeSubscriptionId: null, complimentary: true }))).toBe(false);
  });
});
