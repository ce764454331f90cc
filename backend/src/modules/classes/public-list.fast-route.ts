import { acceptsGzip, GZIP_THRESHOLD, type FastRoute } from '../../common/http/fast-path';
import { ageSeconds, etagMatches, PUBLIC_CACHE_CONTROL, PUBLIC_VARY } from './public-cache';
import type { PublicListCache } from './public-list.cache';

const PATH = '/api/classes?';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The organization of a public read's query, when it is the query's only parameter. */
function organizationOf(query: string): string | null {
  const params = new URLSearchParams(query);
  const orgId = params.get('organizationId');
  return orgId && params.size === 1 && UUID.test(orgId) ? orgId : null;
}

/**
 * The public class list is the hottest public read. A cached list (PublicListCache, invalidated on every write) is
 * answered here without Fastify or Nest; the first request and every miss take the normal path. (Class pages built from
 * the same copy go through the ordinary path: this bypass is kept only until the ordinary path comes close to it.)
 */
export function publicListFastRoute(cache: PublicListCache): FastRoute {
  return (req) => {
    const url = req.url!;
    const orgId = url.startsWith(PATH) ? organizationOf(url.slice(PATH.length)) : null;
    if (!orgId) return null;
    const hit = cache.get(orgId);
    if (!hit) return null;
    // As the ordinary path: CORS varies on Origin, and a list that can be gzipped on Accept-Encoding.
    const vary = hit.bytes >= GZIP_THRESHOLD ? `Origin, ${PUBLIC_VARY}, Accept-Encoding` : `Origin, ${PUBLIC_VARY}`;
    const caching = ['Vary', vary, 'ETag', hit.etag, 'Cache-Control', PUBLIC_CACHE_CONTROL, 'Age', String(ageSeconds(hit.createdAt))];
    if (etagMatches(req.headers['if-none-match'], hit.etag)) return { status: 304, headers: caching, body: '' };
    const headers = [...caching, 'Content-Type', 'application/json; charset=utf-8'];
    if (hit.bytes >= GZIP_THRESHOLD && acceptsGzip(req)) {
      return { status: 200, headers: [...headers, 'Content-Encoding', 'gzip', 'Content-Length', String(hit.gzip.length)], body: hit.gzip };
    }
    return { status: 200, headers: [...headers, 'Content-Length', String(hit.bytes)], body: hit.raw };
  };
}
