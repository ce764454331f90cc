import { describe, expect, it } from 'vitest';
import { money, when } from './portalFormat';

describe('portal formats', () => {
  it('should write an amount in dollars with its cents', () => {
    expect(money(12.5)).toBe('$12.50');
    expect(money(0)).toBe('$0.00');
  });

  it('should write a date with its weekday and time, from a Date or the API string alike', () => {
    const at = new Date(2026, 10, 27, 15, 5);
    expect(when(at)).toMatch(/^Fri, Nov 27, 2026, 3:05\sPM$/u);
    expect(when(at.toISOString())).toBe(when(at));
  });
});
