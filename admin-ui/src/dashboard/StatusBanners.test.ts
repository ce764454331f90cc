import { describe, expect, it } from 'vitest';
import { subscriptionBanner } from '@/dashboard/StatusBanners';
import type { Plan, SubscriptionValidation } from '@/providers/types';

const plan = (id: string, name: string) =>
  ({ id, name, monthlyPrice: id === 'free' ? 0 : 4900, displayOrder: 0, features: {}, limits: {} }) as unknown as Plan;
const validation = (p: Plan, active: boolean): SubscriptionValidation =>
  ({
    hasActiveSubscription: active,
    canAcceptOnlinePayments: false,
    planName: p.name,
    plan: p,
    usage: { classes: 0, students: 0, transactions: 0 },
  }) as SubscriptionValidation;

describe('subscriptionBanner (spec 3 §4)', () => {
  it("should show 'Free Plan' with Upgrade Plan on the free plan", () => {
    expect(subscriptionBanner(validation(plan('free', 'Free'), true))).toMatchObject({
      title: 'Free Plan',
      action: 'Upgrade Plan',
      to: '/admin/subscription?tab=plans',
    });
  });

  it("should show 'No active subscription' with View Plans for a paid plan that is not active", () => {
    expect(subscriptionBanner(validation(plan('essential', 'Essential'), false))).toMatchObject({
      title: 'No active subscription',
      action: 'View Plans',
    });
  });

  it("should show the compact 'Active' bar with Manage for an active paid plan", () => {
    expect(subscriptionBanner(validation(plan('essential', 'Essential'), true))).toMatchObject({
      title: 'Active',
      text: 'Essential plan',
      action: 'Manage',
      to: '/admin/subscription',
    });
  });
});
