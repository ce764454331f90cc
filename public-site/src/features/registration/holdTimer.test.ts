import { describe, expect, it } from 'vitest';
import { formatHoldRemaining, holdEndsAt } from './holdTimer';

describe('formatHoldRemaining', () => {
  it('should show minutes and zero-padded seconds, rounding up', () => {
    expect(formatHoldRemaining(15 * 60_000)).toBe('15:00');
    expect(formatHoldRemaining(14 * 60_000 + 59_001)).toBe('15:00');
    expect(formatHoldRemaining(65_000)).toBe('1:05');
    expect(formatHoldRemaining(400)).toBe('0:01');
  });
  it('should never go below zero', () => {
    expect(formatHoldRemaining(0)).toBe('0:00');
    expect(formatHoldRemaining(-5_000)).toBe('0:00');
  });
});

describe('holdEndsAt', () => {
  it('should read a Date or an ISO string', () => {
    expect(holdEndsAt(new Date('2026-11-23T13:15:00Z'))).toBe(Date.parse('2026-11-23T13:15:00Z'));
    expect(holdEndsAt('2026-11-23T13:15:00Z')).toBe(Date.parse('2026-11-23T13:15:00Z'));
  });
});
