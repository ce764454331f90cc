import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError } from 'typeorm';
import { AppException } from './app-exception';

const PG_MESSAGES: Record<string, [HttpStatus, string]> = {
  '23505': [HttpStatus.CONFLICT, 'A record with these details already exists'],
  '23503': [HttpStatus.BAD_REQUEST, 'A referenced record does not exist'],
  '23514': [HttpStatus.BAD_REQUEST, 'The request breaks a data rule'],
  '22P02': [HttpStatus.BAD_REQUEST, 'A value has the wrong format'],
  '22007': [HttpStatus.BAD_REQUEST, 'A date has the wrong format'],
  '22008': [HttpStatus.BAD_REQUEST, 'A date is out of range'],
  '22003': [HttpStatus.BAD_REQUEST, 'A number is out of range'],
};

/** Builds every failure reply: `{ success: false, data: null, error, errors? }`, never a stack or SQL. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request & { id?: string }>();
    const { status, body } = this.describe(exception);
    if (status >= 500) {
      // One JSON line with the request id, so the failing request can be found in the request log.
      process.stderr.write(
        JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'unhandled error', requestId: req.id, method: req.method, path: req.originalUrl.split('?')[0], error: (exception as Error)?.stack ?? String(exception) }) + '\n',
      );
    }
    if (res.headersSent) return;
    res.status(status).json({ success: false, data: null, ...body });
  }

  private describe(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof AppException) {
      return { status: exception.getStatus(), body: { error: exception.message, ...exception.extra } };
    }
    if (exception instanceof HttpException) {
      const bodyError = bodyParserMessage(exception.cause);
      if (bodyError) return { status: exception.getStatus(), body: { error: bodyError } };
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null) {
        const r = response as Record<string, unknown>;
        const message = Array.isArray(r.message) ? r.message.join('; ') : (r.message as string) ?? exception.message;
        return { status, body: { error: message, ...(r.errors ? { errors: r.errors } : {}) } };
      }
      return { status, body: { error: String(response) } };
    }
    // Body-parser errors carry their own status (malformed JSON 400, oversized 413).
    const e = exception as { status?: number; message?: string };
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      return { status: e.status, body: { error: bodyParserMessage(exception) ?? e.message ?? 'Bad request' } };
    }
    if (exception instanceof QueryFailedError) {
      const code = (exception as unknown as { code?: string }).code ?? '';
      const known = PG_MESSAGES[code];
      if (known) return { status: known[0], body: { error: known[1] } };
      // Every data exception (class 22) and a missing required value are bad input, never a 500.
      if (code.startsWith('22')) return { status: HttpStatus.BAD_REQUEST, body: { error: 'A value has the wrong format or is out of range' } };
      if (code === '23502') return { status: HttpStatus.BAD_REQUEST, body: { error: 'A required value is missing' } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Internal server error' } };
  }
}

/** Readable texts for body-parser failures (Nest wraps them in an HttpException with the cause). */
function bodyParserMessage(cause: unknown): string | null {
  const type = (cause as { type?: string } | undefined)?.type;
  if (type === 'entity.too.large') return 'Request body is too large';
  if (type === 'entity.parse.failed') return 'Malformed JSON in request body';
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return 'Unsupported request body encoding';
  return null;
}
