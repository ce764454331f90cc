import { useT } from '@/lib/i18n/useT';
import { useEffect, useState } from 'react';
import { formatHoldRemaining, spokenHoldRemaining } from './holdTimer';

/** What the countdown says; the card step's texts by default, the waitlist offer page gives its own. */
export interface HoldCountdownTexts {
  /** Before the clock, e.g. 'Your spot is held for'. */
  lead: string;
  /** After the clock. */
  after: string;
  expired: string;
}

/** The card step's texts (payment catalog keys); a waitlist offer passes its own, already in the reader's language. */
const CARD_HOLD_KEYS: HoldCountdownTexts = { lead: 'hold.lead', after: 'hold.after', expired: 'hold.expired' };

/**
 * The seat hold's countdown (also a waitlist offer's held seat). The time left is announced
 * only when its spoken form changes (a live region re-reading every second would drown a screen reader), the
 * seconds are visual.
 */
export function HoldCountdown({ endsAt, onExpired, texts: given }: { endsAt: number; onExpired?: () => void; texts?: HoldCountdownTexts }) {
  const t = useT();
  const texts = given ?? { lead: t(CARD_HOLD_KEYS.lead), after: t(CARD_HOLD_KEYS.after), expired: t(CARD_HOLD_KEYS.expired) };
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
        {texts.expired}
      </p>
    );
  }
  return (
    <p className="hold-timer">
      <span aria-hidden="true">
        {texts.lead} <strong className="hold-timer__clock">{formatHoldRemaining(remaining)}</strong>. {texts.after}
      </span>
      <span className="visually-hidden" role="status">
        {texts.lead} {spokenHoldRemaining(t, remaining)}.
      </span>
    </p>
  );
}
