import { HttpStatus } from '@nestjs/common';
import { CodedException } from '../../common/http/app-exception';

/** Why a class refused a seat or a change: stable codes clients can branch on (beside the message). */
export enum ClassError {
  /** No seat is left in the class. */
  ClassFull = 'CLASS_FULL',
  /** The class is not open for registration (its status says why). */
  ClassNotOpen = 'CLASS_NOT_OPEN',
  /** The plan's class limit: the class cannot be created or activated (`upgradePlan` when known). */
  LimitReached = 'LIMIT_REACHED',
  /** A schedule change would delete a session that has attendance taken. */
  SessionHasAttendance = 'SESSION_HAS_ATTENDANCE',
  /** The session is cancelled: it cannot be moved or cancelled again. */
  SessionCancelled = 'SESSION_CANCELLED',
  /** A session's new date lies outside its class's term. */
  SessionOutsideTerm = 'SESSION_OUTSIDE_TERM',
  /** A session's end is not after its start. */
  SessionEndBeforeStart = 'SESSION_END_BEFORE_START',
  /** What students get for a cancelled session (credit, refund) is chosen in settings but not available yet. */
  /** The organization already has this date closed. */
  ClosedDateTaken = 'CLOSED_DATE_TAKEN',
  /** A drop-in was asked of a class that sells no single sessions. */
  DropInsNotSold = 'DROP_INS_NOT_SOLD',
  /** The session has started, is past, or is within the class's drop-in cut-off. */
  DropInClosed = 'DROP_IN_CLOSED',
  /** The session has no drop-in seat left (its drop-in capacity, or the class maximum, is reached). */
  DropInFull = 'DROP_IN_FULL',
  /** A schedule change would delete a session that holds drop-ins. */
  SessionHasDropIns = 'SESSION_HAS_DROP_INS',
}

const STATUS: Record<ClassError, HttpStatus> = {
  [ClassError.ClassFull]: HttpStatus.CONFLICT,
  [ClassError.ClassNotOpen]: HttpStatus.CONFLICT,
  [ClassError.LimitReached]: HttpStatus.FORBIDDEN,
  [ClassError.SessionHasAttendance]: HttpStatus.CONFLICT,
  [ClassError.SessionCancelled]: HttpStatus.CONFLICT,
  [ClassError.SessionOutsideTerm]: HttpStatus.BAD_REQUEST,
  [ClassError.SessionEndBeforeStart]: HttpStatus.BAD_REQUEST,
  [ClassError.ClosedDateTaken]: HttpStatus.CONFLICT,
  [ClassError.DropInsNotSold]: HttpStatus.BAD_REQUEST,
  [ClassError.DropInClosed]: HttpStatus.CONFLICT,
  [ClassError.DropInFull]: HttpStatus.CONFLICT,
  [ClassError.SessionHasDropIns]: HttpStatus.CONFLICT,
};

/** A class rule said no: the status follows from the code, the details go into the failure envelope. */
export class ClassException extends CodedException<ClassError> {
  constructor(code: ClassError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
