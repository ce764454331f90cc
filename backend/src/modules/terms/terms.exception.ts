import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a class's registration window said no: stable codes clients can branch on (beside the message). */
export enum TermsError {
  /** Registration has not opened yet (`opensAt` in the body). */
  RegistrationNotOpen = 'REGISTRATION_NOT_OPEN',
  /** Registration has closed (`closedAt` in the body): the term's closing, or a started class without late registration. */
  RegistrationClosed = 'REGISTRATION_CLOSED',
}

const STATUS: Record<TermsError, HttpStatus> = {
  [TermsError.RegistrationNotOpen]: HttpStatus.CONFLICT,
  [TermsError.RegistrationClosed]: HttpStatus.CONFLICT,
};

/** The registration window said no: the status follows from the code, the details go into the failure envelope. */
export class TermsException extends CodedException<TermsError> {
  constructor(code: TermsError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
