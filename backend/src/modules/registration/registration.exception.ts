import { HttpStatus } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { CodedException } from '../../common/http/app-exception';
import type { PaymentStatus } from './enrollment.entity';

/** Why a seat could not be taken, given back or changed: stable codes clients can branch on (beside the message). */
export enum RegistrationError {
  /** The class has no seat left (a household: not enough seats for everyone). */
  ClassFull = 'CLASS_FULL',
  /** The email (or someone of a household) already holds a seat in the class. */
  AlreadyEnrolled = 'ALREADY_ENROLLED',
  /** The organization's plan takes no new student: the registrant is told to contact the organization. */
  RegistrationClosed = 'REGISTRATION_CLOSED',
  /** The registration names no class. */
  NoClass = 'NO_CLASS',
  /** A waitlist offer holds one seat: a household registration cannot use it. */
  OfferOneSeat = 'OFFER_ONE_SEAT',
  /** The same person is listed twice in a household registration. */
  DuplicateAttendee = 'DUPLICATE_ATTENDEE',
  /** The admin form lists a class twice. */
  DuplicateClass = 'DUPLICATE_CLASS',
  /** Another student already has this email. */
  EmailTaken = 'EMAIL_TAKEN',
  /** A card payment is on record: cancel (and refund) instead of removing the enrollment or the student. */
  CardPaymentOnRecord = 'CARD_PAYMENT_ON_RECORD',
  /** A card payment's status changes only through the payment provider. */
  CardPaymentStatus = 'CARD_PAYMENT_STATUS',
  /** The student is the household contact of others, who must go first. */
  HouseholdContact = 'HOUSEHOLD_CONTACT',
  /** The student holds no seat in that class. */
  NotEnrolled = 'NOT_ENROLLED',
  /** A drop-in is one person's seat in one session: not a household's or a waitlist offer's. */
  DropInOnePerson = 'DROP_IN_ONE_PERSON',
}

const STATUS: Record<RegistrationError, HttpStatus> = {
  [RegistrationError.ClassFull]: HttpStatus.CONFLICT,
  [RegistrationError.AlreadyEnrolled]: HttpStatus.CONFLICT,
  [RegistrationError.RegistrationClosed]: HttpStatus.FORBIDDEN,
  [RegistrationError.NoClass]: HttpStatus.BAD_REQUEST,
  [RegistrationError.OfferOneSeat]: HttpStatus.BAD_REQUEST,
  [RegistrationError.DuplicateAttendee]: HttpStatus.BAD_REQUEST,
  [RegistrationError.DuplicateClass]: HttpStatus.BAD_REQUEST,
  [RegistrationError.EmailTaken]: HttpStatus.CONFLICT,
  [RegistrationError.CardPaymentOnRecord]: HttpStatus.CONFLICT,
  [RegistrationError.CardPaymentStatus]: HttpStatus.CONFLICT,
  [RegistrationError.HouseholdContact]: HttpStatus.CONFLICT,
  [RegistrationError.NotEnrolled]: HttpStatus.NOT_FOUND,
  [RegistrationError.DropInOnePerson]: HttpStatus.BAD_REQUEST,
};

/** A registration rule said no: the status follows from the code, the details go into the failure envelope. */
export class RegistrationException extends CodedException<RegistrationError> {
  constructor(code: RegistrationError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}

/** How a payment status reads in the already-enrolled answer ('You are already enrolled in X (Paid).'). */
export const PAYMENT_LABEL: Record<PaymentStatus, string> = { completed: 'Paid', pending: 'Payment Pending', failed: 'Payment Failed' };

export const OFFER_ONE_SEAT = 'A waitlist offer holds one seat: register one person with it.';
export const DROP_IN_ONE_PERSON = 'A drop-in is for one person and one session: register each person on their own.';
const CARD_REMOVE_MESSAGE =
  'This enrollment has a card payment. Cancel it (with or without a refund) instead of removing it, so its payment record is kept.';
const CARD_DELETE_MESSAGE =
  'This student has a card payment on record. Cancel their card enrollments (with or without a refund) instead of deleting the student.';
const CARD_STATUS_MESSAGE =
  'The payment status of a card payment changes only through the payment provider (refund or cancel the enrollment).';

export const cardEnrollmentRemoved = () => new RegistrationException(RegistrationError.CardPaymentOnRecord, CARD_REMOVE_MESSAGE);
export const cardStudentDeleted = () => new RegistrationException(RegistrationError.CardPaymentOnRecord, CARD_DELETE_MESSAGE);
export const cardStatusChanged = () => new RegistrationException(RegistrationError.CardPaymentStatus, CARD_STATUS_MESSAGE);

/** The unique index on (student, class) for seat-taking enrollments refused a second one. */
export const isUniqueViolation = (e: unknown) => e instanceof QueryFailedError && (e as unknown as { code?: string }).code === '23505';

/** A second registration of the same email in a class (found by the unique index rather than by a read). */
export function alreadyEnrolledRace(): RegistrationException {
  return new RegistrationException(RegistrationError.AlreadyEnrolled, 'This email is already enrolled in this class.', {
    isAlreadyEnrolled: true,
  });
}
