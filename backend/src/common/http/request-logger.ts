import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';

type LoggedRequest = Request & { id?: string; user?: { id?: string; organizationId?: string | null; staffId?: string } };

/** A client's X-Request-Id is kept when it is a plain token; anything else gets a fresh id. */
const REQUEST_ID = /^[\w.-]{1,100}$/;

/**
 * Never written. A request line carries only the whitelisted fields below, so these guard what a later change
 * might add (headers, a body). Exact paths: with wildcard paths (`*.password`) redaction was 4.7% of the busy
 * CPU of /api/health.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.token',
  'req.query.token',
];

let destination: DestinationStream | null = null;

/** Where request lines go instead of stdout (the tests read them). Call before the app is configured. */
export function useRequestLogDestination(stream: DestinationStream | null) {
  destination = stream;
}

/**
 * The pino logger of the request lines: JSON, ISO time, level names, redaction. Writes are asynchronous and
 * batched (sonic-boom; pino flushes them on a normal exit, a SIGKILL can lose the last lines): the synchronous
 * write per line was the largest single item of /api/health's CPU profile (13.5% of busy time).
 */
export function requestLogLogger(stream: DestinationStream = destination ?? pino.destination({ dest: 1, sync: false })): Logger {
  return pino(
    {
      base: undefined,
      messageKey: 'msg',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label: string) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
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
