/**
 * The US phone rule (spec 1 §5), one file for the public registration form and the admin app's student form:
 * the spec's messages for the shapes it names, then libphonenumber-js for what no US number can be (a 555 area
 * code, an exchange or area code starting with 0 or 1, N11 codes…). The server applies the same steps with the
 * same messages in backend/src/common/http/phone.ts (its build cannot import this file: nest build compiles
 * backend/src only); backend/src/common/http/us-phone.spec.ts fails when the two disagree.
 * libphonenumber-js's metadata weighs ~30 kB gzip: import this file only from code that is loaded lazily with
 * the form that asks for a phone.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';

export const INVALID_US_PHONE = 'Please enter a valid 10-digit US phone number';

/** The message for a phone the spec refuses, or null when it is a valid US number (10 digits, or 11 with 1). */
export function usPhoneProblem(value: string | null | undefined): string | null {
  const digits = (value ?? '').replace(/\D/g, '');
  if (!digits) return 'Phone number is required';
  if (digits.length < 10) return 'Phone number is too short. Please enter a 10-digit US phone number';
  if (digits.length > 11) return 'Phone number is too long. Please enter a 10-digit US phone number';
  if (digits.length === 11) {
    if (digits[0] !== '1') return '11-digit number must start with 1 (US country code)';
    if (digits[1] === '0' || digits[1] === '1') return 'Area code cannot start with 0 or 1';
  } else if (digits[0] === '0' || digits[0] === '1') {
    return 'Phone number cannot start with 0 or 1';
  }
  return isValidPhoneNumber(digits.slice(-10), 'US') ? null : INVALID_US_PHONE;
}
