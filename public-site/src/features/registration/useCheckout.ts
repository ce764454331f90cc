import { useState } from 'react';
import { useLocation } from 'wouter';
import type { CardRegistration } from './api/cardPayment';
import { reservationErrorMessage, reserveInPerson, seatRefusal, studentFieldErrors } from './api/registerStudent';
import type { CardPaid } from './CardPaymentForm';
import { saveConfirmation, type ConfirmationState } from './confirmationState';
import type { StudentField } from './studentFormRules';

/** One registration at its payment step, as the page has it when the person chooses. */
export interface Checkout {
  /** What is registered: the same object the payment step's card form sends. */
  registration: CardRegistration;
  classDetails: ConfirmationState['classDetails'];
  amount: number;
  onRefused?: (error: unknown) => boolean;
  onStudentRefused: (errors: Partial<Record<StudentField, string>>) => void;
}

/**
 * The payment step's two endings, shared by the registration page and the waitlist offer's page: registering in
 * person (POST the registration) and a card payment the server confirmed; both go on to /confirmation with the same
 * state. What a refusal means is partly the page's own (a class that filled up, an offer that ended): `onRefused`
 * answers true when it handled the error; a refused student field goes back to step 1 through `onStudentRefused`;
 * anything else is shown on the payment step.
 */
export function useCheckout() {
  const [, navigate] = useLocation();
  const [reserving, setReserving] = useState(false);
  const [reserveError, setError] = useState<string | null>(null);
  /** What the shown error refused, by its code (the payment step's heading): a full class, or too few seats. */
  const [reserveRefusal, setReserveRefusal] = useState<'full' | 'seats' | null>(null);
  const setReserveError = (message: string | null) => {
    setError(message);
    setReserveRefusal(null);
  };

  function showConfirmation(
    { registration: { organizationId, attendees }, classDetails }: Checkout,
    result: Pick<ConfirmationState, 'paymentMethod' | 'student' | 'amount' | 'enrollmentId' | 'transactionId'>,
  ) {
    const state: ConfirmationState = {
      ...result,
      ...(attendees ? { attendees } : {}),
      classDetails: {
        ...classDetails,
        startDate: classDetails.startDate instanceof Date ? classDetails.startDate.toISOString() : classDetails.startDate,
      },
      organizationId,
    };
    saveConfirmation(state);
    navigate(`/confirmation?org=${encodeURIComponent(organizationId)}`, { state });
  }

  /** The server verified the card payment with Stripe (confirm-enrollment answered): show 'Payment Confirmed'. */
  function cardPaid(checkout: Checkout, paid: CardPaid) {
    const { student, organizationId } = checkout.registration;
    showConfirmation(checkout, {
      paymentMethod: 'card',
      student: { firstName: student.firstName, lastName: student.lastName, email: student.email, organizationId },
      amount: paid.amount,
      enrollmentId: paid.enrollmentId,
      transactionId: paid.transactionId,
    });
  }

  async function reserve(checkout: Checkout) {
    const { registration, amount, onRefused, onStudentRefused } = checkout;
    const { student } = registration;
    if (reserving) return;
    if (!registration.classId || !student.email) {
      setReserveError('Missing class or student information.');
      return;
    }
    setReserving(true);
    setReserveError(null);
    try {
      const saved = await reserveInPerson({ ...registration, student: { ...student } });
      const enrollment = saved.classEnrollments?.find((e) => e.classId === registration.classId);
      showConfirmation(checkout, {
        paymentMethod: 'in-person',
        student: {
          id: saved.id,
          firstName: saved.firstName ?? student.firstName,
          lastName: saved.lastName ?? student.lastName,
          email: saved.email ?? student.email,
          organizationId: saved.organizationId,
        },
        amount,
        enrollmentId: enrollment?.id ?? null,
        transactionId: null,
      });
    } catch (error) {
      setReserving(false);
      if (onRefused?.(error)) return;
      // The server refused a student field (e.g. its stricter phone rule): show it on the form, where it can be fixed.
      const refused = studentFieldErrors(error);
      if (refused) {
        onStudentRefused(refused);
        return;
      }
      setReserveError(reservationErrorMessage(error));
      setReserveRefusal(seatRefusal(error));
    }
  }

  return { reserving, reserveError, reserveRefusal, setReserveError, reserve, cardPaid };
}
