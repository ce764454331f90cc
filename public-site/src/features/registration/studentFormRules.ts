import { formatPhoneInput } from '@/lib/phone';
import { validatePhone } from './phoneRule';
import { validateEmail, validateName } from '@/lib/validators';

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
      return validatePhone(values.phone);
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
