import { describe, expect, it } from 'vitest';
import { pickDay } from '@/teacher-session/TeacherSession';

const days = [
  { sessionIndex: 0, date: '2026-11-26', startsAt: '2026-11-27T02:35:00.000Z' },
  { sessionIndex: 1, date: '2026-11-27', startsAt: '2026-11-28T02:35:00.000Z' },
];

describe('pickDay', () => {
  // 02:30 UTC on the 27th is still the evening of the 26th in Los Angeles.
  const now = new Date('2026-11-27T02:30:00.000Z');

  it("counts today in the organization's zone, not the device's", () => {
    expect(pickDay(days, now, 'America/Los_Angeles')).toBe('2026-11-26');
    expect(pickDay(days, now, 'UTC')).toBe('2026-11-27');
  });

  it('takes the next session when none is today, and the last when all are past', () => {
    expect(pickDay(days, new Date('2026-11-20T12:00:00.000Z'), 'UTC')).toBe('2026-11-26');
    expect(pickDay(days, new Date('2026-12-20T12:00:00.000Z'), 'UTC')).toBe('2026-11-27');
  });
});
