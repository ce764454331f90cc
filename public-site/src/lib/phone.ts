/**
 * US phone numbers (spec 1 §5), one rule for the form and the server: the spec's messages for the shapes it
 * names, then libphonenumber-js for the rest (an exchange or area code no US number can have, e.g. 559-155-1234).
 * backend/src/common/http/phone.ts applies the same steps with the same messages; keep the two in step.
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';

export const INVALID_US_PHONE = 'Please enter a valid 10-digit US phone number';

export function phoneDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

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

/** Display format (XXX) XXX-XXXX, or +1 (XXX) XXX-XXXX for 11 digits. Partial input is formatted as typed. */
export function formatPhone(value: string | null | undefined): string {
  let digits = phoneDigits(value);
  let prefix = '';
  if (digits.length === 11 && digits[0] === '1') {
    prefix = '+1 ';
    digits = digits.slice(1);
  } else if (digits.length >= 11) {
    return digits;
  }
  if (digits.length === 0) return prefix.trim();
  if (digits.length <= 3) return `${prefix}(${digits}`;
  if (digits.length <= 6) return `${prefix}(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `${prefix}(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 10)}`;
}

/**
 * A stored phone for display (footer, contact blocks): the spec's format when it is a US number of 10 or 11
 * digits, otherwise the text as the organization typed it (it may hold an extension or a foreign number).
 */
export function displayPhone(value: string | null | undefined): string {
  const digits = phoneDigits(value);
  const us = digits.length === 10 || (digits.length === 11 && digits[0] === '1');
  return us ? formatPhone(digits) : (value ?? '').trim();
}

/** The tel: link target: E.164 for US numbers, else the digits and plus sign as typed. */
export function telHref(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits[0] === '1') return `tel:+${digits}`;
  return `tel:${value.replace(/[^\d+]/g, '')}`;
}

/** Formats the phone input while the user types, keeping deletions natural. */
export function formatPhoneInput(next: string, previous = ''): string {
  const digits = phoneDigits(next);
  // Deleting a formatting character: drop the digit before it instead of re-adding the character.
  if (next.length < previous.length && phoneDigits(previous) === digits) {
    return formatPhone(digits.slice(0, -1));
  }
  return formatPhone(digits.slice(0, 11));
}
