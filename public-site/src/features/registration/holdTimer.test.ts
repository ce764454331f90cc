import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n/i18n';
import { formatHoldRemaining, holdEndsAt, spokenHoldRemaining } from './holdTimer';

describe('formatHoldRemaining', () => {
  it('should show minutes and zero-padded seconds, rounding up', () => {
    expect(formatHoldRemaining(15 * 60_000)).toBe('15:00');
    expect(formatHoldRemaining(14 * 60_000 + 59_001)).toBe('15:00');
    expect(formatHoldRemaining(65_000)).toBe('1:05');
    expect(formatHoldRemaining(400)).toBe('0:01');
  });
  it('should show hours from an hour up (a waitlist offer holds its seat for hours)', () => {
    expect(formatHoldRemaining(60 * 60_000)).toBe('1:00:00');
    expect(formatHoldRemaining(23 * 3600_000 + 5 * 60_000 + 7_000)).toBe('23:05:07');
    expect(formatHoldRemaining(59 * 60_000 + 59_500)).toBe('1:00:00');
  });
  it('should be spoken in minutes, then in whole hours', () => {
    const t = (id: string, values?: Record<string, unknown>) => i18n._(id, values);
    expect(spokenHoldRemaining(t, 30_000)).toBe('less than 1 minute');
    expect(spokenHoldRemaining(t, 14 * 60_000 + 1)).toBe('15 minutes');
    expect(spokenHoldRemaining(t, 119 * 60_000)).toBe('119 minutes');
    expect(spokenHoldRemaining(t, 23.6 * 3600_000)).toBe('about 24 hours');
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
