import { describe, expect, it } from '@jest/globals';
import { reportDay } from './report-day';

describe('reportDay', () => {
  it('should keep a date as it is', () => {
    expect(reportDay('2026-11-19', 'Europe/Berlin')).toBe('2026-11-19');
    expect(reportDay('2028-02-29', 'UTC')).toBe('2028-02-29');
  });

  it("should read a date-time with an offset as the day it falls on in the organization's zone", () => {
    expect(reportDay('2026-11-19T22:25:35.717Z', 'America/New_York')).toBe('2026-11-19');
    expect(reportDay('2026-11-19T22:25:35.717Z', 'Europe/Berlin')).toBe('2026-11-19');
    expect(reportDay('2026-11-19T23:30:00.000Z', 'America/New_York')).toBe('2026-11-19');
    expect(reportDay('2026-11-19T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-11-20');
    expect(reportDay('2026-11-19T23:30:00.717123Z', 'Europe/Berlin')).toBe('2026-11-20');
    expect(reportDay('2026-11-20T01:00:00+02:00', 'UTC')).toBe('2026-11-19');
    expect(reportDay('2026-11-20T01:00+0200', 'UTC')).toBe('2026-11-19');
  });

  it('should read a date-time without an offset as a wall-clock time: its own date', () => {
    expect(reportDay('2026-11-19T23:30:00', 'Pacific/Kiritimati')).toBe('2026-11-19');
    expect(reportDay('2026-11-19T23:30', 'UTC')).toBe('2026-11-19');
  });

  it('should refuse what is not a real date or time', () => {
    for (const v of [
      '',
      'yesterday',
      '2026-02-30',
      '2026-02-30T10:00:00Z',
      '2027-02-29',
      '2026-13-01',
      '2026-11-19T24:00:00Z',
      '2026-11-19T10:60:00Z',
      '2026-11-19T10:00:61Z',
      '2026-11-19T10:00:00+24:00',
      '2026-11-19T10',
      '2026-11-19 10:00:00Z',
      '20261119',
      '1731974400000',
    ])
      expect(reportDay(v, 'UTC')).toBeNull();
  });
});
