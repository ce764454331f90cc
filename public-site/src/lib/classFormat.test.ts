import { describe, expect, it } from 'vitest';
import {
  effectivePrice,
  formatDuration,
  formatLongDate,
  formatPrice,
  formatTime,
  formatTimeRange,
  hasDiscount,
  isOpenStatus,
  scheduleText,
  sessionDates,
  slugify,
} from './classFormat';

describe('scheduleText', () => {
  it('should describe the schedule', () => {
    expect(scheduleText(1, 'Consecutive')).toBe('Single session');
    expect(scheduleText(1, 'Weekly')).toBe('Single session');
    expect(scheduleText(5, 'Consecutive')).toBe('5 consecutive days');
    expect(scheduleText(8, 'Weekly')).toBe('8 weeks (weekly)');
    expect(scheduleText(0, 'Weekly')).toBe('Schedule TBA');
    expect(scheduleText(undefined, undefined)).toBe('Schedule TBA');
  });
});

describe('dates and times', () => {
  const start = new Date(2026, 11, 5, 9, 0); // local Saturday 5 Dec 2026, 9:00
  it('should format a long date', () => {
    expect(formatLongDate(start)).toBe('Saturday, December 5, 2026');
    expect(formatLongDate('not a date')).toBe('TBA');
    expect(formatLongDate(null)).toBe('TBA');
  });
  it('should format 12-hour times with an end time', () => {
    expect(formatTime(start)).toBe('9:00 AM');
    expect(formatTime(new Date(2026, 0, 1, 13, 5))).toBe('1:05 PM');
    expect(formatTimeRange(start, 90)).toBe('9:00 AM - 10:30 AM');
    expect(formatTimeRange(new Date(2026, 0, 1, 11, 30), 60)).toBe('11:30 AM - 12:30 PM');
    expect(formatTime(undefined)).toBe('Time TBA');
    expect(formatTimeRange('', 60)).toBe('Time TBA');
  });
  it('should format durations in minutes or hours', () => {
    expect(formatDuration(45)).toBe('45 minutes');
    expect(formatDuration(60)).toBe('1 hour');
    expect(formatDuration(120)).toBe('2 hours');
    expect(formatDuration(90)).toBe('1 hour 30 minutes');
  });
  it('should compute session dates', () => {
    const weekly = sessionDates(start, 3, 'Weekly');
    expect(weekly.map((d) => d.getDate())).toEqual([5, 12, 19]);
    const consecutive = sessionDates(start, 3, 'Consecutive');
    expect(consecutive.map((d) => d.getDate())).toEqual([5, 6, 7]);
    const given = sessionDates(start, 2, 'Weekly', ['2026-12-20T09:00:00Z', '2026-12-13T09:00:00Z']);
    expect(given[0].getTime()).toBeLessThan(given[1].getTime());
  });
});

describe('prices', () => {
  it('should show a discount only when 0 < discount < price', () => {
    expect(hasDiscount(100, 80)).toBe(true);
    expect(hasDiscount(100, 0)).toBe(false);
    expect(hasDiscount(100, 100)).toBe(false);
    expect(hasDiscount(100, 120)).toBe(false);
    expect(hasDiscount(100, null)).toBe(false);
    expect(effectivePrice(100, 80)).toBe(80);
    expect(effectivePrice(100, 150)).toBe(100);
  });
  it('should format USD', () => {
    expect(formatPrice(49)).toBe('$49');
    expect(formatPrice(45.5)).toBe('$45.50');
    expect(formatPrice(1200)).toBe('$1,200');
  });
});

describe('status and slugs', () => {
  it('should treat Open and Scheduled as open', () => {
    expect(isOpenStatus('Open')).toBe(true);
    expect(isOpenStatus('Scheduled')).toBe(true);
    expect(isOpenStatus('Closed')).toBe(false);
    expect(isOpenStatus('Cancelled')).toBe(false);
  });
  it('should slugify titles for file names', () => {
    expect(slugify('Watercolor for Beginners!')).toBe('watercolor-for-beginners');
  });
});
