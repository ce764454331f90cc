import { describe, expect, it } from '@jest/globals';
import type { PlanResponse } from './plan.entity';
import { cheapestAbove, cheapestWithFeature, planIdThatApplies } from './plan-policy';
import { SUBSCRIPTION_STATUSES } from './subscription.repository';

const plan = (id: string, monthlyPrice: number, maxClasses: number, advancedReporting: boolean): PlanResponse => ({
  id,
  name: id[0].toUpperCase() + id.slice(1),
  description: '',
  monthlyPrice,
  displayOrder: monthlyPrice,
  isActive: true,
  limits: { maxClasses, maxStudents: 10, maxTransactionsPerMonth: 20 },
  features: {
    basicSiteAccess: true,
    inClassPayments: true,
    onlinePaymentCollection: advancedReporting,
    advancedReporting,
    customBranding: advancedReporting,
    apiAccess: false,
    prioritySupport: false,
  },
  stripePriceId: null,
});

describe('which plan applies', () => {
  it('should grant the plan for active, trialing and past_due, and Free for every other status', () => {
    const granted = SUBSCRIPTION_STATUSES.filter(
      (status) => planIdThatApplies({ planId: 'essential', status, scheduledPlanId: null, scheduledChangeAt: null }) === 'essential',
    );
    expect(granted).toEqual(['active', 'trialing', 'past_due']);
    expect(planIdThatApplies(null)).toBe('free');
  });

  it('should apply a booked downgrade only once its date has passed', () => {
    const at = new Date('2026-12-01T00:00:00Z');
    const s = { planId: 'professional', status: 'active' as const, scheduledPlanId: 'essential', scheduledChangeAt: at };
    expect(planIdThatApplies(s, new Date(at.getTime() - 1))).toBe('professional');
    expect(planIdThatApplies(s, at)).toBe('essential');
    expect(planIdThatApplies({ ...s, status: 'canceled' }, at)).toBe('free');
  });

  it('should name the cheapest plan that lifts a gate', () => {
    const plans = [plan('professional', 9900, -1, true), plan('free', 0, 2, false), plan('essential', 4900, 25, true)];
    expect(cheapestWithFeature(plans, 'advancedReporting')?.id).toBe('essential');
    expect(cheapestWithFeature(plans, 'apiAccess')).toBeNull();
    expect(cheapestAbove(plans, 'maxClasses', 1)?.id).toBe('free');
    expect(cheapestAbove(plans, 'maxClasses', 2)?.id).toBe('essential');
    expect(cheapestAbove(plans, 'maxClasses', 25)?.id).toBe('professional');
  });
});
