import { usPhoneProblem } from '@shared/us-phone';
import { SubscriptionError, type ErrorCode } from '@shared/api/error-codes';
import type { MessageLanguage } from '@/common/messageLanguages';
import type { Enrollment, Student, StudentInput } from '@/providers/types';

/** The form's language choice: one of ours, or 'default' for none (the organization's default language applies). */
export type StudentLanguageChoice = MessageLanguage | 'default';

export interface StudentFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  communicationOptIn: boolean;
  language: StudentLanguageChoice;
  classIds: string[];
}

export type StudentErrors = Partial<Record<keyof StudentFormValues, string>>;

/** Same rule as the server's student DTO. */
const NAME = /^[\p{L}][\p{L} '’-]*$/u;
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Display format (XXX) XXX-XXXX, or +1 (...) for 11 digits. */
export function formatPhone(raw: string | null | undefined): string {
  const d = (raw ?? '').replace(/\D/g, '');
  if (d.length === 10) return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
  if (d.length === 11) return `+1 (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7)}`;
  return raw ?? '';
}

/** Student form rules (spec 3 §5). */
export function validateStudent(v: StudentFormValues): StudentErrors {
  const e: StudentErrors = {};
  for (const [key, label] of [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
  ] as const) {
    const value = v[key].trim();
    if (!value) e[key] = `${label} is required`;
    else if (!NAME.test(value)) e[key] = `${label} can only contain letters, spaces, hyphens, and apostrophes`;
    else if (value.length < 2) e[key] = `${label} must be at least 2 characters long`;
    else if (value.length > 49) e[key] = `${label} must be less than 50 characters long`;
  }
  if (!v.email.trim()) e.email = 'Email is required';
  else if (!SIMPLE_EMAIL.test(v.email.trim())) e.email = 'Please enter a valid email address';
  // The server's rule with its messages (shared/us-phone.ts): the form refuses what the API would refuse.
  const phone = usPhoneProblem(v.phone);
  if (phone) e.phone = phone;
  return e;
}

export const emptyStudent = (): StudentFormValues => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  communicationOptIn: true,
  language: 'default',
  classIds: [],
});

export const valuesFromStudent = (s: Student): StudentFormValues => ({
  firstName: s.firstName ?? '',
  lastName: s.lastName ?? '',
  email: s.email ?? '',
  phone: s.phone ?? '',
  communicationOptIn: s.communicationOptIn ?? true,
  language: s.language ?? 'default',
  // Whole-class registrations only: a drop-in (one session, bought publicly) is not this form's to add or remove.
  classIds: (s.classEnrollments ?? []).filter((e) => !e.classSessionId).map((e) => e.classId),
});

/** Payload: existing enrollments keep their payment state; new ones start pending, to pay in person. */
export function studentPayload(v: StudentFormValues, existing: Enrollment[] = []): StudentInput {
  return {
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim(),
    phone: v.phone.replace(/\D/g, ''),
    communicationOptIn: v.communicationOptIn,
    language: v.language === 'default' ? null : v.language,
    classEnrollments: v.classIds.map((classId) => {
      const kept = existing.find((e) => e.classId === classId && !e.classSessionId);
      return kept
        ? { classId, paymentStatus: kept.paymentStatus, paymentMethod: kept.paymentMethod }
        : { classId, paymentStatus: 'pending' as const, paymentMethod: 'in-person' as const };
    }),
  };
}

/** The plan's student limit (LIMIT_REACHED) shows the server's message, which names the plan and its limit. */
export function studentUpdateErrorMessage(
  status: number | undefined,
  message: string,
  creating: boolean,
  code: ErrorCode | null = null,
): string {
  if (code === SubscriptionError.LimitReached && message) return message;
  if ((status === 400 || status === 409) && message && message !== 'Validation failed') return message;
  return creating ? 'Failed to add student' : 'Failed to update student';
}

/**
 * Spec 3 §8: 'Failed to load students' when the list never loaded, 'Failed to reload students' when a
 * refresh (after an add, edit or delete) fails while the earlier rows are still on screen.
 */
export function studentListError(error: unknown, hasRows: boolean): string | null {
  if (!error) return null;
  return hasRows ? 'Failed to reload students' : 'Failed to load students';
}

/**
 * "Registered as …" for an enrollment whose typed details differ from the stored student (decision 15):
 * the stored record is never changed by a public registration, so the admin sees the difference and decides.
 */
export function registeredAsText(e: Pick<Enrollment, 'registeredAs'>, student: { communicationOptIn: boolean }): string | null {
  const r = e.registeredAs;
  if (!r) return null;
  const consent =
    r.communicationOptIn !== student.communicationOptIn ? `, ${r.communicationOptIn ? 'opted in to' : 'opted out of'} messages` : '';
  return `Registered as ${r.firstName} ${r.lastName}, ${formatPhone(r.phone)}${consent}`;
}
