import { currentIntlLocale, i18n } from '@/lib/i18n/i18n';
import { api, ApiError } from '@/lib/apiClient';
import { WaitingRoomError } from '@shared/api/error-codes';

/**
 * The opening's waiting room, as the public site sees it. At a busy opening the server hands out places in line: each
 * place (a signed ticket) says when its holder is let in (`admitAt`), and the registration requests carry it. The site
 * keeps the place for this browser tab, keyed by organization and opening instant, so a reload or a second class opening
 * at the same instant keeps the same place instead of going to the back of the line.
 */
export interface WaitingRoomTicket {
  ticket: string;
  /** This place's number in the opening's line (1 = first). */
  position: number;
  opensAt: string;
  /** When the holder may register (on the server's clock). */
  admitAt: string;
  /** After this the place is no longer honoured: a new one must be taken. */
  expiresAt: string;
  /** The rate the turn was spaced by (people let in per minute); absent from an older server's reply (no count shown). */
  admitPerMinute?: number;
}

/** The class page's copy of the opening and of its waiting room's end (null when the class has none). */
export interface WaitingRoomWindow {
  opensAt: string | Date | null | undefined;
  waitingRoomUntil?: string | Date | null;
}

const PREFIX = 'classlane:waiting-room:';
const ms = (v: string | Date | null | undefined) => (v ? new Date(v).getTime() : NaN);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : '');
const isInstant = (v: unknown): v is string | Date => (typeof v === 'string' || v instanceof Date) && !Number.isNaN(new Date(v).getTime());
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The storage key of one opening's line: the same instant however the page received it (string or Date). */
export function ticketKey(organizationId: string, opensAt: string | Date): string {
  return `${PREFIX}${organizationId}:${new Date(opensAt).toISOString()}`;
}

/** True while the class's opening has come and its waiting room is still on, at `now` (the server's clock). */
export function waitingRoomActive(w: WaitingRoomWindow | null | undefined, now: number): boolean {
  const opens = ms(w?.opensAt);
  const until = ms(w?.waitingRoomUntil);
  return Number.isFinite(opens) && Number.isFinite(until) && opens <= now && now < until;
}

/** The kept place for this opening, while it is still honoured at `now`; an expired one is forgotten. */
export function storedTicket(organizationId: string, opensAt: string | Date, now: number): WaitingRoomTicket | null {
  const key = ticketKey(organizationId, opensAt);
  try {
    const raw = sessionStorage.getItem(key);
    const t = raw ? (JSON.parse(raw) as Partial<WaitingRoomTicket>) : null;
    if (!t || typeof t.ticket !== 'string' || !isInstant(t.admitAt) || !isInstant(t.expiresAt) || !isInstant(t.opensAt)) return null;
    if (ms(t.expiresAt) <= now) {
      sessionStorage.removeItem(key);
      return null;
    }
    return t as WaitingRoomTicket;
  } catch {
    return null;
  }
}

/** Keeps a place under its own opening instant (the one the server put in the ticket). */
export function keepTicket(organizationId: string, ticket: WaitingRoomTicket): void {
  try {
    sessionStorage.setItem(ticketKey(organizationId, ticket.opensAt), JSON.stringify(ticket));
  } catch {
    /* storage off: the place then lasts only as long as this page */
  }
}

/** Forgets the kept place of an opening (the server no longer honours it). */
export function dropTicket(organizationId: string, opensAt: string | Date): void {
  try {
    sessionStorage.removeItem(ticketKey(organizationId, opensAt));
  } catch {
    /* nothing kept */
  }
}

/** The server's reply to taking a place, with its instants as ISO strings (the API client revives them into Dates). */
export function toTicket(reply: unknown): WaitingRoomTicket | null {
  if (!isRecord(reply) || typeof reply.ticket !== 'string' || typeof reply.position !== 'number') return null;
  if (!isInstant(reply.opensAt) || !isInstant(reply.admitAt) || !isInstant(reply.expiresAt)) return null;
  return {
    ticket: reply.ticket,
    position: reply.position,
    opensAt: iso(reply.opensAt),
    admitAt: iso(reply.admitAt),
    expiresAt: iso(reply.expiresAt),
    ...(isRate(reply.admitPerMinute) ? { admitPerMinute: reply.admitPerMinute } : {}),
  };
}

const isRate = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** `POST /api/public/organizations/{organization}/waiting-room/tickets`: a place in this class's opening's line. */
export async function takeTicket(organizationId: string, classId: string): Promise<WaitingRoomTicket> {
  const reply = await api.post<unknown>(
    `/api/public/organizations/${encodeURIComponent(organizationId)}/waiting-room/tickets`,
    { classId },
    { public: true },
  );
  const ticket = toTicket(reply);
  if (!ticket) throw new Error('We could not take your place in line. Please try again.');
  return ticket;
}

/**
 * The server's waiting-room answers (409): a registration without a valid place (`WAITING_ROOM`: none, expired or not
 * this opening's), one made before its turn (`WAITING_ROOM_NOT_YET`, with when it comes), and, from the ticket route,
 * an opening that has no line now (`NO_WAITING_ROOM`).
 */
export type WaitingRoomRefusal =
  | { code: typeof WaitingRoomError.WaitingRoom; waitingRoomUntil: string | null }
  | { code: typeof WaitingRoomError.NotYet; admitAt: string }
  | { code: typeof WaitingRoomError.NoWaitingRoom };

/** The waiting-room refusal carried by a failed request, or null when it is something else. */
export function waitingRoomRefusal(error: unknown): WaitingRoomRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !isRecord(error.data)) return null;
  // The failure envelope carries the fields at its top level; read `data` too, as the window's reader does.
  const inner = isRecord(error.data.data) ? error.data.data : {};
  const pick = (k: string) => (error.data as Record<string, unknown>)[k] ?? inner[k];
  const code = pick('code');
  if (code === WaitingRoomError.WaitingRoom) {
    const until = pick('waitingRoomUntil');
    return { code, waitingRoomUntil: isInstant(until) ? iso(until) : null };
  }
  if (code === WaitingRoomError.NotYet && isInstant(pick('admitAt'))) return { code, admitAt: iso(pick('admitAt')) };
  if (code === WaitingRoomError.NoWaitingRoom) return { code };
  return null;
}

/** The wait before one's turn as 'm:ss' (minutes keep counting past an hour: '75:00'); never negative. */
export function waitText(leftMs: number): string {
  const s = Math.max(0, Math.ceil(leftMs / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * How many people are still ahead of a place whose turn is `leftMs` away: the line lets one person in every
 * 60000 / admitPerMinute ms, so it is the turns between now and this one (0 once the turn has come). Null without a
 * rate (an older server's reply): the page then shows no count rather than a guess.
 */
export function peopleAhead(leftMs: number, admitPerMinute: number | null | undefined): number | null {
  if (!isRate(admitPerMinute) || !Number.isFinite(leftMs)) return null;
  // leftMs * rate / 60000 is leftMs / (60000 / rate) without the step's rounding (60000 / 1800 is not a whole number).
  return Math.max(0, Math.ceil((leftMs * admitPerMinute) / 60_000));
}

/** 'People ahead of you: 1,234' (the language's thousands separator, as its dates and prices). */
export function peopleAheadText(n: number): string {
  const count = new Intl.NumberFormat(currentIntlLocale(), { maximumFractionDigits: 0 }).format(n);
  return i18n._({ id: 'waiting.ahead', values: { count } });
}
