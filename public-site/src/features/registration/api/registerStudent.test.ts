import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/apiClient';
import { RESERVE_FAILED, reservationErrorMessage, studentFieldErrors } from './registerStudent';

const validation = (errors: Record<string, string>) =>
  new ApiError(Object.values(errors)[0], 400, { success: false, error: Object.values(errors)[0], errors });

describe('studentFieldErrors', () => {
  it('should return the student fields the server refused', () => {
    const error = validation({ phone: 'Please enter a valid 10-digit US phone number' });
    expect(studentFieldErrors(error)).toEqual({ phone: 'Please enter a valid 10-digit US phone number' });
  });
  it('should ignore fields that are not on the student form and non-validation errors', () => {
    expect(studentFieldErrors(validation({ classEnrollments: 'Bad enrollment' }))).toBeNull();
    expect(studentFieldErrors(new ApiError('This class is full', 409, { success: false, error: 'This class is full' }))).toBeNull();
    expect(studentFieldErrors(new Error('x'))).toBeNull();
  });
});

describe('reservationErrorMessage', () => {
  it('should map server messages to the catalogue texts (spec 2 §8)', () => {
    expect(reservationErrorMessage(new ApiError('Organization subscription inactive', 403))).toBe(
      "This organization currently only accepts in-person payments. Please select 'Pay in Person at Class'.",
    );
    expect(reservationErrorMessage(new ApiError('Class not found', 404))).toBe('Class or organization not found. Please contact support.');
    expect(reservationErrorMessage(new ApiError('Request failed', 500))).toBe(RESERVE_FAILED);
    expect(reservationErrorMessage(new TypeError('x'))).toBe('Registration failed. Please try again.');
  });
});
