import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

/** One structured JSON line per request, with a request id that is also returned to the client. */
export function requestLog(enabled: boolean) {
  return (req: Request & { id?: string }, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    if (enabled) {
      const started = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        // req.user is set by the auth guard by the time the reply is finished.
        const user = (req as Request & { user?: { id?: string; organizationId?: string | null; staffId?: string } }).user;
        process.stdout.write(
          JSON.stringify({
            time: new Date().toISOString(),
            level: res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
            msg: 'request',
            requestId: req.id,
            method: req.method,
            path: req.originalUrl.split('?')[0],
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
            ...(user?.id ? { userId: user.id, organizationId: user.organizationId } : {}),
            ...(user?.staffId ? { staffId: user.staffId } : {}),
          }) + '\n',
        );
      });
    }
    next();
  };
}
