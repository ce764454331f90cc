import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';

type LoggedRequest = FastifyRequest & { user?: { id?: string; organizationId?: string | null; staffId?: string } };

/** A client's X-Request-Id is kept when it is a plain token; anything else gets a fresh id. */
const REQUEST_ID = /^[\w.-]{1,100}$/;

let destination: DestinationStream | null = null;

/** Where request lines go instead of stdout (the tests read them). Call before the app is configured. */
export function useRequestLogDestination(stream: DestinationStream | null) {
  destination = stream;
}

/**
 * The pino logger of the request lines: JSON, ISO time, level names. Writes are asynchronous and batched
 * (sonic-boom; pino flushes them on a normal exit, a SIGKILL can lose the last lines): the synchronous write per
 * line was the largest single item of /api/health's CPU profile (13.5% of busy time). No redaction: a line is built
 * by installRequestLog from named scalar fields only (id, method, path without query, status, time, user and
 * organization ids), so there is nothing to redact, and pino's redaction cloned and restored each line's object
 * for nothing (about 2% of /api/health's CPU). Headers, bodies and query strings are never put in a line.
 */
export function requestLogLogger(stream: DestinationStream = destination ?? pino.destination({ dest: 1, sync: false })): Logger {
  return pino(
    {
      base: undefined,
      messageKey: 'msg',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label: string) => ({ level: label }) },
    },
    stream,
  );
}

/** The request id of a request (Fastify's genReqId): a client's plain-token X-Request-Id, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * One JSON line per request through pino: the request id (a client's X-Request-Id or a new one,
 * returned in the reply), the path without its query string, status, time, and the caller's user and
 * organization. Headers, bodies and query strings are never logged.
 * Fastify's built-in pino logger was not used for these lines: its per-request child logger adds a `reqId`
 * field and a line at the start of each request; these hooks keep one line of the established shape.
 * pino-http/nestjs-pino were measured and not kept: docs/decisions/request-logs-through-pino-not-nestjs-pino.md.
 */
export function installRequestLog(
  instance: FastifyInstance,
  logger: Logger | null,
  /** Headers every reply carries (the security headers), set in the same hook after X-Request-Id: one hook less per request. */
  fixedHeaders: Readonly<Record<string, string>> = {},
): void {
  const fixed = Object.entries(fixedHeaders).map(([k, v]) => [k.toLowerCase(), v] as const);
  instance.addHook('onRequest', (req, reply, done) => {
    void reply.header('X-Request-Id', req.id);
    for (let i = 0; i < fixed.length; i++) void reply.header(fixed[i][0], fixed[i][1]);
    done();
  });
  if (!logger) return;
  instance.addHook('onResponse', (req: LoggedRequest, reply, done) => {
    const status = reply.statusCode;
    // The auth guard has set req.user by the time the reply is finished.
    const user = req.user;
    const who = user?.staffId ? { staffId: user.staffId } : user?.id ? { userId: user.id, organizationId: user.organizationId } : null;
    logger[status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info'](
      {
        requestId: req.id,
        req: { method: req.method, path: req.url.split('?')[0] },
        res: { status },
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...who,
      },
      'request',
    );
    done();
  });
}
