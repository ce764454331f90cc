/**
 * Validators shared by several features (spec 1 §5). Each returns the message to show, or null when valid.
 * Messages are contract text: keep them verbatim. A rule of one form lives with that form
 * (features/registration/studentFormRules.ts, features/marketing/organizationFormRules.ts).
 */

const EMAIL_MAX_LENGTH = 320;
export const PASSWORD_MIN_LENGTH = 6;

/** The stricter shared pattern: local part, dotted domain, alphabetic TLD. */
const STRICT_EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function validateRequired(value: string | null | undefined, label: string): string | null {
  return value === null || value === undefined || value.trim() === '' ? `${label} is required` : null;
}

export function validateEmail(value: string | null | undefined): string | null {
  const email = (value ?? '').trim();
  if (!email) return 'Email is required';
  if (email.length > EMAIL_MAX_LENGTH) return 'Email address is too long';
  if (!STRICT_EMAIL.test(email) || email.includes('..')) return 'Please enter a valid email address';
  return null;
}
