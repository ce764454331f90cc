import type { FastifyInstance } from 'fastify';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { acceptsGzip, GZIP_THRESHOLD } from './fast-path';

const gzipAsync = promisify(gzip);

/**
 * @fastify/compress leaves a reply with a Content-Range header alone (it reads it as a byte range of a 206),
 * but react-admin's lists carry `Content-Range: students 0-24/500` on a whole JSON page: those are gzipped
 * here (same threshold, in zlib's thread pool), as the Express compression middleware did. This hook runs
 * before the plugin's, which then sees the Content-Encoding and passes the reply through.
 */
export function installListCompression(instance: FastifyInstance): void {
  instance.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || reply.getHeader('Content-Range') === undefined || reply.getHeader('Content-Encoding') !== undefined)
      return payload;
    if (Buffer.byteLength(payload) < GZIP_THRESHOLD || !acceptsGzip(req.raw)) return payload;
    const body = await gzipAsync(payload);
    const vary = reply.getHeader('Vary');
    void reply
      .header('Content-Encoding', 'gzip')
      .header('Content-Length', body.length)
      .header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    return body;
  });
}
