import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type CorsHook = (request: FastifyRequest, reply: FastifyReply, next: (err?: Error) => void) => void;

/**
 * The headers @fastify/cors sets on a request without an Origin header that is not a preflight, worked out once
 * from the options: with a list of allowed origins it only adds `Vary: Origin` (the answer depends on the Origin
 * a browser would send), the exposed headers and, with credentials, Access-Control-Allow-Credentials; no
 * Access-Control-Allow-Origin, since no origin was named. null when the answer depends on more than that (an origin
 * function or pattern, `*`, options worked out per request, another hook): the plugin then runs for every request.
 */
export function corsHeadersWithoutOrigin(options: FastifyCorsOptions | undefined): readonly [string, string][] | null {
  if (!options || typeof options !== 'object' || options.delegator) return null;
  if (options.hook !== undefined && options.hook !== 'onRequest') return null;
  const { origin } = options;
  if (!Array.isArray(origin) || !origin.every((o) => typeof o === 'string' && o !== '*')) return null;
  const headers: [string, string][] = [['vary', 'Origin']];
  if (options.credentials) headers.push(['access-control-allow-credentials', 'true']);
  const exposed = options.exposedHeaders;
  if (exposed !== undefined && exposed !== null)
    headers.push(['access-control-expose-headers', Array.isArray(exposed) ? exposed.join(', ') : exposed]);
  return headers;
}

/**
 * Whether any route was declared with CORS options of its own (`config.cors`, which @fastify/cors reads per route).
 * Watched as routes are added, so a request asks its route only when one exists: Fastify builds a new routeOptions
 * object each time it is read.
 */
export class RouteCorsOptions {
  private seen = false;

  get any(): boolean {
    return this.seen;
  }

  watch(instance: FastifyInstance): void {
    instance.addHook('onRoute', (route) => {
      if ((route.config as { cors?: unknown } | undefined)?.cors !== undefined) this.seen = true;
    });
  }
}

/** A request whose CORS headers are the fixed ones: no Origin, not a preflight, no per-route CORS options. */
export function withoutOrigin(request: FastifyRequest, routeOptions?: RouteCorsOptions): boolean {
  return (
    request.headers.origin === undefined &&
    request.raw.method !== 'OPTIONS' &&
    (routeOptions?.any === false || (request.routeOptions.config as { cors?: unknown } | undefined)?.cors === undefined)
  );
}

/**
 * The CORS request hook with a shortcut: a request without Origin (a server, a script, the same-origin app) gets the
 * fixed headers on the reply (beside the other fixed headers, so Node writes the head in one pass), and @fastify/cors
 * runs only for requests that carry an Origin or are preflights. The plugin copied its options object, resolved the origin
 * through callbacks and looked the Vary header up on each of them.
 */
export function corsHookWithShortcut(hook: CorsHook, headers: readonly [string, string][], routeOptions?: RouteCorsOptions): CorsHook {
  return function corsHook(this: unknown, request, reply, next) {
    if (!withoutOrigin(request, routeOptions)) return hook.call(this, request, reply, next);
    for (let i = 0; i < headers.length; i++) void reply.header(headers[i][0], headers[i][1]);
    next();
  };
}
