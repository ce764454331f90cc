import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pino, type Logger } from 'pino';

type LoggedRequest = Request & { id?: string; user?: { id?: string; organizationId?: string | null; staffId?: string } };

/** A client's X-Request-Id is kept when it is a plain token; anything else gets a fresh id. */
const REQUEST_ID = /^[\w.-]{1,100}$/;

/** Never written, wherever they appear in a logged object (headers, bodies, errors). */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.authorization',
  '*.cookie',
];

/** The pino logger of the request lines: JSON, ISO time, level names, redaction. */
export function requestLogLogger(stream: NodeJS.WritableStream = process.stdout): Logger {
  return pino(
    {
      base: undefined,
      messageKey: 'msg',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label: string) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    // process.stdout: synchronous for files and pipes on Linux, so a crash loses no line.
    stream,
  );
}

/**
 * One JSON line per request through pino (issue 8 §5): the request id (a client's X-Request-Id or a new one,
 * returned in the reply), the path without its query string, status, time, and the caller's user and
 * organization. Headers and bodies are not logged; REDACTED_PATHS covers what a logged object could carry.
 * pino-http/nestjs-pino were measured and not kept: docs/decisions.md.
 */
export function requestLogger(enabled: boolean, logger: Logger | null = enabled ? requestLogLogger() : null) {
  return (req: LoggedRequest, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    if (logger) {
      const started = performance.now();
      res.once('finish', () => {
        const status = res.statusCode;
        // The auth guard has set req.user by the time the reply is finished.
        const user = req.user;
        const who = user?.staffId ? { staffId: user.staffId } : user?.id ? { userId: user.id, organizationId: user.organizationId } : null;
        logger[status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info'](
          { requestId: id, req: { method: req.method, path: req.originalUrl.split('?')[0] }, res: { status }, ms: Math.round((performance.now() - started) * 10) / 10, ...who },
          'request',
        );
      });
    }
    next();
  };
}
