import { currentLocale } from '@/lib/i18n/i18n';
import { api, ApiError } from '@/lib/apiClient';
import { PaymentError } from '@shared/api/error-codes';
import { extrasFields, isPlanRefusal, type RegistrationExtras, type StudentDetails } from './registerStudent';

/** POST /api/payments/create-intent: takes a seat hold and opens the PaymentIntent (amounts in dollars). */
export interface CardIntent {
  clientSecret: string;
  paymentIntentId: string;
  amount: number;
  holdExpiresAt: Date | string;
  enrollmentId?: string;
  /** A payment plan with no deposit: the card is saved by this SetupIntent (`paymentIntentId` is then null). */
  setupIntentId?: string | null;
}

/** POST /api/payments/confirm-enrollment: the server verified the payment with Stripe. */
export interface CardEnrollment {
  enrollmentId: string;
  transactionId: string;
}

/** A card registration: the person, the class and the extras an in-person one carries (`amount`: their total). */
export interface CardRegistration extends RegistrationExtras {
  classId: string;
  organizationId: string;
  student: StudentDetails;
}

/** A payment plan chosen at registration (issue 40): its id and the consent the payer accepted. */
export interface PlanChoiceInput {
  id: string;
  consentAccepted: true;
  consentVersion: number;
}

export function createCardIntent(input: CardRegistration & { amount: number; paymentPlan?: PlanChoiceInput }): Promise<CardIntent> {
  return api.post<CardIntent>(
    '/api/payments/create-intent',
    {
      classId: input.classId,
      ...(input.classSessionId ? { classSessionId: input.classSessionId } : {}),
      organizationId: input.organizationId,
      // The page's language: the student's messages are written in it (issue 42 §2).
      studentData: { ...input.student, language: currentLocale() },
      amount: input.amount,
      ...extrasFields(input, input.student.email),
      ...(input.paymentPlan ? { paymentPlan: input.paymentPlan } : {}),
    },
    { public: true },
  );
}

export function confirmCardEnrollment(input: CardRegistration & { paymentIntentId: string }): Promise<CardEnrollment> {
  return api.post<CardEnrollment>(
    '/api/payments/confirm-enrollment',
    {
      paymentIntentId: input.paymentIntentId,
      classId: input.classId,
      organizationId: input.organizationId,
      // The page's language: the student's messages are written in it (issue 42 §2).
      studentData: { ...input.student, language: currentLocale() },
    },
    { public: true, movesSeats: true },
  );
}

/** The texts of spec 2 §8, verbatim. */
export const CARD_MESSAGES = {
  notReady: 'Payment system not ready. Please try again.',
  cardNotFound: 'Card information not found. Please try again.',
  paymentFailed: 'Payment failed. Please try again.',
  notCompleted: 'Payment was not completed. Please try again.',
  inPersonOnly: "This organization currently only accepts in-person payments. Please select 'Pay in Person at Class'.",
  notFound: 'Class or organization not found. Please contact support.',
  cardsUnavailable: "Credit card payments are not available. Please select 'Pay in Person at Class'.",
  missingInformation: 'Missing class or student information.',
  reserveFailed: 'Failed to reserve spot. Please try again.',
} as const;

/**
 * The message for a refused POST /api/payments/create-intent (spec 2 §8), by the failure's code and status: the
 * plan's refusals (PLAN_REQUIRED, LIMIT_REACHED, CARD_PAYMENTS_NOT_SET_UP: the server's messages that name the
 * subscription) mean in person only; a 404 is the class or organization; no payment provider (503
 * CARD_PAYMENTS_UNAVAILABLE) is 'Credit card payments are not available…'; a refusal the student can act on (class
 * full, already enrolled, a price that changed, a field) keeps the server's readable message; anything else is
 * 'Failed to reserve spot'.
 */
export function cardIntentErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return CARD_MESSAGES.reserveFailed;
  const message = error.message || '';
  if (isPlanRefusal(error)) return CARD_MESSAGES.inPersonOnly;
  if (error.status === 404) return CARD_MESSAGES.notFound;
  if (error.status === 503 || error.code === PaymentError.CardPaymentsUnavailable) return CARD_MESSAGES.cardsUnavailable;
  if ([400, 403, 409, 422, 429].includes(error.status) && message) return message;
  if ((error.kind === 'timeout' || error.kind === 'network') && message) return message;
  return CARD_MESSAGES.reserveFailed;
}

/** What Stripe.js answers from confirmCardPayment, reduced to what the step reads. */
export interface CardConfirmResult {
  error?: { message?: string; type?: string; code?: string } | null;
  paymentIntent?: { id?: string; status?: string } | null;
}

/**
 * Spec 2 §4 and §8: a Stripe error shows Stripe's own message (e.g. 'Your card was declined.'), or 'Payment failed'
 * without one; a PaymentIntent that did not succeed (e.g. still requires an action) is 'Payment was not completed'.
 * Null means the payment succeeded and the server may now verify it.
 */
export function cardConfirmErrorMessage(result: CardConfirmResult): string | null {
  if (result.error) return result.error.message || CARD_MESSAGES.paymentFailed;
  if (result.paymentIntent?.status !== 'succeeded') return CARD_MESSAGES.notCompleted;
  return null;
}
