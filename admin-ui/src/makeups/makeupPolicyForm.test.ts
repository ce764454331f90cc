import { describe, expect, it } from 'vitest';
import { policyFormOf, policyInputOf, type MakeupPolicy } from './makeupPolicyForm';

const saved: MakeupPolicy = {
  classId: null,
  announceHoursBefore: 24,
  teacherMarkedAbsences: false,
  capPerMonth: 2,
  capPerTerm: null,
  capPerYear: null,
  expiryDays: 30,
  expiryEndOfTerm: false,
  bookAheadDays: 60,
  bookUntilHoursBefore: 2,
  eligible: 'same_term',
  eligibleClassIds: [],
  extraSeats: 1,
  cancelledSessionToken: true,
};

describe('policyInputOf', () => {
  it('round-trips a saved policy, empty fields as none', () => {
    const { body } = policyInputOf(policyFormOf(saved));
    expect(body).toEqual({ ...saved, classId: undefined, eligibleClassIds: [] });
  });
  it('names the field that is not a whole number', () => {
    expect(policyInputOf({ ...policyFormOf(saved), capPerMonth: '1.5' }).error).toBe('Tokens per month must be a whole number');
    expect(policyInputOf({ ...policyFormOf(saved), bookAheadDays: '' }).error).toBe('Days ahead must be a whole number');
  });
  it('a list of classes needs one', () => {
    expect(policyInputOf({ ...policyFormOf(saved), eligible: 'classes' }).error).toBe(
      'Choose at least one class a make-up may be booked in',
    );
  });
});
