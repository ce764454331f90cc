import { formatPhoneInput } from '@/lib/phone';
import { usPhoneProblem } from '@shared/us-phone';
import { validateEmail } from '@/lib/validators';

const NAME_MIN_LENGTH = 2;
/** Names must be fewer than 50 characters. */
const NAME_MAX_EXCLUSIVE = 50;
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

export type StudentField = 'firstName' | 'lastName' | 'email' | 'phone';

export interface StudentFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  communicationOptIn: boolean;
}

export const EMPTY_STUDENT: StudentFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  communicationOptIn: true,
};

export const STUDENT_FIELDS: StudentField[] = ['firstName', 'lastName', 'email', 'phone'];

export function validateStudentField(field: StudentField, values: StudentFormValues): string | null {
  switch (field) {
    case 'firstName':
      return validateName(values.firstName, 'First name');
    case 'lastName':
      return validateName(values.lastName, 'Last name');
    case 'email':
      return validateEmail(values.email);
    case 'phone':
      return usPhoneProblem(values.phone);
  }
}

export function validateStudent(values: StudentFormValues): Partial<Record<StudentField, string>> {
  const errors: Partial<Record<StudentField, string>> = {};
  for (const field of STUDENT_FIELDS) {
    const error = validateStudentField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

export { formatPhoneInput };
