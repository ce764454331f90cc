/**
 * Showing US phone numbers (spec 1 §5: (XXX) XXX-XXXX, or +1 (...) for 11 digits), one file for the public site and
 * the admin app (footer, contact blocks, dialogs). No dependency: pages that only show a phone stay light. The
 * validation rule, which needs libphonenumber-js's metadata, is shared/us-phone.ts.
 */

function phoneDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
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
