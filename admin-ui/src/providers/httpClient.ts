/**
 * The one HTTP client of the admin app (STYLE §4, §9).
 *
 * Every API reply is an envelope `{ success, data, error, errors? }` (docs/api.md). This client
 * - adds `Authorization: Bearer <token>` when a token is stored,
 * - unwraps `data` into `json` so ra-data-simple-rest works unchanged,
 * - turns a failure (HTTP status >= 400 or `success: false`) into react-admin's
 *   `HttpError(error, status, { errors })`, so notifications and field errors work,
 * - on 401 clears the stored session (the token is shared with the public site),
 * - gives up after 10 s for GET and DELETE and 15 s for POST and PUT (spec 1 §7) with the spec's
 *   time-out text, so a hung server never leaves a spinner turning for ever.
 */
import { HttpError } from 'react-admin';
import { clearSession, getToken } from '@/providers/session';
import { errorCodeOf, type ErrorCode } from '@shared/api/error-codes';

export const API_URL = '/api';
export const AUTH_EXPIRED_EVENT = 'classlane:auth-token-expired';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

export interface HttpOptions extends RequestInit {
  /** Skip the bearer token (public calls). */
  anonymous?: boolean;
}

interface Envelope {
  success?: boolean;
  data?: unknown;
  error?: string | null;
  message?: string;
  errors?: Record<string, string>;
  [key: string]: unknown;
}

const DEFAULT_ERROR = 'Request failed';
/** Spec 1 §8, error catalogue. */
export const TIMEOUT_MESSAGE = 'Request timed out. Please check your connection and try again.';
export const READ_TIMEOUT_MS = 10_000;
export const WRITE_TIMEOUT_MS = 15_000;

/** Spec 1 §7: 10 s for GET and DELETE, 15 s for POST and PUT (and PATCH, a write). */
export function timeoutFor(method: string | undefined): number {
  const m = (method ?? 'GET').toUpperCase();
  return m === 'GET' || m === 'HEAD' || m === 'DELETE' ? READ_TIMEOUT_MS : WRITE_TIMEOUT_MS;
}

export function isTimeoutError(error: unknown): boolean {
  return error instanceof HttpError && error.message === TIMEOUT_MESSAGE;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-admin's fetchJson contract: the caller narrows `json`
export async function httpClient<T = any>(url: string, options: HttpOptions = {}): Promise<HttpResponse<T>> {
  const { anonymous, ...init } = options;
  const headers = new Headers(init.headers ?? {});
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (init.body && !(init.body instanceof FormData) && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  // ra-data-simple-rest sends DELETE with text/plain and no body; our API wants JSON or nothing.
  if (!init.body && headers.get('Content-Type') === 'text/plain') headers.delete('Content-Type');
  const token = anonymous ? null : getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  // One controller aborts on our time-out or when the caller's signal (react-admin's query cancel) fires.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutFor(init.method));
  const callerSignal = init.signal;
  const forwardAbort = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let text: string;
  try {
    // The body is read inside the time-out too: a server that sends headers and then stalls is also hung.
    response = await fetch(url, { ...init, headers, signal: controller.signal });
    text = await response.text();
  } catch (e) {
    if (timedOut) throw new HttpError(TIMEOUT_MESSAGE, 0, { timeout: true });
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new HttpError('Network error. Please check your connection and try again.', 0, {});
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }
  let envelope: Envelope | null = null;
  if (text) {
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      envelope = null;
    }
  }

  if (response.status === 401 && token) {
    clearSession();
    // Spec 1 §7: a 401 raises the "auth token expired" event; the session provider signs the UI out.
    window.dispatchEvent(new Event(AUTH_EXPIRED_EVENT));
  }

  if (response.status < 200 || response.status >= 300 || !envelope || envelope.success === false) {
    const message =
      (envelope && (envelope.error || envelope.message)) ||
      (!envelope && response.ok ? 'Invalid response format' : response.statusText) ||
      DEFAULT_ERROR;
    const status = response.ok && envelope?.success === false ? 400 : response.status;
    throw new HttpError(String(message), status, { errors: envelope?.errors ?? {}, ...(envelope ?? {}) });
  }

  return { status: response.status, headers: response.headers, body: text, json: envelope.data as T };
}

/** Full envelope, for the few calls whose reply carries metadata beside `data` (e.g. clone's warning). */
export async function httpClientRaw(url: string, options: HttpOptions = {}) {
  const res = await httpClient(url, options);
  const envelope = JSON.parse(res.body) as Envelope;
  return { ...res, envelope };
}

/** Read a readable message out of anything thrown. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const m = (error as { message?: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return fallback;
}

/** The failure's stable code (`code` in the envelope, kept in the HttpError's body): what screens branch on. */
export function errorCode(error: unknown): ErrorCode | null {
  return errorCodeOf(error && typeof error === 'object' ? (error as { body?: unknown }).body : null);
}

export function errorStatus(error: unknown): number | undefined {
  return error && typeof error === 'object' && 'status' in error ? Number((error as { status: unknown }).status) : undefined;
}
