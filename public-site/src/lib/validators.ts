/**
 * Shared validators (spec 1 §5, spec 2 §5). Each returns the message to show, or null when valid.
 * Messages are contract text: keep them verbatim.
 */

export const EMAIL_MAX_LENGTH = 320;
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
/** Names must be fewer than 50 characters. */
export const NAME_MAX_EXCLUSIVE = 50;

/** The simple pattern used by the organization registration dialog. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The stricter shared pattern: local part, dotted domain, alphabetic TLD. */
const STRICT_EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function validateRequired(value: string | null | undefined, label: string): string | null {
  return value === null || value === undefined || value.trim() === '' ? `${label} is required` : null;
}

export function isSimpleEmail(value: string): boolean {
  return SIMPLE_EMAIL.test(value.trim());
}

export function validateEmail(value: string | null | undefined): string | null {
  const email = (value ?? '').trim();
  if (!email) return 'Email is required';
  if (email.length > EMAIL_MAX_LENGTH) return 'Email address is too long';
  if (!STRICT_EMAIL.test(email) || email.includes('..')) return 'Please enter a valid email address';
  return null;
}

const NAME_PATTERN = /^[\p{L}\s'’-]+$/u;

/** First/last name rule of the registration form (spec 2 §5). */
export function validateName(value: string | null | undefined, label: 'First name' | 'Last name'): string | null {
  const name = (value ?? '').trim();
  if (!name) return `${label} is required`;
  if (!NAME_PATTERN.test(name)) return `${label} can only contain letters, spaces, hyphens, and apostrophes`;
  if (name.length < NAME_MIN_LENGTH) return `${label} must be at least 2 characters long`;
  if (name.length >= NAME_MAX_EXCLUSIVE) return `${label} must be less than 50 characters long`;
  return null;
}

export interface AdminAccountInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Organization registration dialog, step 1, in the spec's order; returns the first problem. */
export function validateAdminAccount(input: AdminAccountInput): string | null {
  if (!input.firstName.trim()) return 'First name is required';
  if (!input.lastName.trim()) return 'Last name is required';
  if (!input.email.trim()) return 'Email is required';
  if (!isSimpleEmail(input.email)) return 'Please enter a valid email address';
  if (!input.password) return 'Password is required';
  if (input.password.length < PASSWORD_MIN_LENGTH) return 'Password must be at least 6 characters long';
  if (input.password !== input.confirmPassword) return 'Passwords do not match';
  return null;
}

/** Organization registration dialog, step 2. */
export function validateOrganizationDetails(input: { organizationName: string; domain?: string }): string | null {
  if (!input.organizationName.trim()) return 'Organization name is required';
  return null;
}
