import { acceptsGzip, GZIP_THRESHOLD, type FastRoute } from '../../common/http/fast-path';
import type { PublicListCache } from './public-list.cache';

const PATH = '/api/classes?';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * The public class list is the hottest public read. A cached list (PublicListCache, invalidated on
 * every write) is answered here without Fastify or Nest; the first request and every miss take the normal path.
 */
export function publicListFastRoute(cache: PublicListCache): FastRoute {
  return (req) => {
    const url = req.url!;
    if (!url.startsWith(PATH)) return null;
    const params = new URLSearchParams(url.slice(PATH.length));
    const orgId = params.get('organizationId');
    if (!orgId || params.size !== 1 || !UUID.test(orgId)) return null;
    const hit = cache.get(orgId);
    if (!hit) return null;
    // As the ordinary path: CORS varies on Origin, and a list that can be gzipped on Accept-Encoding.
    const vary = hit.bytes >= GZIP_THRESHOLD ? 'Origin, Accept-Encoding' : 'Origin';
    if (req.headers['if-none-match'] === hit.etag) {
      return { status: 304, headers: ['Vary', vary, 'ETag', hit.etag, 'Cache-Control', CACHE_CONTROL], body: '' };
    }
    const headers = ['Vary', vary, 'ETag', hit.etag, 'Cache-Control', CACHE_CONTROL, 'Content-Type', 'application/json; charset=utf-8'];
    if (hit.bytes >= GZIP_THRESHOLD && acceptsGzip(req)) {
      return { status: 200, headers: [...headers, 'Content-Encoding', 'gzip', 'Content-Length', String(hit.gzip.length)], body: hit.gzip };
    }
    return { status: 200, headers: [...headers, 'Content-Length', String(hit.bytes)], body: hit.body };
  };
}
