/** The room week calendar's read: same client and envelope as the data provider. */
import { API_URL, httpClient } from '@/providers/httpClient';
import type { RoomCalendar } from '@/providers/types';

export type CalendarPeriod = 'week' | 'month';
export type CalendarBy = 'room' | 'instructor';

export async function getRoomCalendar(
  week: string | null,
  locationId: string,
  period: CalendarPeriod = 'week',
  by: CalendarBy = 'room',
): Promise<RoomCalendar> {
  const query = new URLSearchParams();
  if (week) query.set('week', week);
  if (locationId) query.set('locationId', locationId);
  if (period !== 'week') query.set('period', period);
  if (by !== 'room') query.set('by', by);
  const qs = query.toString();
  return (await httpClient<RoomCalendar>(`${API_URL}/room-calendar${qs ? `?${qs}` : ''}`)).json;
}

/** `date` plus `days` calendar days (YYYY-MM-DD, no zone: the server answers the days in the organization's). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 'Mon, Mar 3' for a calendar date. */
export const dayLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });

/** '6:30 PM' in the zone. */
export const timeLabel = (iso: string, timeZone: string) => new Date(iso).toLocaleTimeString('en-US', { timeZone, timeStyle: 'short' });

/** The calendar date of an instant in the zone. */
export const dateIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** The first day of the month `months` after the month of `date`. */
export function addMonths(date: string, months: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** 'March 2031' for a calendar date. */
export const monthLabel = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

type CalendarSession = RoomCalendar['sessions'][number];

/** A row of the week table or section of the phone list: a room, an instructor, or the sessions with none. */
export interface CalendarRow {
  id: string;
  label: string;
  detail?: string;
}

/** The calendar's rows: its rooms, or its instructors (and 'No instructor' when a session has none). */
export function rowsOf(cal: RoomCalendar): CalendarRow[] {
  if (cal.by === 'instructor') {
    const rows: CalendarRow[] = cal.instructors.map((i) => ({ id: i.id, label: i.name }));
    if (cal.sessions.some((s) => !s.instructorId)) rows.push({ id: '', label: 'No instructor' });
    return rows;
  }
  const many = new Set(cal.rooms.map((r) => r.locationId)).size > 1;
  return cal.rooms.map((r) => ({
    id: r.id,
    label: many ? `${r.locationName} · ${r.name}` : r.name,
    detail: r.capacity !== null ? `Seats ${r.capacity}` : undefined,
  }));
}

/** Which row a session is on. */
export const rowKeyOf = (cal: RoomCalendar, s: CalendarSession) => (cal.by === 'instructor' ? s.instructorId : s.roomId) ?? '';

/** The session's room name (for the month and by-instructor cards), or null. */
export function roomNameOf(cal: RoomCalendar, s: CalendarSession): string | null {
  return cal.rooms.find((r) => r.id === s.roomId)?.name ?? null;
}
