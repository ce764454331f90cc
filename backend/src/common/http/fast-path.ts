import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

export interface FastReply {
  status: number;
  /** Flat [name, value, name, value, ...] like Node's raw headers. */
  headers: string[];
  body: string | Buffer;
}

/** Answers with an already-computed reply, or null to let the full stack handle the request. */
export type FastRoute = (req: IncomingMessage) => FastReply | null;

/**
 * Puts routes in front of Express on the HTTP server itself. Only for answers that are already
 * computed (a cache hit): they get the same security headers as every other reply, and anything
 * unusual (a token, a CORS request, a miss) goes through the normal stack untouched.
 */
export function installFastPath(server: Server, routes: FastRoute[], headers: Record<string, string>, log: ((line: string) => void) | null): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const base = Object.entries(headers).flat();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        if (req.method === 'GET' && !req.headers.authorization && !req.headers.origin) {
      for (const route of routes) {
        const reply = route(req);
        if (!reply) continue;
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && /^[\w.-]{1,100}$/.test(incoming) ? incoming : randomUUID();
        res.writeHead(reply.status, [...base, 'X-Request-Id', id, ...reply.headers]);
        res.end(reply.body);
        // The same line shape as the pino request log (common/http/request-logger.ts), marked fast.
        log?.(`{"level":"info","time":"${new Date().toISOString()}","requestId":${JSON.stringify(id)},"req":{"method":"GET","path":${JSON.stringify(req.url!.split('?')[0])}},"res":{"status":${reply.status}},"ms":0,"fast":true,"msg":"request"}\n`);
        return;
      }
    }
    for (const h of handlers) h(req, res);
  });
}

/** Bodies below this are sent uncompressed (the compression middleware's threshold too). */
export const GZIP_THRESHOLD = 1024;

/** Whether the client takes a gzip body (what the compression middleware would send it). */
export function acceptsGzip(req: IncomingMessage): boolean {
  const accept = req.headers['accept-encoding'];
  return typeof accept === 'string' && /\bgzip\b/.test(accept);
}
