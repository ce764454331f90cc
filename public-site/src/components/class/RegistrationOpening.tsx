import { currentIntlLocale, i18n } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/useT';
import { useEffect, useState, type ReactNode } from 'react';
import { earlyAccessForTerm } from '@/lib/earlyAccess';
import { serverOffsetMs } from '@/lib/serverClock';

export interface RegistrationWindowInfo {
  opensAt: string | Date | null;
  closesAt: string | Date | null;
  earlyAccessOpensAt: string | Date | null;
  timeZone: string | null;
}

const ms = (v: string | Date | null | undefined) => (v ? new Date(v).getTime() : null);

/** 'Monday, January 5 at 6:00 AM' in the organization's time zone (the server says it the same way). */
export function openingTime(at: Date, timeZone: string | null): string {
  const zone = timeZone ?? undefined;
  const locale = currentIntlLocale();
  const day = new Intl.DateTimeFormat(locale, { timeZone: zone, weekday: 'long', month: 'long', day: 'numeric' }).format(at);
  const time = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(at);
  return i18n._({ id: 'opening.dayAtTime', values: { day, time } });
}

/** 2 d 03:04:05, or 03:04:05 under a day. */
export function countdownText(leftMs: number): string {
  const s = Math.max(0, Math.ceil(leftMs / 1000));
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return d > 0 ? i18n._({ id: 'opening.daysAndTime', values: { days: d, hms } }) : hms;
}

/** Where a class's opening stands on the server's clock: still waiting, its words and the countdown (null until measured). */
export interface OpeningGate {
  waiting: boolean;
  /** 'Registration opens Monday, January 5 at 6:00 AM' (the organization's time zone). */
  label: string;
  /** 'Opens in' / 'Early access in' and the time left, once the server's clock offset is known. */
  countdown: { lead: string; left: string } | null;
}

/**
 * The live state of a class's opening. The clock is the browser's plus the server's offset, measured once, and ticks
 * locally while waiting: nothing asks the server every second. Someone holding the term's early-access link is let
 * through from the early-access time.
 */
export function useOpeningGate(w: RegistrationWindowInfo | null | undefined, termId?: string | null): OpeningGate {
  const t = useT();
  const [offset, setOffset] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const early = earlyAccessForTerm(termId);
  const opensAt = ms(w?.opensAt);
  const earlyAt = ms(w?.earlyAccessOpensAt);
  const gate = early && earlyAt !== null ? earlyAt : opensAt;
  const serverNow = now + (offset ?? 0);
  const waiting = gate !== null && opensAt !== null && serverNow < gate;

  useEffect(() => {
    let live = true;
    void serverOffsetMs().then((o) => live && setOffset(o));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [waiting]);

  return {
    waiting,
    label: opensAt === null ? '' : t('opening.opens', { when: openingTime(new Date(opensAt), w?.timeZone ?? null) }),
    countdown:
      waiting && offset !== null
        ? { lead: early ? t('opening.earlyAccessIn') : t('opening.opensIn'), left: countdownText(gate! - serverNow) }
        : null,
  };
}

/**
 * Before a class's registration opens: 'Registration opens …' and a live countdown, which gives way to `children` (the
 * Register button) when the time comes, without a reload.
 */
export function RegistrationOpening({
  window: w,
  termId,
  children,
  compact = false,
}: {
  window: RegistrationWindowInfo | null | undefined;
  termId?: string | null;
  children: ReactNode;
  compact?: boolean;
}) {
  const { waiting, label, countdown } = useOpeningGate(w, termId);
  if (!waiting) return <>{children}</>;
  return (
    <div className={compact ? 'registration-opening registration-opening--compact' : 'registration-opening'} role="status">
      <p className="registration-opening__when">{label}</p>
      {countdown ? (
        <p className="registration-opening__countdown" aria-live="off">
          <span className="muted">{countdown.lead}</span> <strong>{countdown.left}</strong>
        </p>
      ) : null}
    </div>
  );
}
