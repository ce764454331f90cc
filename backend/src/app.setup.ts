import type { INestApplication } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCompress from '@fastify/compress';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import fs from 'node:fs';
import path from 'node:path';
import { GZIP_THRESHOLD, installFastPath } from './common/http/fast-path';
import { EnvelopeFastifyAdapter } from './common/http/envelope.interceptor';
import { installApiKeyActor } from './common/auth/api-key';
import { ConfigCopies } from './common/cache/config-copies';
import { serveFrontends } from './common/http/frontends';
import { PublicListCache } from './modules/classes/public-list.cache';
import { EmbedFramePolicy } from './modules/embed/embed-frame.policy';
import { installMetrics } from './modules/metrics/metrics.http';
import { publicListFastRoute } from './modules/classes/public-list.fast-route';
import { BEACON_BODY_LIMIT, BEACON_PATH, beaconBodyParser, byteSize, jsonBodyParser } from './common/http/body-parsers';
import { installListCompression, skipDecompressionWithoutBody } from './common/http/list-compression';
import { installInputGuard } from './common/http/input-guard.middleware';
import { installInFlightTracking, ShutdownState } from './common/http/shutdown';
import { installRequestLog, requestIdOf, requestLogLogger } from './common/http/request-logger';
import { createValidationPipe } from './common/http/validation';
import { setupOpenApi } from './common/openapi/openapi';
import { webhookDocument } from './modules/webhooks/webhook-payloads';
import { ERROR_CODES } from './error-codes';
import type { AllConfigType } from './config/config.type';
import type { AppConfig } from './config/app.config';

/** The API prefix; sitemap.xml, robots.txt and the widget's embed.js stay at the root (shared with the OpenAPI generator). */
export const API_PREFIX = 'api';
export const API_PREFIX_OPTIONS = { exclude: ['sitemap.xml', 'robots.txt', 'embed.js'] };

/** The security headers (helmet's options): one object, worked out once, so every reply and the fast path send the same ones. */
const SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** Every reply's security headers, worked out once at startup. */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze(helmetHeaders(SECURITY_HEADERS));

/** The CORS options (the tests give the same ones to @fastify/cors on a bare Fastify to compare the headers). */
export function corsOptions(origins: string[], exposedHeaders: string[]): FastifyCorsOptions {
  return {
    origin: origins,
    credentials: false,
    exposedHeaders,
    allowedHeaders: ['Content-Type', 'Authorization', 'If-None-Match', 'X-Request-Id'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  };
}

const envelope400 = (error: string) => ({ success: false, data: null, error });

/**
 * The Fastify adapter with the server-level options (main.ts and the tests share it): body limit, keep-alive, proxy
 * trust (loopback only), the request id (a client's X-Request-Id or a new one), and the envelope for requests the
 * router refuses before any hook (a malformed URL).
 */
export function createHttpAdapter(
  settings: Pick<AppConfig, 'bodyLimit'> & Partial<Pick<AppConfig, 'trustProxy' | 'keepAliveTimeoutMs'>>,
): FastifyAdapter {
  return new EnvelopeFastifyAdapter({
    bodyLimit: byteSize(settings.bodyLimit),
    // Idle connections outlive the load balancer's (KEEP_ALIVE_TIMEOUT_MS; Fastify's own default is 72 s, shorter
    // than Caddy's 2 minutes). Node's headersTimeout (60 s) stays: it limits how long a client takes to send a
    // request's headers and does not close an idle keep-alive connection.
    keepAliveTimeout: settings.keepAliveTimeoutMs ?? 125_000,
    // Whose X-Forwarded-For is believed (the client IP the per-IP limits count): loopback, plus TRUST_PROXY's
    // addresses when a load balancer on another host sits in front (docker-compose.yml's Caddy).
    trustProxy: settings.trustProxy ?? 'loopback',
    genReqId: requestIdOf,
    requestIdHeader: false,
    logger: false,
    // Express matched `/api/classes/` like `/api/classes`; clients may rely on it.
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: (error: FastifyError, _request: unknown, reply: FastifyReply) => {
      void reply
        .code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send(envelope400('The request URL is malformed'));
    },
  });
}

/** Everything main.ts and the tests share: one bootstrap, so tests exercise the real thing. */
export async function configureApp(app: NestFastifyApplication) {
  const settings = (app as INestApplication).get(ConfigService<AllConfigType>).getOrThrow('app', { infer: true });
  const instance = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Fastify sends no X-Powered-By and no ETag of its own (the public list sets its own).
  const requestLog = settings.logRequests ? requestLogLogger() : null;
  // CONFIG_COPIES=false: every registration reads its organization's configuration (docs/architecture.md).
  ConfigCopies.enabled = settings.configCopies;
  // helmet's headers on every reply, as @fastify/helmet set them, from the set computed once (@fastify/helmet built
  // helmet's eleven middlewares anew on each request and ran two hooks, one of them async), in the request id's hook.
  // They go on Fastify's reply, in helmet's order, not on the Node response: Node validates and copies every header
  // set on its response one by one and then merges Fastify's in the same way, while a response whose headers all
  // come from Fastify is written from them in one pass. A route may still replace or remove one through the reply
  // (the widget pages replace Content-Security-Policy and remove X-Frame-Options).
  installRequestLog(instance, requestLog, securityHeaders);
  // Counted so a SIGTERM drain can wait for the requests being answered (common/http/shutdown.ts).
  installInFlightTracking(instance, app.get(ShutdownState));
  installMetrics(app, instance, settings);
  const exposedHeaders = ['Content-Range', 'X-Request-Id', 'ETag'];
  app.enableCors(corsOptions(settings.corsOrigins, exposedHeaders));
  // gzip for pages, assets and API replies over 1 kB (the fast path answers uncompressed clients only).
  skipDecompressionWithoutBody(instance);
  await app.register(fastifyCompress, { threshold: GZIP_THRESHOLD, encodings: ['gzip'] });
  installListCompression(instance);
  // Bodies: JSON (an empty body is {}, as Express read it), urlencoded, and the analytics beacon's text/plain.
  const bodyLimit = byteSize(settings.bodyLimit);
  app.useBodyParser('application/json', { bodyLimit }, jsonBodyParser(instance));
  app.useBodyParser('application/x-www-form-urlencoded', { bodyLimit });
  app.useBodyParser(
    'text/plain',
    { bodyLimit: Math.max(bodyLimit, BEACON_BODY_LIMIT) },
    beaconBodyParser(instance, `/${API_PREFIX}${BEACON_PATH}`),
  );
  installInputGuard(instance);
  installApiKeyActor(instance);
  app.setGlobalPrefix(API_PREFIX, API_PREFIX_OPTIONS);
  app.useGlobalPipes(createValidationPipe());
  setupOpenApi(app, { ...webhookDocument(), errorCodes: ERROR_CODES });
  if (settings.serveFrontends) {
    const framePolicy = app.get(EmbedFramePolicy);
    await serveFrontends(instance, repoRoot(), (p) => framePolicy.extraAncestors(p));
  }
  app.enableShutdownHooks();
  // Same headers as @fastify/cors gives a request without Origin (the fast path skips CORS requests).
  // Vary is the route's (it depends on the body's size).
  const fastHeaders = { ...securityHeaders, 'Access-Control-Expose-Headers': exposedHeaders.join(', ') };
  installFastPath(
    app.getHttpServer(),
    [publicListFastRoute(app.get(PublicListCache))],
    fastHeaders,
    requestLog
      ? // The same line as the request logger's, marked fast.
        (e) =>
          requestLog.info(
            { requestId: e.requestId, req: { method: 'GET', path: e.path }, res: { status: e.status }, ms: 0, fast: true },
            'request',
          )
      : null,
  );
  return settings;
}

/** The repository root (holds public-site/ and admin-ui/), found from the working directory. */
export function repoRoot(start = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'public-site')) && fs.existsSync(path.join(dir, 'backend'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}

/** The headers helmet sets with these options, captured once (they do not depend on the request). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const fakeRes = {
    setHeader: (k: string, v: string) => {
      headers[k] = String(v);
    },
    removeHeader: (k: string) => {
      delete headers[k];
    },
  };
  helmet(options)({} as never, fakeRes as never, () => undefined);
  return headers;
}
