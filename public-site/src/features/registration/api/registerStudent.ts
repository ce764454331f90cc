import { currentLocale } from '@/lib/i18n/i18n';
import { earlyAccessField } from '@/lib/earlyAccess';
import type { components } from '@shared/api/schema';
import { PaymentError, RegistrationError, SubscriptionError, type ErrorCode } from '@shared/api/error-codes';
import { api, ApiError } from '@/lib/apiClient';
import type { Student } from '@/lib/models';
import { STUDENT_FIELDS, type StudentField } from '../studentFormRules';

/** The student fields of the registration body (`RegisterStudentDto`), as the form always sends them. */
export type StudentDetails = Required<
  Pick<components['schemas']['RegisterStudentDto'], 'firstName' | 'lastName' | 'email' | 'phone' | 'communicationOptIn'>
>;

/** One person of a household registration, as the server takes it. */
export interface Attendee {
  firstName: string;
  lastName: string;
  dateOfBirth?: string;
  /** This person's own answers to the organization's per-person questions. */
  answers?: FormAnswer[];
}

/** One answer of the organization's registration form, and one waiver signature. */
export type FormAnswer = { questionId: string; value: unknown };
export type WaiverSignature = { waiverVersionId: string; signedName: string };

/** The organization's form as the request carries it: sent only when the class asks something. */
export interface FormFields {
  answers?: FormAnswer[];
  waiverAcceptances?: WaiverSignature[];
  /** The parent or guardian signing the waivers for a student under 18 (their name is the signature's). */
  guardian?: { name: string };
}

export const formFields = (f: FormFields | undefined) => ({
  ...(f?.answers?.length ? { answers: f.answers } : {}),
  ...(f?.waiverAcceptances?.length ? { waiverAcceptances: f.waiverAcceptances } : {}),
  ...(f?.guardian && f.waiverAcceptances?.length ? { guardian: f.guardian } : {}),
});

/** What a registration may carry besides the person and the class: the same in person and by card. */
export interface RegistrationExtras {
  /** A household registration: the people enrolled (by card, all paid by one intent); absent for one person. */
  attendees?: Attendee[];
  /** Registering into the seat a waitlist offer holds: that seat is used, never a second one. */
  waitlistOfferToken?: string;
  /** The organization's questions answered and waivers signed: checked and stored with the seat. */
  form?: FormFields;
  /** A promo code the price quote applied: the server charges the same quote. */
  promoCode?: string;
  /** One person's date of birth (optional; the senior discount reads it). */
  dateOfBirth?: string;
  /** The place in the opening's line (while the opening's waiting room is on, the server asks for it). */
  waitingRoomTicket?: string;
  /** A drop-in (issue 39 §3): the one session bought; sent where each request names its class. */
  classSessionId?: string;
}

/**
 * The request fields of those extras, each only when given, with the early-access token kept for `email`; a date of
 * birth goes only with one person (a household sends each attendee's own).
 */
export function extrasFields(input: RegistrationExtras, email: string) {
  return {
    ...(input.attendees ? { attendees: input.attendees } : {}),
    ...(input.waitlistOfferToken ? { waitlistOfferToken: input.waitlistOfferToken } : {}),
    ...formFields(input.form),
    ...(input.promoCode ? { promoCode: input.promoCode } : {}),
    ...earlyAccessField(email),
    ...(input.dateOfBirth && !input.attendees ? { dateOfBirth: input.dateOfBirth } : {}),
    ...(input.waitingRoomTicket ? { waitingRoomTicket: input.waitingRoomTicket } : {}),
  };
}

const REGISTRATION_FAILED = 'Registration failed. Please try again.';

/**
 * The refusals spec 2 §8 calls a message 'containing subscription' (the organization's plan or its card set-up), by
 * their codes: the student may still pay in person.
 */
const PLAN_REFUSALS = new Set<ErrorCode>([
  SubscriptionError.PlanRequired,
  SubscriptionError.LimitReached,
  PaymentError.CardPaymentsNotSetUp,
]);
export const isPlanRefusal = (error: ApiError) => error.code !== null && PLAN_REFUSALS.has(error.code);

/**
 * A seat refusal, for the payment step's heading: `full` when the class has no seat for one person, `seats` when a
 * household asked for more seats than are left (its CLASS_FULL names the seats `requested`).
 */
export function seatRefusal(error: unknown): 'full' | 'seats' | null {
  if (!(error instanceof ApiError) || error.code !== RegistrationError.ClassFull) return null;
  const body = error.data as { requested?: unknown } | null;
  return body && body.requested !== undefined ? 'seats' : 'full';
}
export const RESERVE_FAILED = 'Failed to reserve spot. Please try again.';

/** Maps a failed in-person reservation to the message shown to the student (spec 2 §8). */
export function reservationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return REGISTRATION_FAILED;
  const message = error.message || '';
  if (error.status === 409) return message || 'This class is full';
  if (isPlanRefusal(error)) {
    return "This organization currently only accepts in-person payments. Please select 'Pay in Person at Class'.";
  }
  if (error.status === 404) return 'Class or organization not found. Please contact support.';
  if (error.status === 400 || error.status === 422 || error.status === 429) return message || RESERVE_FAILED;
  if (error.kind === 'timeout' || error.kind === 'network') return message;
  return RESERVE_FAILED;
}

/** The student-form fields a 400 from the server names, or null when it names none of them. */
export function studentFieldErrors(error: unknown): Partial<Record<StudentField, string>> | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const found = STUDENT_FIELDS.filter((f) => error.fieldErrors[f]);
  return found.length > 0 ? Object.fromEntries(found.map((f) => [f, error.fieldErrors[f]])) : null;
}

/** POST /api/students/register with an in-person, pending enrollment (into a waitlist offer's held seat with its token). */
export async function reserveInPerson(
  input: { student: StudentDetails; classId: string; organizationId: string } & RegistrationExtras,
): Promise<Student> {
  const student = await api.post<Student>(
    '/api/students/register',
    {
      ...input.student,
      // The page's language: the student's messages are written in it (issue 42 §2).
      language: currentLocale(),
      organizationId: input.organizationId,
      classEnrollments: [
        {
          classId: input.classId,
          paymentMethod: 'in-person',
          paymentStatus: 'pending',
          ...(input.classSessionId ? { classSessionId: input.classSessionId } : {}),
        },
      ],
      ...extrasFields(input, input.student.email),
    },
    { public: true, movesSeats: true },
  );
  if (!student || typeof student !== 'object') throw new Error(REGISTRATION_FAILED);
  return student;
}
