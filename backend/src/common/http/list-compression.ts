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

/** The methods whose request body Fastify reads; a GET or HEAD body is never parsed, so never decompressed either. */
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * @fastify/compress gives every route a preParsing hook that decompresses a gzip or deflate request body. Routes
 * answering only GET and HEAD never read a body, and the hook then only costs each request a pass through it; they
 * are marked `decompress: false` as they are added (before the plugin sees them: call this before registering it).
 */
export function skipDecompressionWithoutBody(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const options = route as { decompress?: unknown };
    if (options.decompress === undefined && !methods.some((m) => WITH_BODY.has(m))) options.decompress = false;
  });
}
