import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Params } from 'nestjs-pino';

type LoggedRequest = IncomingMessage & { id?: string; originalUrl?: string; user?: { id?: string; organizationId?: string | null; staffId?: string } };

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

/**
 * nestjs-pino options: one JSON line per request with the request id (a client's X-Request-Id or a new
 * one, returned in the reply), the path without its query string, status, time, and the caller's user and
 * organization. Headers and bodies are not logged; REDACTED_PATHS covers what a logged object could carry.
 */
export function requestLoggerParams(enabled: boolean, stream: NodeJS.WritableStream = process.stdout): Params {
  return {
    pinoHttp: {
      // process.stdout: synchronous for files and pipes on Linux, so a crash loses no line.
      stream,
      autoLogging: enabled,
      base: undefined,
      messageKey: 'msg',
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label: string) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customAttributeKeys: { reqId: 'requestId', responseTime: 'ms' },
      // Raw objects to the serializers: pino-std-serializers would copy every header per request first.
      wrapSerializers: false,
      serializers: {
        req: (req: LoggedRequest) => ({ method: req.method, path: (req.originalUrl ?? req.url)?.split('?')[0] }),
        res: (res: { statusCode?: number }) => ({ status: res.statusCode }),
      },
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
      customSuccessMessage: () => 'request',
      customErrorMessage: () => 'request',
      // The auth guard has set req.user by the time the reply is finished.
      customProps: (req: IncomingMessage) => {
        const user = (req as LoggedRequest).user;
        if (user?.staffId) return { staffId: user.staffId };
        // undefined (not {}): pino-http then makes no child logger for an anonymous request.
        return (user?.id ? { userId: user.id, organizationId: user.organizationId } : undefined) as object;
      },
      quietReqLogger: true,
    },
  };
}
