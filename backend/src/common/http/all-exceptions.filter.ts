import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { QueryFailedError } from 'typeorm';
import { AppException, CodedException } from './app-exception';
import { constraintReply } from './constraint-replies';

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
    const res = ctx.getResponse<FastifyReply>();
    const req = ctx.getRequest<FastifyRequest>();
    const { status, body } = this.describe(exception);
    if (status >= 500) {
      // One JSON line with the request id, so the failing request can be found in the request log.
      process.stderr.write(
        JSON.stringify({
          time: new Date().toISOString(),
          level: 'error',
          msg: 'unhandled error',
          requestId: req.id,
          method: req.method,
          path: req.url.split('?')[0],
          error: (exception as Error)?.stack ?? String(exception),
        }) + '\n',
      );
    }
    if (res.sent || res.raw.headersSent) return;
    void res.status(status).send({ success: false, data: null, ...body });
  }

  private describe(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof CodedException) {
      return { status: exception.getStatus(), body: { error: exception.message, code: exception.code, ...exception.details } };
    }
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
        const message = Array.isArray(r.message) ? r.message.join('; ') : ((r.message as string) ?? exception.message);
        return { status, body: { error: message, ...(r.errors ? { errors: r.errors } : {}) } };
      }
      return { status, body: { error: String(response) } };
    }
    // Body-parser errors carry their own status (malformed JSON 400, oversized 413).
    const e = exception as { status?: number; statusCode?: number; message?: string };
    const own = e?.statusCode ?? e?.status;
    if (typeof own === 'number' && own >= 400 && own < 500) {
      return { status: own, body: { error: bodyParserMessage(exception) ?? e.message ?? 'Bad request' } };
    }
    if (exception instanceof QueryFailedError) {
      const { code = '', constraint } = exception as unknown as { code?: string; constraint?: string };
      const guarded = constraintReply(constraint);
      if (guarded) return { status: guarded.status, body: { error: guarded.error, code: guarded.code } };
      const known = PG_MESSAGES[code];
      if (known) return { status: known[0], body: { error: known[1] } };
      // Every data exception (class 22) and a missing required value are bad input, never a 500.
      if (code.startsWith('22'))
        return { status: HttpStatus.BAD_REQUEST, body: { error: 'A value has the wrong format or is out of range' } };
      if (code === '23502') return { status: HttpStatus.BAD_REQUEST, body: { error: 'A required value is missing' } };
    }
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { error: 'Internal server error' } };
  }
}

/** Readable texts for Fastify's body-parsing failures (Nest wraps its FastifyErrors in an HttpException with the cause). */
function bodyParserMessage(cause: unknown): string | null {
  if (cause instanceof SyntaxError) return 'Malformed JSON in request body';
  const code = (cause as { code?: string } | undefined)?.code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'Request body is too large';
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return 'Unsupported request body type';
  if (code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return 'The request body does not match its Content-Length';
  if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'Malformed JSON in request body';
  return null;
}
