import { describe, expect, it } from 'vitest';
import {
  emptyStudent,
  formatPhone,
  registeredAsText,
  studentListError,
  studentPayload,
  validateStudent,
} from '@/resources/students/studentUtils';
import { studentLimitMessage } from '@/common/plans';
import { paymentLabel } from '@/common/paymentStatus';

describe('studentUtils', () => {
  it('should give the spec required-field messages', () => {
    expect(validateStudent(emptyStudent())).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
    });
  });

  it('should reject a malformed email', () => {
    const e = validateStudent({ ...emptyStudent(), firstName: 'Ann', lastName: 'Bo', email: 'nope', phone: '5595550100' });
    expect(e).toEqual({ email: 'Please enter a valid email address' });
  });

  it('should apply the server rule for US phones with its messages', () => {
    const phoneError = (phone: string) =>
      validateStudent({ ...emptyStudent(), firstName: 'Ann', lastName: 'Bo', email: 'a@b.co', phone }).phone;
    expect(phoneError('555-0100')).toMatch(/too short/);
    expect(phoneError('0595550100')).toBe('Phone number cannot start with 0 or 1');
    expect(phoneError('25595550100')).toBe('11-digit number must start with 1 (US country code)');
    expect(phoneError('(559) 555-0100')).toBeUndefined();
    expect(phoneError('+1 559 555 0100')).toBeUndefined();
    expect(formatPhone('5595550100')).toBe('(559) 555-0100');
  });

  it('should refuse the numbers the server refuses (555 area code, exchange starting with 0 or 1)', () => {
    const phoneError = (phone: string) =>
      validateStudent({ ...emptyStudent(), firstName: 'Ann', lastName: 'Bo', email: 'a@b.co', phone }).phone;
    for (const bad of ['5555551234', '5590551234', '5591551234', '15591551234', '9115551234']) {
      expect(phoneError(bad), bad).toBe('Please enter a valid 10-digit US phone number');
    }
  });

  it('should keep payment state of existing enrollments and add new ones as pay-in-person', () => {
    const p = studentPayload(
      { ...emptyStudent(), firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '5595550100', classIds: ['c1', 'c2'] },
      [
        {
          id: 'e',
          classId: 'c1',
          classTitle: 'Clay',
          classSessionId: null,
          enrollmentDate: '',
          paymentStatus: 'completed',
          paymentMethod: 'card',
          amountPaid: 10,
          amountDue: 10,
          balanceDue: 0,
          priceBreakdown: null,
          paidAt: null,
          status: 'active',
          holdExpiresAt: null,
          platformFee: 0.3,
          organizationAmount: 9.7,
          refundedAmount: 0,
          stripePaymentIntentId: 'pi_1',
          cancelledAt: null,
          refunds: [],
          pastDue: false,
        },
      ],
    );
    expect(p.classEnrollments).toEqual([
      { classId: 'c1', paymentStatus: 'completed', paymentMethod: 'card' },
      { classId: 'c2', paymentStatus: 'pending', paymentMethod: 'in-person' },
    ]);
  });

  it('should word the student limit message as the spec does', () => {
    expect(studentLimitMessage('Free', 10, 10)).toBe(
      'Student limit reached. Free allows up to 10 students. You currently have 10 students. Upgrade your plan to add more students.',
    );
  });

  it('should label payments Paid / Pay at Class / Pending', () => {
    expect(paymentLabel({ paymentStatus: 'completed', paymentMethod: 'card' })).toBe('Paid');
    expect(paymentLabel({ paymentStatus: 'pending', paymentMethod: 'in-person' })).toBe('Pay at Class');
    expect(paymentLabel({ paymentStatus: 'pending', paymentMethod: 'card' })).toBe('Pending');
  });
});

describe('student names', () => {
  it('should mirror the server name rules', () => {
    const base = { ...emptyStudent(), email: 'a@b.co', phone: '5595550100' };
    expect(validateStudent({ ...base, firstName: 'R2', lastName: "O'Neil" }).firstName).toBe(
      'First name can only contain letters, spaces, hyphens, and apostrophes',
    );
    expect(validateStudent({ ...base, firstName: 'Zoë', lastName: 'L' }).lastName).toBe('Last name must be at least 2 characters long');
    expect(validateStudent({ ...base, firstName: 'Zoë', lastName: 'Smith-Jones' })).toEqual({});
  });
});

describe('student list errors (spec 3 §8)', () => {
  it('should say "Failed to load students" when nothing loaded and "Failed to reload students" after a refresh failure', () => {
    expect(studentListError(null, true)).toBeNull();
    expect(studentListError(new Error('500'), false)).toBe('Failed to load students');
    expect(studentListError(new Error('500'), true)).toBe('Failed to reload students');
  });
});

describe('registeredAsText (decision 15)', () => {
  it('shows the typed details only when the server reports a difference', () => {
    expect(registeredAsText({ registeredAs: null }, { communicationOptIn: true })).toBeNull();
    expect(registeredAsText({}, { communicationOptIn: true })).toBeNull();
    const typed = { firstName: 'Mallory', lastName: 'Typed', phone: '5595550222', communicationOptIn: true };
    expect(registeredAsText({ registeredAs: typed }, { communicationOptIn: true })).toBe('Registered as Mallory Typed, (559) 555-0222');
    expect(registeredAsText({ registeredAs: typed }, { communicationOptIn: false })).toBe(
      'Registered as Mallory Typed, (559) 555-0222, opted in to messages',
    );
  });
});
