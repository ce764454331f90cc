import { env } from '@/config/env';

/**
 * How far the server's clock is ahead of this browser's, measured once per page load from the Date header of one
 * small request: a countdown then runs on the browser's own clock plus this offset and never asks the server again.
 */
let offset: Promise<number> | null = null;

export function serverOffsetMs(): Promise<number> {
  offset ??= (async () => {
    try {
      const sent = Date.now();
      const res = await fetch(`${env.apiBaseUrl}/api/health/live`, { cache: 'no-store' });
      const received = Date.now();
      const date = res.headers.get('date');
      if (!date) return 0;
      // The header counts whole seconds: its middle is the best guess, compared with the middle of the round trip.
      return new Date(date).getTime() + 500 - (sent + received) / 2;
    } catch {
      return 0;
    }
  })();
  return offset;
}

/** The test hook: forget the measured offset. */
export function resetServerOffset(): void {
  offset = null;
}
