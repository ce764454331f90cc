import { describe, expect, it } from 'vitest';
import type { ClassItem } from '@/lib/models';
import { addMonths, entriesByDay, monthTitles, monthWeeks } from './calendarUtils';

const base: ClassItem = {
  id: 'c1',
  organizationId: 'o',
  title: 'Pottery',
  description: '',
  instructor: '',
  location: '',
  status: 'Open',
  price: 10,
  discountPrice: null,
  maxStudents: 10,
  enrolledStudents: 0,
  waitlistOpen: false,
  startDate: new Date(2026, 10, 28, 18, 0),
  duration: 60,
  days: 3,
  schedule: 'Weekly',
  sessions: [],
  information: '',
  materials: [],
  minEnrollment: 0,
  decisionHoursBefore: 48,
  autoCancelBelowMinimum: false,
  goNoGo: 'pending',
  decidedAt: null,
  termId: null,
  termName: null,
  locationId: null,
  roomId: null,
  instructorId: null,
  registrationOpensAt: null,
  registrationClosesAt: null,
  registrationWindow: { opensAt: null, closesAt: null, earlyAccessOpensAt: null, timeZone: null, waitingRoomUntil: null },
};

describe('calendar', () => {
  it('should lay out weeks from Sunday', () => {
    const weeks = monthWeeks(new Date(2026, 11, 1)); // December 2026 starts on a Tuesday
    expect(weeks[0].slice(0, 2)).toEqual([null, null]);
    expect(weeks[0][2]?.getDate()).toBe(1);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
  it('should place weekly sessions across months', () => {
    const november = entriesByDay([base], new Date(2026, 10, 1));
    const december = entriesByDay([base], addMonths(new Date(2026, 10, 1), 1));
    expect([...november.keys()]).toEqual(['2026-11-28']);
    expect([...december.keys()]).toEqual(['2026-12-05', '2026-12-12']);
    expect(monthTitles(december).map((t) => t.title)).toEqual(['Pottery']);
  });
});
