import { api, ApiError } from '@/lib/apiClient';
import { RegistrationError, type ErrorCode } from '@shared/api/error-codes';
import type { DateInput } from '@/lib/classFormat';
import type { components } from '@shared/api/schema';
import type { ContactInfo, PaymentStatus } from '@/lib/models';

/**
 * Built from the 409 error body of the check (an error envelope, whose extra fields the document does not type):
 * hand-written and read defensively.
 */
export interface EnrollmentProblem {
  message: string;
  isAlreadyEnrolled: boolean;
  details?: {
    className?: string;
    classId?: string;
    existingEnrollment?: { enrollmentDate?: DateInput; paymentStatus?: PaymentStatus | string };
  };
  organizationData?: { name?: string; contactInfo?: Partial<ContactInfo> | null };
  classInstructor?: string;
}

const ENROLLMENT_CHECK_FALLBACK = 'Unable to verify enrollment status. Please try again or contact us for assistance.';

/** The spec's rule (spec 2 §5): the server flag, or its ALREADY_ENROLLED code (the refusal whose message says so). */
function isAlreadyEnrolledError(flag: unknown, code: ErrorCode | null): boolean {
  return flag === true || code === RegistrationError.AlreadyEnrolled;
}

/** Reads the problem out of a failed check (fields may sit at the top level or under data). */
function toEnrollmentProblem(error: unknown): EnrollmentProblem {
  if (error instanceof ApiError && error.kind === 'http' && error.status !== 0) {
    const body = (error.data ?? {}) as Record<string, unknown>;
    const inner = (body.data && typeof body.data === 'object' ? body.data : {}) as Record<string, unknown>;
    const pick = <T>(key: string) => (body[key] ?? inner[key]) as T | undefined;
    const message = error.message && error.message !== 'Request failed' ? error.message : ENROLLMENT_CHECK_FALLBACK;
    return {
      message,
      isAlreadyEnrolled: isAlreadyEnrolledError(pick('isAlreadyEnrolled'), error.code),
      details: pick('details'),
      organizationData: pick('organizationData'),
      classInstructor: pick('classInstructor'),
    };
  }
  return { message: ENROLLMENT_CHECK_FALLBACK, isAlreadyEnrolled: false };
}

/** The organization's plan has no room for a new student: the form stops at step 1 with this. */
export interface RegistrationClosed {
  message: string;
  organizationName: string | null;
  contactInfo: ContactInfo | null;
}

/** The check's reply (`EnrollmentCheckResponseDto`); a refused registration's 403 body carries the same fields. */
type CheckResult = Partial<components['schemas']['EnrollmentCheckResponseDto']>;

/** Reads a closed registration out of a check result or a refused registration's body, else null. */
export function toRegistrationClosed(body: unknown): RegistrationClosed | null {
  const r = (body && typeof body === 'object' ? body : {}) as CheckResult & { error?: string; code?: string };
  if (r.registrationClosed !== true && r.code !== RegistrationError.RegistrationClosed) return null;
  return {
    message: r.message || r.error || 'Registration is closed.',
    organizationName: r.organizationData?.name ?? null,
    contactInfo: r.organizationData?.contactInfo ?? null,
  };
}

/** POST /api/students/check-enrollment: resolves when the student may register, else throws an EnrollmentProblem. */
export async function checkEnrollment(input: {
  email: string;
  classId: string;
  organizationId: string;
  /** A drop-in: whether this email already holds that one session. */
  classSessionId?: string;
}): Promise<{ classFull: boolean; closed: RegistrationClosed | null }> {
  let result: CheckResult | null;
  try {
    result = await api.post<CheckResult | null>('/api/students/check-enrollment', input, {
      public: true,
    });
  } catch (error) {
    throw toEnrollmentProblem(error);
  }
  if (result && result.enrolled === true) {
    throw { message: 'You are already enrolled in this class.', isAlreadyEnrolled: true } satisfies EnrollmentProblem;
  }
  return { classFull: result?.classFull === true, closed: toRegistrationClosed(result) };
}
