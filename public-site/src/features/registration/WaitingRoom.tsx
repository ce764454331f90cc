import { i18n } from '@/lib/i18n/i18n';
import { Rich } from '@/lib/i18n/Rich';
import { useT } from '@/lib/i18n/useT';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openingTime } from '@/components/class/RegistrationOpening';
import { serverOffsetMs } from '@/lib/serverClock';
import { spokenHoldRemaining } from './holdTimer';
import { windowRefusal } from './registrationWindow';
import {
  dropTicket,
  keepTicket,
  peopleAhead,
  peopleAheadText,
  storedTicket,
  takeTicket,
  waitingRoomActive,
  waitingRoomRefusal,
  waitText,
  type WaitingRoomTicket,
  type WaitingRoomWindow,
} from './waitingRoom';
import { TermsError, WaitingRoomError } from '@shared/api/error-codes';

/** Where the page stands with the opening's line. */
export interface WaitingRoom {
  /** `none`: no line (or one's turn has come), the form shows; `taking`: asking for a place; `line`: waiting one's turn. */
  phase: 'none' | 'taking' | 'line' | 'failed';
  /** The place to send with the registration requests, once taken. */
  ticket: string | undefined;
  /** When one's turn comes, on the server's clock (epoch ms), while in line. */
  admitAt: number | null;
  /** The rate the place's turn was spaced by (people let in per minute), while in line; null when the server gave none. */
  admitPerMinute: number | null;
  /** How far the server's clock is ahead of the browser's. */
  offsetMs: number;
  /** Why no place could be taken (network, rate limit), with a retry. */
  failure: string | null;
  retry: () => void;
  /** Reads a refused registration: true when it was the waiting room's (the page then shows the line again). */
  refused: (error: unknown) => boolean;
}

const TAKE_FAILED = () => i18n._({ id: 'waiting.takeFailed' });
const ms = (v: string | Date | null | undefined) => (v ? new Date(v).getTime() : NaN);
/** setTimeout's longest delay; a later moment is reached in several steps. */
const MAX_DELAY = 2 ** 31 - 1;

/**
 * The opening's waiting room for one class's register page. When the class's opening has come and its waiting room is
 * on, the page takes a place in line (or reuses the one kept for this opening) and shows the line until the place's
 * turn; then the form opens by itself. The clock is the browser's plus the server's offset, measured once: nothing
 * polls the server while waiting. A timer wakes the page only at the moments that change what it shows (the opening,
 * one's turn); the line's own countdown ticks inside the line.
 */
export function useWaitingRoom({
  organizationId,
  classId,
  window: w,
  enabled,
}: {
  organizationId: string | null;
  classId: string;
  window: WaitingRoomWindow | null | undefined;
  /** False when the page shows no way to register (closed): no place is taken. */
  enabled: boolean;
}): WaitingRoom {
  const [offset, setOffset] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [ticket, setTicket] = useState<WaitingRoomTicket | null>(null);
  // The server said the turn comes later than the page thought (a refused registration's admitAt).
  const [notYetUntil, setNotYetUntil] = useState<number | null>(null);
  // The server asked for a place although the page's copy of the window said none was needed.
  const [mustTake, setMustTake] = useState(false);
  // The ticket route said this opening has no line now: the form opens as usual.
  const [noRoom, setNoRoom] = useState(false);
  // The ticket route said the opening has not come yet on the server's clock: ask again then.
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [taking, setTaking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    void serverOffsetMs().then((o) => live.current && setOffset(o));
    return () => {
      live.current = false;
    };
  }, []);

  const serverNow = now + (offset ?? 0);
  const opensAt = w?.opensAt ?? null;
  const needed =
    enabled && offset !== null && !noRoom && (mustTake || waitingRoomActive(w, serverNow)) && (retryAt === null || serverNow >= retryAt);
  const admitAt = ticket ? Math.max(ms(ticket.admitAt), notYetUntil ?? 0) : null;
  const inLine = admitAt !== null && serverNow < admitAt;

  // Take a place once one is needed: the one kept for this opening while it is honoured, else a new one.
  useEffect(() => {
    if (!needed || ticket || taking || failure || !organizationId) return;
    const kept = opensAt ? storedTicket(organizationId, opensAt, serverNow) : null;
    if (kept) {
      setTicket(kept);
      return;
    }
    setTaking(true);
    takeTicket(organizationId, classId)
      .then((t) => {
        if (!live.current) return;
        keepTicket(organizationId, t);
        setTicket(t);
        setMustTake(false);
        setNow(Date.now());
      })
      .catch((error: unknown) => {
        if (!live.current) return;
        if (waitingRoomRefusal(error)?.code === WaitingRoomError.NoWaitingRoom) {
          setNoRoom(true);
          setMustTake(false);
          return;
        }
        const early = windowRefusal(error);
        if (early?.code === TermsError.RegistrationNotOpen) {
          setRetryAt(ms(early.opensAt));
          return;
        }
        setFailure(error instanceof Error && error.message && error.message !== 'Request failed' ? error.message : TAKE_FAILED());
      })
      .finally(() => live.current && setTaking(false));
  }, [needed, ticket, taking, failure, organizationId, classId, opensAt, serverNow]);

  // Wake at the next moment that changes the page: the opening (a place is then needed), a retry, or one's turn.
  const nextAt = [
    inLine ? admitAt : null,
    retryAt !== null && serverNow < retryAt ? retryAt : null,
    enabled && !ticket && !noRoom && w?.waitingRoomUntil && ms(opensAt) > serverNow ? ms(opensAt) : null,
  ].filter((t): t is number => t !== null && Number.isFinite(t));
  const wakeAt = nextAt.length && offset !== null ? Math.min(...nextAt) : null;
  useEffect(() => {
    if (wakeAt === null) return;
    // The offset has fractions of a millisecond and a timer may wake a hair early: each wake-up sets `now`, which runs
    // this again for what is left, so the page never stays one millisecond short of the turn.
    const left = wakeAt - (Date.now() + (offset ?? 0));
    const timer = window.setTimeout(() => setNow(Date.now()), Math.min(MAX_DELAY, Math.max(0, Math.ceil(left) + 1)));
    return () => window.clearTimeout(timer);
  }, [wakeAt, offset, now]);
  // A tab in the background has its timers slowed down by the browser: looking at the page again catches up at once.
  useEffect(() => {
    if (wakeAt === null) return;
    const onVisible = () => document.visibilityState === 'visible' && setNow(Date.now());
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [wakeAt]);

  const refused = useCallback(
    (error: unknown): boolean => {
      const r = waitingRoomRefusal(error);
      if (!r || r.code === WaitingRoomError.NoWaitingRoom) return false;
      if (r.code === WaitingRoomError.NotYet) {
        setNotYetUntil(ms(r.admitAt));
        setNow(Date.now());
        return true;
      }
      // No place, an expired one or another opening's: forget it and take a new place.
      if (organizationId && ticket) dropTicket(organizationId, ticket.opensAt);
      if (organizationId && opensAt) dropTicket(organizationId, opensAt);
      setTicket(null);
      setNotYetUntil(null);
      setNoRoom(false);
      setFailure(null);
      setMustTake(true);
      setNow(Date.now());
      return true;
    },
    [organizationId, ticket, opensAt],
  );

  // Until the server's clock is known, a page whose line looks active on the browser's clock shows 'taking' (not a
  // form that would vanish a moment later).
  const pending = offset === null && enabled && !ticket && waitingRoomActive(w, now);
  return {
    phase: failure ? 'failed' : taking || pending || (needed && !ticket) ? 'taking' : inLine ? 'line' : 'none',
    ticket: ticket?.ticket,
    admitAt: inLine ? admitAt : null,
    admitPerMinute: inLine ? (ticket?.admitPerMinute ?? null) : null,
    offsetMs: offset ?? 0,
    failure,
    retry: () => setFailure(null),
    refused,
  };
}

/**
 * The line, shown instead of the form until one's turn: why there is a line, a live 'Your turn in m:ss' computed in
 * the browser from the place's turn, and under it 'People ahead of you: N', which falls on the same tick (the line lets
 * one person in every 60000 / rate ms: no request). The seconds and the count are visual; a screen reader hears the
 * wait when its spoken form changes (every minute), as with the seat hold's countdown, with the count as it was then.
 */
export function WaitingRoomLine({
  room,
  classTitle,
  opensAt,
  timeZone,
}: {
  room: WaitingRoom;
  classTitle: string;
  opensAt: string | Date | null | undefined;
  timeZone: string | null;
}) {
  // The timer only redraws; the time left is read from the clock at each drawing (also the first one, when a place
  // taken while this was showing 'Taking your place' arrives).
  const [, redraw] = useState(0);
  const t = useT();
  const { admitAt, offsetMs, phase } = room;
  useEffect(() => {
    if (admitAt === null) return;
    const timer = window.setInterval(() => redraw((n) => n + 1), 250);
    return () => window.clearInterval(timer);
  }, [admitAt]);

  const opened = opensAt ? openingTime(new Date(opensAt), timeZone) : null;
  const left = admitAt === null ? null : admitAt - (Date.now() + offsetMs);
  const ahead = left === null ? null : peopleAhead(left, room.admitPerMinute);
  // The live region changes only when the spoken wait does (once a minute): the count it says is the one of that moment,
  // kept until the next minute, so it is not re-announced each time someone is let in (every few milliseconds at 1,800
  // a minute). React's pattern for state derived from a change: set during the render that sees the change.
  const spokenWait = left === null ? null : spokenHoldRemaining(t, left);
  const [heard, setHeard] = useState<{ wait: string | null; ahead: number | null }>({ wait: null, ahead: null });
  if (heard.wait !== spokenWait) setHeard({ wait: spokenWait, ahead });
  const heardAhead = heard.wait === spokenWait ? heard.ahead : ahead;
  return (
    <div className="waiting-room">
      <p>
        {opened ? `${t('waiting.opened', { title: classTitle, when: opened })} ` : null}
        {t('waiting.why')}
      </p>
      {phase === 'failed' ? (
        <div className="waiting-room__failed" role="alert">
          <p>{room.failure}</p>
          <button type="button" className="btn" onClick={room.retry}>
            {t('waiting.retry')}
          </button>
        </div>
      ) : left === null ? (
        <p className="waiting-room__turn" role="status">
          <span className="spinner" aria-hidden="true" /> {t('waiting.taking')}
        </p>
      ) : (
        <>
          <p className="waiting-room__turn">
            <span aria-hidden="true">
              <Rich id="waiting.turnIn" values={{ wait: waitText(left) }} components={{ 0: <strong className="waiting-room__clock" /> }} />
            </span>
            {ahead ? (
              <span className="waiting-room__ahead" aria-hidden="true">
                {peopleAheadText(ahead)}
              </span>
            ) : null}
            <span className="visually-hidden" role="status">
              {t('waiting.turnInSpoken', { wait: spokenWait })}
              {heardAhead ? ` ${peopleAheadText(heardAhead)}.` : null}
            </span>
          </p>
          <p>{t('waiting.keepOpen')}</p>
        </>
      )}
    </div>
  );
}
