import { HttpException, HttpStatus } from '@nestjs/common';

/**
 * An HttpException whose extra fields (field messages in `errors`, a contact) are merged into the failure envelope.
 * It carries no `code`: a failure a client branches on is a CodedException of its feature's enum.
 */
export class AppException extends HttpException {
  constructor(
    status: HttpStatus,
    message: string,
    readonly extra: Record<string, unknown> & { code?: never } = {},
  ) {
    super(message, status);
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
