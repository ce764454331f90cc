/**
 * The one HTTP client of the public site (spec 1 §7-§8, docs/api.md).
 *
 * - Every reply is an envelope `{ success, data, error }`; callers receive `data`.
 * - ISO date-time strings in `data` are turned into `Date` objects.
 * - Timeouts: 10 s for GET/DELETE, 15 s for POST/PUT (AbortController).
 * - Failures become an `ApiError` (status, message, response data) with the catalogue's messages.
 * - Public calls never send the bearer token; any other call does, and a 401 on it clears the stored
 *   session and dispatches the "auth token expired" event.
 */
import { env } from '@/config/env';
import { clearSession, getToken } from '@/lib/storage';
import { errorCodeOf, type ErrorCode } from '@shared/api/error-codes';

export const AUTH_EXPIRED_EVENT = 'classlane:auth-token-expired';

export const MESSAGES = {
  unreadable: 'Could not read response from server',
  empty: 'Empty response from server',
  notJson: 'Invalid response format',
  badJson: (detail: string) => `Invalid JSON response: ${detail}`,
  requestFailed: 'Request failed',
  apiFailed: 'API request failed',
  timeout: 'Request timed out. Please check your connection and try again.',
  network: 'Unable to reach the server. Please check your connection and try again.',
} as const;

export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'format';

export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly kind: ApiErrorKind;
  /** Field messages from a validation failure (`errors` in the envelope). */
  readonly fieldErrors: Record<string, string>;
  /** The failure's stable code (`code` in the envelope): what the page branches on, never the message. */
  readonly code: ErrorCode | null;

  constructor(message: string, status: number, data: unknown = null, kind: ApiErrorKind = 'http') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.kind = kind;
    this.code = errorCodeOf(data);
    const errors = isRecord(data) && isRecord(data.errors) ? data.errors : {};
    this.fieldErrors = Object.fromEntries(
      Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  /** Calls listed as public in spec 1 §6 / docs/api.md: no bearer token, no 401 session clearing. */
  public?: boolean;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Override the default timeout (ms). */
  timeoutMs?: number;
  /** A token of its own (the student portal's): sent instead of the stored one; a 401 leaves the stored session alone. */
  bearer?: string;
  /** The call takes or frees a seat: once it succeeded, this browser's public reads ask the server again for a while. */
  movesSeats?: boolean;
}

export interface Envelope<T> {
  success: boolean;
  data: T;
  error: string | null;
  [key: string]: unknown;
}

const TIMEOUTS: Record<HttpMethod, number> = { GET: 10_000, DELETE: 10_000, POST: 15_000, PUT: 15_000 };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Converts ISO date-time strings (deeply) into Date objects. Date-only strings stay strings. */
export function reviveDates<T>(value: T): T {
  if (typeof value === 'string') {
    if (ISO_DATE_TIME.test(value)) {
      const date = new Date(value);
      return (Number.isNaN(date.getTime()) ? value : date) as T;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => reviveDates(item)) as T;
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = reviveDates(item);
    return out as T;
  }
  return value;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = `${env.apiBaseUrl}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

/** Reads and checks a fetch Response; returns the whole envelope or throws ApiError. */
export async function parseEnvelope<T>(response: Response): Promise<Envelope<T>> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError(MESSAGES.unreadable, response.status, null, 'format');
  }
  if (!text || !text.trim()) {
    if (!response.ok) throw new ApiError(httpFallback(response.status), response.status, null);
    throw new ApiError(MESSAGES.empty, response.status, null, 'format');
  }
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.toLowerCase().includes('json')) {
    if (!response.ok) throw new ApiError(httpFallback(response.status), response.status, null);
    throw new ApiError(MESSAGES.notJson, response.status, null, 'format');
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new ApiError(MESSAGES.badJson(detail), response.status, null, 'format');
  }
  if (!response.ok || !isRecord(body) || body.success !== true) {
    const serverMessage = isRecord(body) && typeof body.error === 'string' && body.error.trim() ? body.error : null;
    const fallback = response.ok ? MESSAGES.apiFailed : MESSAGES.requestFailed;
    throw new ApiError(serverMessage ?? fallback, response.status, body);
  }
  return body as Envelope<T>;
}

function httpFallback(status: number): string {
  if (status === 404) return 'Not found';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  return MESSAGES.requestFailed;
}

/**
 * Read your own writes: public reads are cacheable for a few seconds (max-age 5, stale-while-revalidate 15), so after
 * this browser moved a seat (registered, cancelled, switched) its next public reads ask the server again (an ETag
 * revalidation, usually a 304) instead of showing the copy from before the change. Kept for the session, so a reload
 * keeps it; the window covers max-age plus stale-while-revalidate.
 */
const REVALIDATE_KEY = 'classlane.revalidatePublicUntil';
const REVALIDATE_WINDOW_MS = 20_000;

function revalidatePublicReads(): void {
  try {
    sessionStorage.setItem(REVALIDATE_KEY, String(Date.now() + REVALIDATE_WINDOW_MS));
  } catch {
    // storage unavailable (private mode): reads keep the browser's ordinary caching
  }
}

function revalidatingPublicReads(): boolean {
  try {
    return Number(sessionStorage.getItem(REVALIDATE_KEY) ?? 0) > Date.now();
  } catch {
    return false;
  }
}

/** A GET started early (e.g. by the entry module, before the page chunk loads); consumed once. */
const prefetched = new Map<string, Promise<Envelope<unknown>>>();

async function send<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.public ? null : (options.bearer ?? getToken());
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? TIMEOUTS[method]);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      ...(method === 'GET' && options.public && revalidatingPublicReads() ? { cache: 'no-cache' as const } : {}),
    });
  } catch (error) {
    if (timedOut) throw new ApiError(MESSAGES.timeout, 408, null, 'timeout');
    if (options.signal?.aborted) throw error;
    throw new ApiError(MESSAGES.network, 0, null, 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }

  try {
    const envelope = await parseEnvelope<T>(response);
    if (options.movesSeats) revalidatePublicReads();
    return { ...envelope, data: reviveDates(envelope.data) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !options.public && !options.bearer) {
      clearSession();
      window.dispatchEvent(new CustomEvent(AUTH_EXPIRED_EVENT));
    }
    throw error;
  }
}

/** Performs a call and returns `data`. */
async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (method === 'GET' && options.public) {
    const key = buildUrl(path, options.query);
    const early = prefetched.get(key);
    if (early) {
      prefetched.delete(key);
      return ((await early) as Envelope<T>).data;
    }
  }
  return (await send<T>(path, options)).data;
}

/** Starts a public GET now; the next identical `apiRequest` receives its result. */
export function prefetchPublic(path: string, query?: RequestOptions['query']): void {
  const key = buildUrl(path, query);
  if (prefetched.has(key)) return;
  const promise = send<unknown>(path, { public: true, query });
  promise.catch(() => undefined); // the consumer sees the error
  prefetched.set(key, promise);
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Spec 1 §8: a service rethrows its failures with its own text ('Failed to fetch public organization', ...). Status,
 * response data and kind are kept, so screens still tell a missing organization (404) from a failure.
 */
export async function rethrowAs<T>(message: string, promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    if (e instanceof ApiError) throw new ApiError(message, e.status, e.data, e.kind);
    throw e;
  }
}

/** A readable message for any thrown value. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}
