import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  headerOf,
  parseStripeForm,
  signStripePayload,
  stripeError,
  stripeEvent,
  type StandInReply,
  type StandInRequest,
  type StandInRoute,
  type StandInState,
} from './stripe/core';
import { billingRoutes } from './stripe/billing.routes';
import { connectRoutes } from './stripe/connect.routes';
import { eventRoutes } from './stripe/events.routes';
import { paymentRoutes } from './stripe/payments.routes';
import { setupIntentRoutes } from './stripe/setup-intents.routes';
import { disputeRoutes } from './stripe/disputes.routes';
import { offSessionRoutes } from './stripe/off-session.routes';

export { signStripePayload, stripeEvent, type StandInEvent, type StandInState } from './stripe/core';
export { dashboardRefund, setRefundStatus, succeedPaymentIntent } from './stripe/payments.routes';
export { succeedSetupIntent } from './stripe/setup-intents.routes';
export { saveTestPaymentMethod, settleProcessing } from './stripe/off-session.routes';
export { closeDispute, disputePayment } from './stripe/disputes.routes';

/** Every area of the contract the stand-in implements; each route file owns one area. */
// Off-session routes first: they answer the confirmed, off-session PaymentIntent create the card routes do not.
const routes: StandInRoute[] = [
  ...eventRoutes,
  ...offSessionRoutes,
  ...disputeRoutes,
  ...paymentRoutes,
  ...setupIntentRoutes,
  ...connectRoutes,
  ...billingRoutes,
];

/** Stripe's answer to an Idempotency-Key sent again with other parameters. */
const idempotencyMismatch = (key: string): StandInReply =>
  stripeError(
    400,
    `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    'idempotency_error',
  );

/** A browser page (Stripe.js test double) calls the stand-in from another origin. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-account, stripe-version',
  'access-control-max-age': '600',
};

/**
 * A local stand-in for the Stripe API calls the product makes (shared/INTEGRATIONS.md); the real `stripe` SDK
 * is pointed at it through STRIPE_API_BASE. It answers only the calls of the contract (others are 404, as Stripe
 * answers an unknown URL), replays a POST with a known `Idempotency-Key` as Stripe does, and records every call
 * in `requests`. `port` 0 (the default) picks a free port; the e2e run gives it a fixed one (test/e2e/stripe-stand-in.mjs).
 */
export async function startStripeStandIn(options: { port?: number } = {}) {
  let seq = 0;
  // A POST's answer by path and Idempotency-Key, with the parameters it was first sent with (Stripe refuses the key with others).
  const replays = new Map<string, { reply: StandInReply; params: string }>();
  const pending = new Set<Promise<unknown>>();
  const state: StandInState = {
    events: [],
    requests: [],
    objects: new Map(),
    webhook: null,
    baseUrl: '',
    nextId: (prefix) => `${prefix}_${++seq}${Math.random().toString(36).slice(2, 8)}`,
    async emit(type, object) {
      const event = stripeEvent(state.nextId('evt'), type, object);
      event.data.object = object;
      state.events.push(event);
      if (state.webhook) {
        const payload = JSON.stringify(event);
        await fetch(state.webhook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, state.webhook.secret) },
          body: payload,
        }).catch(() => undefined); // a webhook that does not arrive is what reconciliation is for
      }
      return event;
    },
    background(work, delayMs) {
      const run = new Promise((r) => setTimeout(r, delayMs))
        .then(work)
        .catch(() => undefined)
        .finally(() => pending.delete(run));
      pending.add(run);
    },
  };

  const answer = async (req: StandInRequest): Promise<StandInReply> => {
    const secret = req.authorization?.startsWith('Bearer sk_');
    const publishable = req.authorization?.startsWith('Bearer pk_') || (typeof req.body.key === 'string' && req.body.key.startsWith('pk_'));
    for (const route of routes) {
      const m = route.method === req.method ? route.path.exec(req.path) : null;
      if (!m || (route.when && !route.when(req))) continue;
      // Pages a browser visits (Connect onboarding) need no key; API calls need one.
      if (!route.browser && !secret && !publishable) return stripeError(401, 'Invalid API Key provided');
      if (!route.browser && !secret && !route.publishable)
        return stripeError(401, 'This API call cannot be made with a publishable API key. Please use a secret API key.');
      return route.handle(req, state, m.slice(1));
    }
    if (!secret && !publishable) return stripeError(401, 'Invalid API Key provided');
    return stripeError(404, `Unrecognized request URL (${req.method}: ${req.path})`);
  };

  const server = http.createServer((req, res) => {
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const request: StandInRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        body: parseStripeForm(Buffer.concat(chunks).toString('utf8')),
        authorization: headerOf(req, 'authorization'),
        idempotencyKey: headerOf(req, 'idempotency-key'),
        stripeAccount: headerOf(req, 'stripe-account'),
      };
      state.requests.push(request);
      const replayKey = request.method === 'POST' && request.idempotencyKey ? `${request.path} ${request.idempotencyKey}` : null;
      const params = JSON.stringify(request.body);
      const saved = replayKey ? replays.get(replayKey) : undefined;
      const replay = saved?.params === params ? saved.reply : undefined;
      const reused = saved && !replay ? idempotencyMismatch(request.idempotencyKey!) : undefined;
      void (reused ? Promise.resolve(reused) : replay ? Promise.resolve(replay) : answer(request)).then(
        async ([status, body, headers]) => {
          if (replayKey && !saved && status < 500) replays.set(replayKey, { reply: [status, body, headers], params });
          const delay = state.delayReply?.(request) ?? 0;
          if (delay > 0) await new Promise((r) => setTimeout(r, delay).unref()); // unref: a test file may end before it
          if (res.destroyed) return; // the client gave up waiting
          if (state.loseReply?.(request)) {
            res
              .writeHead(500, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: { type: 'api_error', message: 'lost' } }));
            return;
          }
          res
            .writeHead(status, {
              'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
              'request-id': `req_${state.requests.length}`,
              ...(replay ? { 'idempotent-replayed': 'true' } : {}),
              ...headers,
            })
            .end(typeof body === 'string' ? body : JSON.stringify(body));
        },
        (err: unknown) =>
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { type: 'api_error', message: String(err) } })),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: state.baseUrl,
    state,
    events: state.events,
    requests: state.requests,
    /** Resolves once every event the stand-in still owes (see `background`) has been delivered or has failed. */
    async settled(): Promise<void> {
      while (pending.size) await Promise.all(pending);
    },
    // closeAllConnections: a keep-alive or unanswered connection (the SDK keeps sockets open) must not hold a test file's teardown.
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
