/** The room week calendar's read: same client and envelope as the data provider. */
import { API_URL, httpClient } from '@/providers/httpClient';
import type { RoomCalendar } from '@/providers/types';

export async function getRoomCalendar(week: string | null, locationId: string): Promise<RoomCalendar> {
  const query = new URLSearchParams();
  if (week) query.set('week', week);
  if (locationId) query.set('locationId', locationId);
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
