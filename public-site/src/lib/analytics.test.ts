import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_ENDPOINT, flushAnalytics, track } from './analytics';

/** Events were kept only in the page; now they reach the server's beacon. */
describe('track', () => {
  const beacons: { url: string; body: unknown }[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    beacons.length = 0;
    vi.stubGlobal('navigator', { sendBeacon: (url: string, body: string) => (beacons.push({ url, body: JSON.parse(body) }), true) });
  });
  afterEach(() => {
    flushAnalytics();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('should send the events a second after the last one, one beacon per organization', () => {
    track('ab_assigned', { experiment: 'cta', variant: 'start_free' });
    track('class_search', { query: 'clay' }, 'org-1');
    vi.advanceTimersByTime(999);
    expect(beacons).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(beacons).toEqual([
      {
        url: ANALYTICS_ENDPOINT,
        body: {
          organizationId: null,
          events: [expect.objectContaining({ name: 'ab_assigned', properties: { experiment: 'cta', variant: 'start_free' } })],
        },
      },
      { url: ANALYTICS_ENDPOINT, body: { organizationId: 'org-1', events: [expect.objectContaining({ name: 'class_search' })] } },
    ]);
  });

  it('should send at once when the page is hidden, at most 20 events a beacon', () => {
    for (let i = 0; i < 25; i++) track('cta_click', { source: `s${i}` });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacons.map((b) => (b.body as { events: unknown[] }).events.length)).toEqual([20, 5]);
    vi.advanceTimersByTime(2000);
    expect(beacons).toHaveLength(2);
  });
});
