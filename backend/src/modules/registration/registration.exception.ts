import { QueryFailedError } from 'typeorm';
import { AppException, ErrorCode } from '../../common/http/app-exception';
import type { PaymentStatus } from './enrollment.entity';

/** How a payment status reads in the already-enrolled answer ('You are already enrolled in X (Paid).'). */
export const PAYMENT_LABEL: Record<PaymentStatus, string> = { completed: 'Paid', pending: 'Payment Pending', failed: 'Payment Failed' };

export const OFFER_ONE_SEAT = 'A waitlist offer holds one seat: register one person with it.';
export const CARD_REMOVE_MESSAGE =
  'This enrollment has a card payment. Cancel it (with or without a refund) instead of removing it, so its payment record is kept.';
export const CARD_DELETE_MESSAGE =
  'This student has a card payment on record. Cancel their card enrollments (with or without a refund) instead of deleting the student.';
export const CARD_STATUS_MESSAGE =
  'The payment status of a card payment changes only through the payment provider (refund or cancel the enrollment).';

/** The unique index on (student, class) for seat-taking enrollments refused a second one. */
export const isUniqueViolation = (e: unknown) => e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505';

/** A second registration of the same email in a class (found by the unique index rather than by a read). */
export function alreadyEnrolledRace(): AppException {
  return new AppException(409, 'This email is already enrolled in this class.', {
    code: ErrorCode.AlreadyEnrolled,
    isAlreadyEnrolled: true,
  });
}
