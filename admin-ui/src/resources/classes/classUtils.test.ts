import { classSessionDates } from '@shared/class-sessions';
import { ClassError } from '@shared/api/error-codes';
import { describe, expect, it } from 'vitest';
import {
  createErrorMessage,
  cloneStartInstant,
  defaultClassValues,
  enrollmentColor,
  goNoGoSummary,
  hasDiscount,
  isListable,
  toPayload,
  updateErrorMessage,
  validateClass,
  validateClone,
  valuesFromClass,
} from '@/resources/classes/classUtils';
import type { ClassRecord } from '@/providers/types';

describe('classUtils', () => {
  it('should colour the enrollment bar red at 90%, yellow at 70%, else green', () => {
    expect(enrollmentColor(9, 10)).toBe('error');
    expect(enrollmentColor(7, 10)).toBe('warning');
    expect(enrollmentColor(6, 10)).toBe('success');
    expect(enrollmentColor(0, 0)).toBe('success');
  });

  it('should show a discount only when 0 < discount < price', () => {
    expect(hasDiscount(50, 40)).toBe(true);
    expect(hasDiscount(50, 0)).toBe(false);
    expect(hasDiscount(50, 50)).toBe(false);
    expect(hasDiscount(50, null)).toBe(false);
  });

  it('should use the spec defaults', () => {
    const v = defaultClassValues(new Date('2026-03-01T10:00:00'));
    expect(v).toMatchObject({ maxStudents: '10', duration: '60', days: '1', schedule: 'Consecutive', status: 'Open' });
  });

  it('should give the spec validation messages', () => {
    const e = validateClass({ ...defaultClassValues(), days: '0', duration: '10', maxStudents: '0' });
    expect(e.title).toBe('Title is required');
    expect(e.days).toBe('Days must be at least 1');
    expect(e.duration).toBe('Duration must be at least 15 minutes');
    expect(e.maxStudents).toBe('Max students must be at least 1');
  });

  it('should validate clone dates', () => {
    const now = new Date('2026-03-01T10:00:00');
    expect(validateClone({ title: '', startDate: '', status: 'Open' }, now)).toEqual({
      title: 'Title is required',
      startDate: 'Start date is required',
    });
    expect(validateClone({ title: 'x', startDate: 'nope', status: 'Open' }, now).startDate).toBe('Invalid date format');
    expect(validateClone({ title: 'x', startDate: '2026-02-01T10:00', status: 'Open' }, now).startDate).toBe(
      'Start date cannot be in the past',
    );
    expect(validateClone({ title: 'x', startDate: '2026-04-01T10:00', status: 'Open' }, now)).toEqual({});
  });

  it('should fall back to now for an invalid start date', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(toPayload({ ...defaultClassValues(), startDate: 'bad' }, now).startDate).toBe(now.toISOString());
  });

  it('should exclude classes missing title, description or instructor', () => {
    expect(isListable({ title: 'a', description: 'b', instructor: 'c' })).toBe(true);
    expect(isListable({ title: 'a', description: '', instructor: 'c' })).toBe(false);
  });

  it('should space sessions 1 day (Consecutive) or 7 days (Weekly) apart (shared rule)', () => {
    const weekly = classSessionDates('2026-03-01T10:00:00Z', 3, 'Weekly');
    expect(weekly.map((d) => d.toISOString().slice(0, 10))).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
    expect(classSessionDates('2026-03-01T10:00:00Z', 2, 'Consecutive')[1].toISOString().slice(0, 10)).toBe('2026-03-02');
    expect(classSessionDates('not a date', 2, 'Weekly')).toEqual([]);
  });

  it('should show the server message for a 403 limit reached update', () => {
    expect(updateErrorMessage(403, 'Class limit reached. Free allows up to 2 classes.', ClassError.LimitReached)).toContain('Free allows');
    expect(updateErrorMessage(500, 'boom')).toBe('Failed to update class. Please try again');
  });

  it('should tell the plan limit by its code, never by the words', () => {
    expect(updateErrorMessage(403, 'You are at your plan cap', ClassError.LimitReached)).toBe('You are at your plan cap');
    expect(updateErrorMessage(403, 'Class limit reached (no code)')).toBe('Failed to update class. Please try again');
    expect(createErrorMessage(403, 'Class limit reached. Free allows up to 2 classes.', ClassError.LimitReached)).toContain('Free allows');
    expect(createErrorMessage(403, 'A limit without its code')).toBe('Failed to create class. Please try again.');
  });

  it('should fall back to the limit text only for a 403 without a message', () => {
    expect(updateErrorMessage(403, '')).toBe(
      'Cannot activate class - class limit reached. Upgrade your plan or archive other classes first.',
    );
    // A 403 that is not about the plan (e.g. tenant scope) must not ask the admin to upgrade.
    expect(updateErrorMessage(403, 'organizationId does not match your organization')).toBe('Failed to update class. Please try again');
  });

  it('should check the minimum enrolment fields with the server messages and send them', () => {
    const v = { ...defaultClassValues(), title: 'T', description: 'D', instructor: 'I', location: 'L', maxStudents: '10' };
    expect(validateClass(v)).toEqual({});
    expect(validateClass({ ...v, minEnrollment: '-1' }).minEnrollment).toBe('Minimum enrolment cannot be negative');
    expect(validateClass({ ...v, minEnrollment: '2.5' }).minEnrollment).toBe('Minimum enrolment must be a whole number');
    expect(validateClass({ ...v, minEnrollment: '11' }).minEnrollment).toBe('Minimum enrolment (11) cannot be more than max students (10)');
    expect(validateClass({ ...v, decisionHoursBefore: '0' }).decisionHoursBefore).toBe('Decide at least 1 hour before the start');
    expect(validateClass({ ...v, decisionHoursBefore: '721' }).decisionHoursBefore).toBe(
      'Decide at most 720 hours (30 days) before the start',
    );
    expect(toPayload({ ...v, minEnrollment: '4', decisionHoursBefore: '24', autoCancelBelowMinimum: true })).toMatchObject({
      minEnrollment: 4,
      decisionHoursBefore: 24,
      autoCancelBelowMinimum: true,
    });
  });

  it('should say where a class stands with its minimum', () => {
    const base = { minEnrollment: 5, decisionHoursBefore: 48, autoCancelBelowMinimum: true, startDate: '2026-12-10T18:00:00.000Z' };
    expect(goNoGoSummary({ ...base, minEnrollment: 0, goNoGo: 'pending', decidedAt: null })).toBeNull();
    expect(goNoGoSummary({ ...base, goNoGo: 'pending', decidedAt: null })).toMatchObject({ label: 'Pending' });
    expect(goNoGoSummary({ ...base, goNoGo: 'pending', decidedAt: null })!.detail).toContain('cancelled and refunded automatically');
    expect(goNoGoSummary({ ...base, goNoGo: 'pending', decidedAt: '2026-12-08T18:00:00.000Z' })).toMatchObject({ label: 'Below minimum' });
    expect(goNoGoSummary({ ...base, goNoGo: 'confirmed', decidedAt: '2026-12-08T18:00:00.000Z' })).toMatchObject({ label: 'Confirmed' });
    expect(goNoGoSummary({ ...base, goNoGo: 'cancelled', decidedAt: '2026-12-08T18:00:00.000Z' })).toMatchObject({
      label: 'Cancelled: below minimum',
    });
  });

  it("should enter and show the class's own registration opening and closing in the organization's time zone", () => {
    const v = { ...defaultClassValues(), registrationOpensAt: '2027-01-05T06:00', registrationClosesAt: '2027-03-14T02:30' };
    const payload = toPayload(v, new Date(), 'America/Denver');
    expect(payload.registrationOpensAt).toBe('2027-01-05T13:00:00.000Z');
    // 2:30 AM on the spring-forward Sunday does not exist in Denver: it is read as 3:30 AM MDT.
    expect(payload.registrationClosesAt).toBe('2027-03-14T09:30:00.000Z');
    const shown = valuesFromClass(
      { ...payload, id: 'c1', registrationClosesAt: null, materials: [] } as unknown as ClassRecord,
      'America/Denver',
    );
    expect(shown.registrationOpensAt).toBe('2027-01-05T06:00');
    expect(shown.registrationClosesAt).toBe('');
    expect(toPayload({ ...v, registrationOpensAt: '', registrationClosesAt: '' }, new Date(), 'America/Denver')).toMatchObject({
      registrationOpensAt: null,
      registrationClosesAt: null,
    });
  });

  it("should enter and show the class's start in the organization's time zone, and default it to 9:00 AM tomorrow there", () => {
    const v = { ...defaultClassValues(), startDate: '2027-01-05T18:00' };
    // 6:00 PM in Denver (MST, UTC-7) is 1:00 AM the next day in UTC.
    expect(toPayload(v, new Date(), 'America/Denver').startDate).toBe('2027-01-06T01:00:00.000Z');
    expect(
      valuesFromClass({ ...v, id: 'c1', startDate: '2027-01-06T01:00:00.000Z', materials: [] } as unknown as ClassRecord, 'America/Denver')
        .startDate,
    ).toBe('2027-01-05T18:00');
    // At 11 PM on January 4 in Denver (06:00 UTC on the 5th), tomorrow there is January 5.
    expect(defaultClassValues(new Date('2027-01-05T06:00:00Z'), 'America/Denver').startDate).toBe('2027-01-05T09:00');
    expect(defaultClassValues(new Date('2027-01-05T06:00:00Z'), 'Asia/Tokyo').startDate).toBe('2027-01-06T09:00');
    const now = new Date('2027-01-05T06:00:00Z');
    expect(toPayload({ ...v, startDate: 'bad' }, now, 'America/Denver').startDate).toBe(now.toISOString());
  });

  it("should check a clone's start in the organization's time zone", () => {
    // 06:00 UTC is 11 PM the evening before in Denver: 11:30 PM there is still ahead, 10:00 PM is past.
    const now = new Date('2027-01-05T06:00:00Z');
    const at = (startDate: string) => ({ title: 'x', startDate, status: 'Open' as const });
    expect(validateClone(at('2027-01-04T23:30'), now, 'America/Denver')).toEqual({});
    expect(validateClone(at('2027-01-04T22:00'), now, 'America/Denver').startDate).toBe('Start date cannot be in the past');
    expect(validateClone(at('nope'), now, 'America/Denver').startDate).toBe('Invalid date format');
    expect(cloneStartInstant(at('2027-01-04T23:30'), 'America/Denver')).toBe('2027-01-05T06:30:00.000Z');
  });

  it("should say the go/no-go times in the organization's time zone, named", () => {
    const base = { minEnrollment: 5, decisionHoursBefore: 48, autoCancelBelowMinimum: false, startDate: '2027-01-10T01:00:00.000Z' };
    expect(goNoGoSummary({ ...base, goNoGo: 'pending', decidedAt: null }, 'America/Denver')!.detail).toContain(
      'Decision on Thu, Jan 7, 6:00 PM MST',
    );
  });
});
