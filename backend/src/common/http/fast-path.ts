import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';

export interface FastReply {
  status: number;
  /** Flat [name, value, name, value, ...] like Node's raw headers. */
  headers: string[];
  body: string | Buffer;
}

/** What the request log records of a fast reply. */
export interface FastLogEntry {
  requestId: string;
  path: string;
  status: number;
}

/** Answers with an already-computed reply, or null to let the full stack handle the request. */
export type FastRoute = (req: IncomingMessage) => FastReply | null;

/**
 * Puts routes in front of Fastify on the HTTP server itself. Only for answers that are already
 * computed (a cache hit): they get the same security headers as every other reply, and anything
 * unusual (a token, a CORS request, a miss) goes through the normal stack untouched.
 */
export function installFastPath(
  server: Server,
  routes: FastRoute[],
  headers: Record<string, string>,
  log: ((entry: FastLogEntry) => void) | null,
): void {
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
        log?.({ requestId: id, path: req.url!.split('?')[0], status: reply.status });
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
