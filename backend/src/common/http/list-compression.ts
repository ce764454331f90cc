import type { FastifyInstance } from 'fastify';
import { gzip } from 'node:zlib';
import { acceptsGzip, GZIP_THRESHOLD } from './fast-path';

/**
 * @fastify/compress leaves a reply with a Content-Range header alone (it reads it as a byte range of a 206),
 * but react-admin's lists carry `Content-Range: students 0-24/500` on a whole JSON page: those are gzipped
 * here (same threshold, in zlib's thread pool), as the Express compression middleware did. This hook runs
 * before the plugin's, which then sees the Content-Encoding and passes the reply through.
 */
export function installListCompression(instance: FastifyInstance): void {
  // A callback hook, not an async one: every reply passes here, and an async hook cost each one a promise and a
  // microtask turn although only large lists are compressed.
  instance.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' || reply.getHeader('Content-Range') === undefined || reply.getHeader('Content-Encoding') !== undefined)
      return done(null, payload);
    if (Buffer.byteLength(payload) < GZIP_THRESHOLD || !acceptsGzip(req.raw)) return done(null, payload);
    gzip(payload, (err, body) => {
      if (err) return done(err);
      const vary = reply.getHeader('Vary');
      void reply
        .header('Content-Encoding', 'gzip')
        .header('Content-Length', body.length)
        .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
      done(null, body);
    });
  });
}
