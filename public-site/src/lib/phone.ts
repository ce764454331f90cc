/**
 * Displaying US phone numbers (spec 1 §5: (XXX) XXX-XXXX, or +1 (...) for 11 digits). The validation rule, which
 * needs libphonenumber-js's metadata (~30 kB gzip), lives with the only form that asks for a phone:
 * shared/us-phone.ts (imported by the lazily loaded registration form only), so pages that only show a phone do not download it.
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

/** Formats the phone input while the user types, keeping deletions natural. */
export function formatPhoneInput(next: string, previous = ''): string {
  const digits = phoneDigits(next);
  // Deleting a formatting character: drop the digit before it instead of re-adding the character.
  if (next.length < previous.length && phoneDigits(previous) === digits) {
    return formatPhone(digits.slice(0, -1));
  }
  return formatPhone(digits.slice(0, 11));
}
