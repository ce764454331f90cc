import { describe, expect, it } from 'vitest';
import { contrastRatio, lowContrast } from '@/settings/contrast';
import { cheapestPlanWith } from '@/common/plans';
import type { Plan } from '@/providers/types';

describe('contrast', () => {
  it('should compute WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
  });
  it('should flag ratios below 4.5', () => {
    expect(lowContrast('#15385F', '#ffffff')).toBe(false);
    expect(lowContrast('#cccccc', '#ffffff')).toBe(true);
  });
});

describe('cheapestPlanWith', () => {
  const plan = (id: string, price: number, branding: boolean, order: number): Plan => ({
    id,
    name: id[0].toUpperCase() + id.slice(1),
    description: '',
    monthlyPrice: price,
    displayOrder: order,
    isActive: true,
    stripePriceId: null,
    limits: { maxClasses: 1, maxStudents: 1, maxTransactionsPerMonth: 1 },
    features: {
      basicSiteAccess: true,
      inClassPayments: true,
      onlinePaymentCollection: branding,
      advancedReporting: branding,
      customBranding: branding,
      apiAccess: false,
      prioritySupport: false,
    },
  });
  it('should name the cheapest plan with the feature', () => {
    const plans = [plan('professional', 9900, true, 2), plan('free', 0, false, 0), plan('essential', 4900, true, 1)];
    expect(cheapestPlanWith(plans, 'customBranding')?.name).toBe('Essential');
    expect(cheapestPlanWith([plan('free', 0, false, 0)], 'customBranding')).toBeNull();
  });
});
