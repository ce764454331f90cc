/** The organization registration dialog's checks (spec 1 §5), in the spec's order; each returns the first problem. */
import { PASSWORD_MIN_LENGTH } from '@/lib/validators';

/** The simple pattern this dialog uses (spec 1 §5), looser than the shared email validator. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isSimpleEmail(value: string): boolean {
  return SIMPLE_EMAIL.test(value.trim());
}

export interface AdminAccountInput {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** Step 1: the admin account. */
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

/** Step 2: the organization. */
export function validateOrganizationDetails(input: { organizationName: string; domain?: string }): string | null {
  if (!input.organizationName.trim()) return 'Organization name is required';
  return null;
}
