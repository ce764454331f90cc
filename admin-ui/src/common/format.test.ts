import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTimeRange } from './format';

describe('times shown in a named zone', () => {
  // 1:00 AM UTC on January 6 2027 is 6:00 PM on January 5 in Denver (MST) and 10:00 AM on January 6 in Tokyo.
  const at = '2027-01-06T01:00:00.000Z';

  it("shows a class's day and hours in the zone, with its short name after the time", () => {
    expect(formatDate(at, 'short', 'America/Denver')).toBe('Jan 5, 2027');
    expect(formatDate(at, 'long', 'Asia/Tokyo')).toBe('Wednesday, January 6, 2027');
    expect(formatTimeRange(at, 90, 'America/Denver')).toBe('6:00 PM - 7:30 PM MST');
    expect(formatTimeRange('2027-07-06T00:00:00.000Z', 60, 'America/Denver')).toBe('6:00 PM - 7:00 PM MDT');
    expect(formatDateTime(at, 'America/Denver')).toBe('Jan 5, 2027, 6:00 PM MST');
  });

  it('keeps the browser zone, unnamed, without one', () => {
    expect(formatTimeRange(at, 60)).not.toMatch(/[A-Z]{3}$/);
    expect(formatDateTime(null, 'America/Denver')).toBe('TBA');
    expect(formatTimeRange(undefined, 60, 'America/Denver')).toBe('Time TBA');
  });
});
