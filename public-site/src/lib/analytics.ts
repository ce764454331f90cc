/**
 * First-party analytics: no third party. Every event is kept in `window.__classlaneAnalytics`, dispatched as a
 * `classlane:analytics` CustomEvent (tests listen), and sent to the server's beacon, POST /api/analytics/events
 *, batched per organization and flushed a second after the last event or when the page is hidden.
 */
import { env } from '@/config/env';

export const ANALYTICS_EVENT = 'classlane:analytics';
export const ANALYTICS_ENDPOINT = '/api/analytics/events';
const FLUSH_DELAY_MS = 1000;
/** The server takes at most 20 events a beacon. */
const MAX_BATCH = 20;

export interface AnalyticsEvent {
  name: string;
  properties: Record<string, unknown>;
  timestamp: string;
}

declare global {
  interface Window {
    __classlaneAnalytics?: AnalyticsEvent[];
  }
}

/** Pending events by organization id ('' = a platform page such as the home page). */
const pending = new Map<string, AnalyticsEvent[]>();
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

function send(organizationId: string, events: AnalyticsEvent[]): void {
  const body = JSON.stringify({ organizationId: organizationId || null, events });
  const url = `${env.apiBaseUrl}${ANALYTICS_ENDPOINT}`;
  // A string is sent as text/plain: no CORS preflight, and the browser delivers it even while the page unloads.
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  if (typeof fetch === 'function') {
    void fetch(url, { method: 'POST', body, headers: { 'Content-Type': 'text/plain;charset=UTF-8' }, keepalive: true }).catch(
      () => undefined,
    );
  }
}

/** Sends everything pending now (also called when the page is hidden). */
export function flushAnalytics(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  for (const [organizationId, events] of pending) {
    for (let i = 0; i < events.length; i += MAX_BATCH) send(organizationId, events.slice(i, i + MAX_BATCH));
  }
  pending.clear();
}

function listenForPageHide(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushAnalytics();
  });
  window.addEventListener('pagehide', flushAnalytics);
}

/** Records an event; pass the organization whose page it is (none on platform pages). */
export function track(name: string, properties: Record<string, unknown> = {}, organizationId: string | null = null): AnalyticsEvent {
  const event: AnalyticsEvent = { name, properties, timestamp: new Date().toISOString() };
  if (typeof window !== 'undefined') {
    (window.__classlaneAnalytics ??= []).push(event);
    window.dispatchEvent(new CustomEvent<AnalyticsEvent>(ANALYTICS_EVENT, { detail: event }));
    const key = organizationId ?? '';
    pending.set(key, [...(pending.get(key) ?? []), event]);
    listenForPageHide();
    if (timer) clearTimeout(timer);
    timer = setTimeout(flushAnalytics, FLUSH_DELAY_MS);
  }
  return event;
}
