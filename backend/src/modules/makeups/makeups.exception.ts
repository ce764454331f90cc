import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why an absence or a make-up booking was refused: stable codes beside the message. */
export enum MakeupError {
  /** No such session, or not one of a class the student is enrolled in for the whole term. */
  SessionNotFound = 'MAKEUP_SESSION_NOT_FOUND',
  /** The session has started, ended or was cancelled: an absence is reported before it starts. */
  SessionNotUpcoming = 'MAKEUP_SESSION_NOT_UPCOMING',
  /** This absence was reported already. */
  AlreadyReported = 'MAKEUP_ALREADY_REPORTED',
  /** The token was not earned by a missed session of this organization's make-up policy (another kind of credit). */
  NotAMakeupToken = 'MAKEUP_NOT_A_TOKEN',
  /** The session is not one this token books (another class than the policy allows). */
  SessionNotEligible = 'MAKEUP_SESSION_NOT_ELIGIBLE',
  /** The session is outside the booking window (too soon or too far ahead). */
  OutsideWindow = 'MAKEUP_OUTSIDE_WINDOW',
  /** The session has no free seat and no make-up seat left. */
  SessionFull = 'MAKEUP_SESSION_FULL',
  /** The student already holds a seat in that session. */
  AlreadyBooked = 'MAKEUP_ALREADY_BOOKED',
  /** The token's holder is a household attendee: their seats are written by the household path, not yet by make-ups. */
  HouseholdMember = 'MAKEUP_HOUSEHOLD_MEMBER',
  /** The policy is invalid (listed classes without any class, a class of another organization). */
  PolicyInvalid = 'MAKEUP_POLICY_INVALID',
}

const STATUS: Record<MakeupError, HttpStatus> = {
  [MakeupError.SessionNotFound]: HttpStatus.NOT_FOUND,
  [MakeupError.SessionNotUpcoming]: HttpStatus.CONFLICT,
  [MakeupError.AlreadyReported]: HttpStatus.CONFLICT,
  [MakeupError.NotAMakeupToken]: HttpStatus.CONFLICT,
  [MakeupError.SessionNotEligible]: HttpStatus.CONFLICT,
  [MakeupError.OutsideWindow]: HttpStatus.CONFLICT,
  [MakeupError.SessionFull]: HttpStatus.CONFLICT,
  [MakeupError.AlreadyBooked]: HttpStatus.CONFLICT,
  [MakeupError.HouseholdMember]: HttpStatus.CONFLICT,
  [MakeupError.PolicyInvalid]: HttpStatus.BAD_REQUEST,
};

export class MakeupException extends CodedException<MakeupError> {
  constructor(code: MakeupError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
