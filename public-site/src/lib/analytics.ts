/**
 * First-party analytics hook: no third party. Every event is kept in `window.__classlaneAnalytics`
 * and dispatched as a `classlane:analytics` CustomEvent, so a later integration (or a test) can listen.
 */
export const ANALYTICS_EVENT = 'classlane:analytics';

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

export function track(name: string, properties: Record<string, unknown> = {}): AnalyticsEvent {
  const event: AnalyticsEvent = { name, properties, timestamp: new Date().toISOString() };
  if (typeof window !== 'undefined') {
    (window.__classlaneAnalytics ??= []).push(event);
    window.dispatchEvent(new CustomEvent<AnalyticsEvent>(ANALYTICS_EVENT, { detail: event }));
  }
  return event;
}
