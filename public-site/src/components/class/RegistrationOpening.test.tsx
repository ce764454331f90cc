import { describe, expect, it } from 'vitest';
import { countdownText, openingTime } from './RegistrationOpening';

describe('RegistrationOpening', () => {
  it("should say the opening as 'Monday, January 5 at 6:00 AM' in the organization's time zone", () => {
    expect(openingTime(new Date('2026-01-05T12:00:00Z'), 'America/Chicago')).toBe('Monday, January 5 at 6:00 AM');
    expect(openingTime(new Date('2026-01-05T12:00:00Z'), 'Asia/Tokyo')).toBe('Monday, January 5 at 9:00 PM');
  });

  it('should count down in days, hours, minutes and seconds, never below zero', () => {
    expect(countdownText(5_000)).toBe('00:00:05');
    expect(countdownText(4_001)).toBe('00:00:05');
    expect(countdownText((2 * 86400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toBe('2 d 03:04:05');
    expect(countdownText(-1)).toBe('00:00:00');
  });
});
