import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why the student portal said no: stable codes clients can branch on (beside the message). */
export enum PortalError {
  /** The sign-in link is used, expired or unknown (or its student is gone): ask for a new one. */
  LinkGone = 'PORTAL_LINK_GONE',
  /** Too close to the first session to cancel here (`contact`: whom to ask instead). */
  SelfServiceCutoff = 'SELF_SERVICE_CUTOFF',
}

const STATUS: Record<PortalError, HttpStatus> = {
  [PortalError.LinkGone]: HttpStatus.GONE,
  [PortalError.SelfServiceCutoff]: HttpStatus.CONFLICT,
};

/** A portal rule said no: the status follows from the code, the details go into the failure envelope. */
export class PortalException extends CodedException<PortalError> {
  constructor(code: PortalError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
