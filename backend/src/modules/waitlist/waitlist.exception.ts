import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a place on a waitlist was refused: stable codes clients can branch on (beside the message). */
export enum WaitlistError {
  /** The class is not open for registration, so its waitlist is closed too. */
  WaitlistClosed = 'WAITLIST_CLOSED',
  /** The class still has a free seat: register instead. */
  SeatAvailable = 'SEAT_AVAILABLE',
}

const STATUS: Record<WaitlistError, HttpStatus> = {
  [WaitlistError.WaitlistClosed]: HttpStatus.CONFLICT,
  [WaitlistError.SeatAvailable]: HttpStatus.CONFLICT,
};

/** A waitlist rule said no: the status follows from the code, the details go into the failure envelope. */
export class WaitlistException extends CodedException<WaitlistError> {
  constructor(code: WaitlistError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
