import { HttpException, HttpStatus } from '@nestjs/common';

/** Stable machine codes the front ends can rely on (alongside the readable message). */
export enum ErrorCode {
  ClassFull = 'CLASS_FULL',
  AlreadyEnrolled = 'ALREADY_ENROLLED',
  LimitReached = 'LIMIT_REACHED',
  ClassNotOpen = 'CLASS_NOT_OPEN',
  RegistrationClosed = 'REGISTRATION_CLOSED',
}

/** An HttpException whose extra fields are merged into the failure envelope. */
export class AppException extends HttpException {
  constructor(
    status: HttpStatus,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message, status);
  }
}
