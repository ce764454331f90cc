import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a waiver signing link was refused: stable codes clients can branch on (beside the message). */
export enum RegistrationFormsError {
  /** Nobody is left to sign: 409 to the admin's resend, 410 on the signing page (the link has nothing left to do). */
  WaiverNothingToSign = 'WAIVER_NOTHING_TO_SIGN',
  /** A link was sent moments ago: no second one yet. */
  WaiverLinkJustSent = 'WAIVER_LINK_JUST_SENT',
  /** The link was already used to sign. */
  WaiverLinkUsed = 'WAIVER_LINK_USED',
  /** A newer link (or a new waiver) replaced this one. */
  WaiverLinkSuperseded = 'WAIVER_LINK_SUPERSEDED',
}

const STATUS: Record<RegistrationFormsError, HttpStatus> = {
  [RegistrationFormsError.WaiverNothingToSign]: HttpStatus.GONE,
  [RegistrationFormsError.WaiverLinkJustSent]: HttpStatus.CONFLICT,
  [RegistrationFormsError.WaiverLinkUsed]: HttpStatus.GONE,
  [RegistrationFormsError.WaiverLinkSuperseded]: HttpStatus.GONE,
};

/**
 * A waiver link rule said no: the status follows from the code, except where one code answers two requests
 * differently (`status`: the admin's resend of WAIVER_NOTHING_TO_SIGN is a 409, a conflict with the records, not a
 * link that is gone).
 */
export class RegistrationFormsException extends CodedException<RegistrationFormsError> {
  constructor(code: RegistrationFormsError, message: string, details: Record<string, unknown> = {}, status: HttpStatus = STATUS[code]) {
    super(code, status, message, details);
  }
}
