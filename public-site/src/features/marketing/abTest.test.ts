import { beforeEach, describe, expect, it } from 'vitest';
import { getVariant, trackConversion } from './abTest';
import { ANALYTICS_EVENT } from '@/lib/analytics';

describe('getVariant', () => {
  beforeEach(() => {
    localStorage.clear();
    window.__classlaneAnalytics = [];
  });
  it('should pick once, remember, and report the assignment', () => {
    const seen: string[] = [];
    window.addEventListener(ANALYTICS_EVENT, (e) => seen.push((e as CustomEvent).detail.name));
    expect(getVariant('headline', () => 0.9)).toBe('use_cases_focused');
    expect(getVariant('headline', () => 0.1)).toBe('use_cases_focused');
    expect(window.__classlaneAnalytics?.filter((e) => e.name === 'ab_assigned')).toHaveLength(1);
    trackConversion('headline', 'cta_click');
    expect(window.__classlaneAnalytics?.at(-1)).toMatchObject({
      name: 'ab_conversion',
      properties: { experiment: 'headline', variant: 'use_cases_focused' },
    });
    expect(seen).toEqual(['ab_assigned', 'ab_conversion']);
  });
});
