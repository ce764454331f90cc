import type { INestApplication } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';
import fs from 'node:fs';
import path from 'node:path';
import { GZIP_THRESHOLD, installFastPath } from './common/http/fast-path';
import { serveFrontends } from './common/http/frontends';
import { PublicListCache } from './modules/classes/public-list.cache';
import { publicListFastRoute } from './modules/classes/public-list.fast-route';
import { inputGuard } from './common/http/input-guard.middleware';
import { requestLogger, requestLogLogger } from './common/http/request-logger';
import { createValidationPipe } from './common/http/validation';
import { setupOpenApi } from './common/openapi/openapi';
import type { AllConfigType } from './config/config.type';

/** The API prefix; sitemap.xml and robots.txt stay at the root (shared with the OpenAPI generator). */
export const API_PREFIX = 'api';
export const API_PREFIX_OPTIONS = { exclude: ['sitemap.xml', 'robots.txt'] };

/** Everything main.ts and the tests share: one bootstrap, so tests exercise the real thing. */
export function configureApp(app: NestExpressApplication) {
  const settings = (app as INestApplication).get(ConfigService<AllConfigType>).getOrThrow('app', { infer: true });
  app.set('trust proxy', 'loopback');
  app.set('etag', false);
  app.disable('x-powered-by');
  const requestLog = settings.logRequests ? requestLogLogger() : null;
  app.use(requestLogger(settings.logRequests, requestLog));
  const securityHeaders = helmet({
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
    });
  app.use(securityHeaders);
  const exposedHeaders = ['Content-Range', 'X-Request-Id', 'ETag'];
  app.enableCors({
    origin: settings.corsOrigins,
    credentials: false,
    exposedHeaders,
    allowedHeaders: ['Content-Type', 'Authorization', 'If-None-Match', 'X-Request-Id'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
  });
  // gzip for pages, assets and API replies over 1 kB (the fast path answers uncompressed clients only).
  app.use(compression({ threshold: GZIP_THRESHOLD }));
  app.use(express.json({ limit: settings.bodyLimit }));
  app.use(express.urlencoded({ extended: false, limit: settings.bodyLimit }));
  app.use(inputGuard());
  app.setGlobalPrefix(API_PREFIX, API_PREFIX_OPTIONS);
  app.useGlobalPipes(createValidationPipe());
  setupOpenApi(app);
  if (settings.serveFrontends) serveFrontends(app.getHttpAdapter().getInstance(), repoRoot());
  app.enableShutdownHooks();
  // Same headers as the CORS middleware gives a request without Origin (the fast path skips CORS requests).
  const fastHeaders = { ...helmetHeaders(securityHeaders), Vary: 'Origin, Accept-Encoding', 'Access-Control-Expose-Headers': exposedHeaders.join(',') };
  installFastPath(app.getHttpServer(), [publicListFastRoute(app.get(PublicListCache))], fastHeaders, requestLog
    // The same line as the request logger's, marked fast.
    ? (e) => requestLog.info({ requestId: e.requestId, req: { method: 'GET', path: e.path }, res: { status: e.status }, ms: 0, fast: true }, 'request')
    : null);
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

/** The headers helmet sets, captured once so the fast path sends exactly the same ones. */
function helmetHeaders(mw: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const fakeRes = { setHeader: (k: string, v: string) => { headers[k] = String(v); }, removeHeader: (k: string) => { delete headers[k]; } };
  mw({} as never, fakeRes as never, () => undefined);
  return headers;
}
