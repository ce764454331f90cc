import { describe, expect, it } from 'vitest';
import type { Plan } from '@/lib/models';
import { FALLBACK_PLANS, isPopular, NO_ONLINE_PAYMENTS, planButtonText, planFeatures, planPrice, sortPlans } from './getPlans';

const plan = (over: Partial<Plan>): Plan => ({ ...FALLBACK_PLANS[0], ...over });

describe('plans', () => {
  it('should sort by displayOrder and apply the Popular rule', () => {
    const plans = sortPlans([
      plan({ name: 'Pro', displayOrder: 2 }),
      plan({ name: 'Free', displayOrder: 0 }),
      plan({ name: 'Essential', displayOrder: 5 }),
    ]);
    expect(plans.map((p) => p.name)).toEqual(['Free', 'Pro', 'Essential']);
    expect(isPopular(plan({ name: 'Essential', displayOrder: 5 }))).toBe(true);
    expect(isPopular(plan({ name: 'Team', displayOrder: 1 }))).toBe(true);
    expect(isPopular(plan({ name: 'Free', displayOrder: 0 }))).toBe(false);
  });
  it('should show whole dollars and the button texts', () => {
    expect(planPrice(plan({ monthlyPrice: 4900 }))).toBe('$49');
    expect(planButtonText(plan({ monthlyPrice: 0 }))).toBe('Start Free');
    expect(planButtonText(plan({ name: 'Essential', monthlyPrice: 4900 }))).toBe('Upgrade to Essential');
  });
  it('should list the fallback Free limits of decision 2', () => {
    expect(planFeatures(FALLBACK_PLANS[0]).slice(0, 2)).toEqual(['2 classes', '10 students']);
    expect(planFeatures(plan({ limits: { maxClasses: -1, maxStudents: -1, maxTransactionsPerMonth: -1 } }))[0]).toBe('Unlimited classes');
  });
  it('should name the missing online payments with the marker the card styles as a dash', () => {
    expect(planFeatures(FALLBACK_PLANS[0])).toContain(NO_ONLINE_PAYMENTS);
    expect(planFeatures(FALLBACK_PLANS[1])).not.toContain(NO_ONLINE_PAYMENTS);
  });
});
