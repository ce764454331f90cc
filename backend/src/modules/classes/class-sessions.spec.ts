/**
 * The class-session rule is one function for the front ends (shared/class-sessions.ts) and one for the server
 * (sessionDates, which nest build needs inside backend/src). This table keeps the two the same rule
 * (decision 12: sessions follow the class's own schedule, never "one week apart" by default).
 */
import { describe, expect, it } from '@jest/globals';
import { classSessionDates } from '../../../../shared/class-sessions';
import { sessionDates } from './class.entity';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

const cases: Array<{ name: string; start: string; days: number; schedule: 'Consecutive' | 'Weekly'; expected: string[] }> = [
  { name: 'a single session', start: '2026-03-01T10:00:00.000Z', days: 1, schedule: 'Weekly', expected: ['2026-03-01T10:00:00.000Z'] },
  {
    name: 'consecutive days',
    start: '2026-03-01T10:00:00.000Z',
    days: 3,
    schedule: 'Consecutive',
    expected: ['2026-03-01T10:00:00.000Z', '2026-03-02T10:00:00.000Z', '2026-03-03T10:00:00.000Z'],
  },
  {
    name: 'weekly across the US daylight-saving change and a month end',
    start: '2026-03-01T18:00:00.000Z',
    days: 4,
    schedule: 'Weekly',
    expected: ['2026-03-01T18:00:00.000Z', '2026-03-08T18:00:00.000Z', '2026-03-15T18:00:00.000Z', '2026-03-22T18:00:00.000Z'],
  },
  {
    name: 'consecutive across a year end and a leap day',
    start: '2027-12-31T23:30:00.000Z',
    days: 2,
    schedule: 'Consecutive',
    expected: ['2027-12-31T23:30:00.000Z', '2028-01-01T23:30:00.000Z'],
  },
  {
    name: 'weekly over 29 February',
    start: '2028-02-26T09:00:00.000Z',
    days: 2,
    schedule: 'Weekly',
    expected: ['2028-02-26T09:00:00.000Z', '2028-03-04T09:00:00.000Z'],
  },
  {
    name: 'zero days as one session',
    start: '2026-05-05T07:15:00.000Z',
    days: 0,
    schedule: 'Consecutive',
    expected: ['2026-05-05T07:15:00.000Z'],
  },
];

describe('class sessions: shared front-end rule and server rule', () => {
  it.each(cases)('should agree on $name', ({ start, days, schedule, expected }) => {
    expect(iso(sessionDates(new Date(start), days, schedule))).toEqual(expected);
    expect(iso(classSessionDates(start, days, schedule))).toEqual(expected);
  });

  it('should agree on a year of generated weekly and consecutive classes', () => {
    for (let offset = 0; offset < 366; offset += 5) {
      const start = new Date(Date.UTC(2026, 0, 1, 17, 45) + offset * 86_400_000);
      for (const schedule of ['Consecutive', 'Weekly'] as const) {
        expect(iso(classSessionDates(start, 12, schedule))).toEqual(iso(sessionDates(start, 12, schedule)));
      }
    }
  });
});
