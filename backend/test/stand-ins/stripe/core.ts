import type http from 'node:http';
import Stripe from 'stripe';

/**
 * The pieces every route file of the Stripe stand-in shares: the request as the SDK sent it, the state of the
 * fake account, and a router. Route files (`stripe/*.routes.ts`) each implement one area of the calls that
 * shared/INTEGRATIONS.md lists, and nothing more.
 */
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

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form body decoded to nested objects the way Stripe reads `a[b][0][c]=v`. */
  body: Record<string, unknown>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  stripeAccount: string | undefined;
}

export type StandInObject = Record<string, unknown> & { id: string; object: string };

export interface StandInState {
  /** What `GET /v1/events` lists; `emit` adds to it. */
  events: StandInEvent[];
  /** Every call, in order (tests assert on them). */
  requests: StandInRequest[];
  /** Every object created, by id (payment intents, accounts, customers, ...). */
  objects: Map<string, StandInObject>;
  /** Where `emit` delivers signed webhooks, when a test sets it (null: events are only listed). */
  webhook: { url: string; secret: string } | null;
  /** The stand-in's own address (links it hands out, e.g. Connect onboarding, point back at it). */
  baseUrl: string;
  /** Makes ids unique and readable: `pi_1`, `acct_2`, ... */
  nextId(prefix: string): string;
  /**
   * When set and true for a request: the call is carried out (and kept for an idempotent replay) but the client gets
   * a 500 instead of the answer, as when the connection or the caller dies after Stripe acted.
   */
  loseReply?: ((req: StandInRequest) => boolean) | null;
  /**
   * When set and above 0 for a request: the call is carried out, then its answer waits this many milliseconds (a slow
   * Stripe: a client with a shorter timeout gives up, not knowing whether the charge was made).
   */
  delayReply?: ((req: StandInRequest) => number) | null;
  /** Records an event (listed by `GET /v1/events`) and, when `webhook` is set, delivers it signed. */
  emit(type: string, object: Record<string, unknown>): Promise<StandInEvent>;
  /**
   * Work the stand-in does after its reply (an event sent a moment after the API call, as Stripe does): tracked so a
   * test file can let it finish before it shuts the app down, instead of a delivery landing in the app's shutdown.
   */
  background(work: () => Promise<unknown>, delayMs: number): void;
}

/** A string body is sent as is (HTML pages a browser visits); anything else as JSON. Headers are added to the reply. */
export type StandInReply = [status: number, body: unknown, headers?: Record<string, string>];
export type StandInHandler = (req: StandInRequest, state: StandInState, params: string[]) => StandInReply | Promise<StandInReply>;
export interface StandInRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** Matched against the path; capture groups become `params`. */
  path: RegExp;
  /** Also answers the publishable key (`Bearer pk_…` or a `key` form field): what Stripe.js calls from a browser. */
  publishable?: boolean;
  handle: StandInHandler;
  /** A page the browser visits (no API key), e.g. Connect's hosted onboarding. */
  browser?: boolean;
  /** Answers only the requests this accepts (another area's route on the same path answers the rest). */
  when?: (req: StandInRequest) => boolean;
}

export const stripeError = (
  status: number,
  message: string,
  type = 'invalid_request_error',
  extra: Record<string, unknown> = {},
): StandInReply => [status, { error: { type, message, ...extra } }];

export const notFound = (kind: string, id: string) =>
  stripeError(404, `No such ${kind}: '${id}'`, 'invalid_request_error', { code: 'resource_missing' });

/** Decodes Stripe's form encoding (`metadata[orgId]=x`, `items[0][price]=y`) into nested objects and arrays. */
export function parseStripeForm(raw: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split('[').map((p) => p.replace(/]$/, ''));
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(parts[i + 1]);
      const slot = part === '' && Array.isArray(node) ? String(node.length) : part;
      const bag = node as Record<string, unknown>;
      if (last) bag[slot] = value;
      else {
        bag[slot] ??= nextIsIndex ? [] : {};
        node = bag[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

/** An event as Stripe would send it (webhook body) or list it (`GET /v1/events`). */
export function stripeEvent(
  id: string,
  type: string,
  object: Record<string, unknown> = {},
  created = Math.floor(Date.now() / 1000),
): StandInEvent {
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

export const headerOf = (req: http.IncomingMessage, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};
