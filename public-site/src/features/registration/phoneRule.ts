/**
 * The US phone rule of the registration form (spec 1 §5), one rule for the form and the server: the spec's
 * messages for the shapes it names, then libphonenumber-js for what no US number can be (an exchange or area
 * code starting with 0 or 1, N11 codes). backend/src/common/http/phone.ts applies the same steps with the same
 * messages; keep the two in step.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { phoneDigits } from '@/lib/phone';

export const INVALID_US_PHONE = 'Please enter a valid 10-digit US phone number';

export function validatePhone(value: string | null | undefined): string | null {
  const digits = phoneDigits(value);
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
