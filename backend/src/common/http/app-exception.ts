import { ForbiddenException, HttpException, HttpStatus } from '@nestjs/common';

/** Stable machine codes the front ends can rely on (alongside the readable message). */
export enum ErrorCode {
  ClassFull = 'CLASS_FULL',
  AlreadyEnrolled = 'ALREADY_ENROLLED',
  LimitReached = 'LIMIT_REACHED',
  /** A feature the organization's plan does not include (the body names the cheapest plan that does). */
  PlanRequired = 'PLAN_REQUIRED',
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

/**
 * A 403 of the plan policy (a feature or a limit the plan does not allow). A ForbiddenException, so callers that
 * catch the plan's refusal keep working; its extra fields (code, upgradePlan) are merged into the envelope.
 */
export class PlanException extends ForbiddenException {
  constructor(
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * A failure of a feature's own rules with a stable `code` from that feature's enum (`<feature>.exception.ts` declares
 * the codes and the status each one answers with). The exception filter puts `code` and the details in the failure
 * envelope, so clients branch on the code and show the message.
 */
export abstract class CodedException<Code extends string = string> extends HttpException {
  protected constructor(
    readonly code: Code,
    status: HttpStatus,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message, status);
  }
}
