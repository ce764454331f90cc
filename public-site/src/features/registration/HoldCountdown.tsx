import { useEffect, useState } from 'react';
import { formatHoldRemaining } from './holdTimer';

/**
 * The seat hold's countdown (issue 9 §3). The minutes left are announced only when they change (a live region
 * re-reading every second would drown a screen reader), the seconds are visual.
 */
export function HoldCountdown({ endsAt, onExpired }: { endsAt: number; onExpired?: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  const remaining = endsAt - now;

  useEffect(() => {
    if (endsAt - Date.now() <= 0) return;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= endsAt) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const expired = remaining <= 0;
  useEffect(() => {
    if (expired) onExpired?.();
  }, [expired, onExpired]);

  if (expired) {
    return (
      <p className="hold-timer hold-timer--expired" role="status">
        Your held spot was released. Press Pay to hold a spot again if one is still free.
      </p>
    );
  }
  const minutes = Math.ceil(remaining / 60_000);
  return (
    <p className="hold-timer">
      <span aria-hidden="true">
        Your spot is held for <strong className="hold-timer__clock">{formatHoldRemaining(remaining)}</strong>. Complete your payment before
        the time runs out.
      </span>
      <span className="visually-hidden" role="status">
        Your spot is held for {minutes === 1 ? 'less than 1 minute' : `${minutes} minutes`}.
      </span>
    </p>
  );
}
