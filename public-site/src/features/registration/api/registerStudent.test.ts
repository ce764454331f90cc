import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/apiClient';
import { RegistrationError, SubscriptionError } from '@shared/api/error-codes';
import { RESERVE_FAILED, reservationErrorMessage, seatRefusal, studentFieldErrors } from './registerStudent';

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
    expect(reservationErrorMessage(new ApiError('Organization subscription inactive', 403, { code: SubscriptionError.PlanRequired }))).toBe(
      "This organization currently only accepts in-person payments. Please select 'Pay in Person at Class'.",
    );
    expect(reservationErrorMessage(new ApiError('Class not found', 404))).toBe('Class or organization not found. Please contact support.');
    expect(reservationErrorMessage(new ApiError('Request failed', 500))).toBe(RESERVE_FAILED);
    expect(reservationErrorMessage(new TypeError('x'))).toBe('Registration failed. Please try again.');
  });

  it('should map by the code: a plan refusal in any words is in person only, the word without the code is not', () => {
    const inPerson = "This organization currently only accepts in-person payments. Please select 'Pay in Person at Class'.";
    expect(reservationErrorMessage(new ApiError('Student limit reached', 403, { code: SubscriptionError.LimitReached }))).toBe(inPerson);
    expect(reservationErrorMessage(new ApiError('No subscription talk here', 403))).toBe(RESERVE_FAILED);
    // 'not found' is the 404, whatever its words.
    expect(reservationErrorMessage(new ApiError('Nothing here', 404))).toBe('Class or organization not found. Please contact support.');
  });
});

describe('seatRefusal', () => {
  it('should tell a full class from a household asking for more seats than are left, by the code', () => {
    const full = { success: false, code: RegistrationError.ClassFull, error: 'This class is full. No seats are left.' };
    expect(seatRefusal(new ApiError(full.error, 409, full))).toBe('full');
    const seats = { success: false, code: RegistrationError.ClassFull, error: 'Only 1 seat is left in Yoga', seatsLeft: 1, requested: 2 };
    expect(seatRefusal(new ApiError(seats.error, 409, seats))).toBe('seats');
    // A message that says 'full' without the code is not a seat refusal.
    expect(seatRefusal(new ApiError('This class is full', 409))).toBeNull();
  });
});
