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
}

const STATUS: Record<ClassError, HttpStatus> = {
  [ClassError.ClassFull]: HttpStatus.CONFLICT,
  [ClassError.ClassNotOpen]: HttpStatus.CONFLICT,
  [ClassError.LimitReached]: HttpStatus.FORBIDDEN,
};

/** A class rule said no: the status follows from the code, the details go into the failure envelope. */
export class ClassException extends CodedException<ClassError> {
  constructor(code: ClassError, message: string, details: Record<string, unknown> = {}) {
    super(code, STATUS[code], message, details);
  }
}
