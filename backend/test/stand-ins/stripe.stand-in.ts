import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

/** An event as Stripe would send it (webhook body) or list it (`GET /v1/events`). */
export function stripeEvent(id: string, type: string, object: Record<string, unknown> = {}, created = Math.floor(Date.now() / 1000)) {
  return {
    id,
    object: 'event' as const,
    type,
    created,
    api_version: '2025-10-29.clover',
    livemode: false as const,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: `obj_${id}`, ...object } },
  };
}

/** Signs a webhook body exactly as Stripe does (the SDK's own helper: `t=<time>,v1=<HMAC-SHA256>`). */
export function signStripePayload(payload: string, secret: string, timestamp?: number): string {
  return new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/**
 * A local stand-in for the Stripe API calls the product makes (shared/INTEGRATIONS.md); the real `stripe` SDK
 * is pointed at it through STRIPE_API_BASE. So far: `GET /v1/events` (type, created[gte], limit,
 * starting_after, newest first, has_more) over `events`, which the test fills. `requests` records every call.
 */
export async function startStripeStandIn() {
  const events: StandInEvent[] = [];
  const requests: { method: string; path: string; query: URLSearchParams; authorization: string | undefined }[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` }).end(JSON.stringify(body));
      if (!req.headers.authorization?.startsWith('Bearer sk_')) {
        send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      if (req.method !== 'GET' || url.pathname !== '/v1/events') {
        send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
        return;
      }
      const q = url.searchParams;
      const gte = q.get('created[gte]');
      const type = q.get('type');
      const limit = Math.min(Math.max(Number(q.get('limit') ?? 10), 1), 100);
      let list = events
        .filter((e) => (type ? e.type === type : true) && (gte ? e.created >= Number(gte) : true))
        .sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
      const after = q.get('starting_after');
      if (after) {
        const at = list.findIndex((e) => e.id === after);
        list = at < 0 ? [] : list.slice(at + 1);
      }
      send(200, { object: 'list', url: '/v1/events', has_more: list.length > limit, data: list.slice(0, limit) });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    events,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
