import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AppConfig } from '../../config/app.config';
import { MetricsService } from './metrics.service';

/** A request that matched no route is labelled with this, never its raw URL (which would grow the label set). */
const UNMATCHED = 'unmatched';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics, off by default. With METRICS_TOKEN it is on the main port for `Authorization: Bearer <token>`
 * (404 otherwise, so its existence is not advertised); with METRICS_PORT a separate server answers it without a
 * token (bind that port to a private network only). Request durations are recorded only when one of them is on:
 * one onResponse hook per request, labelled by the route template (`/api/classes/:id`), so the label set is bounded.
 * The separate server closes with the app.
 */
export function installMetrics(
  app: NestFastifyApplication,
  instance: FastifyInstance,
  settings: Pick<AppConfig, 'metricsToken' | 'metricsPort'>,
): Server | null {
  if (!settings.metricsToken && !settings.metricsPort) return null;
  const metrics = app.get(MetricsService);
  instance.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    if (route !== '/metrics')
      metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });
  if (settings.metricsToken) {
    const token = settings.metricsToken;
    instance.get('/metrics', async (request, reply) => {
      const auth = request.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), token))
        return reply.code(404).send({ success: false, data: null, error: 'Not found' });
      return reply
        .header('Content-Type', metrics.contentType)
        .header('Cache-Control', 'no-store')
        .send(await metrics.render());
    });
  }
  if (!settings.metricsPort) return null;
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.render().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  server.listen(settings.metricsPort, () => new Logger('Metrics').log(`Metrics on port ${settings.metricsPort} at /metrics`));
  instance.addHook('onClose', (_instance, done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
  return server;
}
