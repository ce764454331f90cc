import { api, ApiError } from '@/lib/apiClient';
import type { DateInput } from '@/lib/classFormat';
import type { ContactInfo, PaymentStatus } from '@/lib/models';

export interface EnrollmentProblem {
  message: string;
  isAlreadyEnrolled: boolean;
  details?: {
    className?: string;
    classId?: string;
    existingEnrollment?: { enrollmentDate?: DateInput; paymentStatus?: PaymentStatus | string };
  };
  organizationData?: { name?: string; contactInfo?: ContactInfo | null };
  classInstructor?: string;
}

export const ENROLLMENT_CHECK_FALLBACK =
  'Unable to verify enrollment status. Please try again or contact us for assistance.';

/** The spec's rule: the server flag, or a message containing "already enrolled" (spec 2 §5). */
export function isAlreadyEnrolledError(flag: unknown, message: string): boolean {
  return flag === true || /already enrolled/i.test(message);
}

/** Reads the problem out of a failed check (fields may sit at the top level or under data). */
export function toEnrollmentProblem(error: unknown): EnrollmentProblem {
  if (error instanceof ApiError && error.kind === 'http' && error.status !== 0) {
    const body = (error.data ?? {}) as Record<string, unknown>;
    const inner = (body.data && typeof body.data === 'object' ? body.data : {}) as Record<string, unknown>;
    const pick = <T,>(key: string) => (body[key] ?? inner[key]) as T | undefined;
    const message = error.message && error.message !== 'Request failed' ? error.message : ENROLLMENT_CHECK_FALLBACK;
    return {
      message,
      isAlreadyEnrolled: isAlreadyEnrolledError(pick('isAlreadyEnrolled'), message),
      details: pick('details'),
      organizationData: pick('organizationData'),
      classInstructor: pick('classInstructor'),
    };
  }
  return { message: ENROLLMENT_CHECK_FALLBACK, isAlreadyEnrolled: false };
}

/** POST /api/students/check-enrollment: resolves when the student may register, else throws an EnrollmentProblem. */
export async function checkEnrollment(input: {
  email: string;
  classId: string;
  organizationId: string;
}): Promise<{ classFull: boolean }> {
  let result: { enrolled?: boolean; classFull?: boolean } | null;
  try {
    result = await api.post<{ enrolled?: boolean; classFull?: boolean } | null>('/api/students/check-enrollment', input, {
      public: true,
    });
  } catch (error) {
    throw toEnrollmentProblem(error);
  }
  if (result && result.enrolled === true) {
    throw { message: 'You are already enrolled in this class.', isAlreadyEnrolled: true } satisfies EnrollmentProblem;
  }
  return { classFull: result?.classFull === true };
}
