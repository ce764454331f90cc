/** Formatting helpers (spec 1 §9: USD en-US, long dates, 12-hour times, "TBA" for missing input). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatMoney = (n: number | null | undefined) =>
  n === null || n === undefined || Number.isNaN(Number(n)) ? '—' : usd.format(Number(n));

const valid = (d: Date) => !Number.isNaN(d.getTime());

/*
 * `timeZone` (optional): the zone to show the instant in, the organization's for the times an admin enters (a class's
 * start, a scheduled message); without it the browser's. A time shown in a zone carries its short name ('9:00 AM MST').
 */

export function formatDate(iso: string | null | undefined, style: 'long' | 'short' = 'long', timeZone?: string): string {
  if (!iso) return 'TBA';
  const d = new Date(iso);
  if (!valid(d)) return 'TBA';
  return style === 'long'
    ? d.toLocaleDateString('en-US', { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })
    : d.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
}

function formatTime(d: Date, timeZone?: string, named = false): string {
  return d.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit', ...(named ? { timeZoneName: 'short' } : {}) });
}

export function formatTimeRange(iso: string | null | undefined, durationMinutes: number | null | undefined, timeZone?: string): string {
  if (!iso) return 'Time TBA';
  const start = new Date(iso);
  if (!valid(start)) return 'Time TBA';
  const end = new Date(start.getTime() + (Number(durationMinutes) || 0) * 60_000);
  return `${formatTime(start, timeZone)} - ${formatTime(end, timeZone, Boolean(timeZone))}`;
}

export function formatDateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return 'TBA';
  const d = new Date(iso);
  if (!valid(d)) return 'TBA';
  return d.toLocaleString('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZoneName: 'short' } : {}),
  });
}

export function formatDuration(minutes: number | null | undefined): string {
  const m = Number(minutes) || 0;
  if (m < 60) return `${m} minutes`;
  const h = Math.floor(m / 60);
  const r = m % 60;
  return r ? `${h} h ${r} min` : `${h} hour${h > 1 ? 's' : ''}`;
}

export function scheduleText(days: number | null | undefined, schedule: string | null | undefined): string {
  const n = Number(days) || 1;
  if (n <= 1) return 'Single session';
  return schedule === 'Weekly' ? `${n} weeks (weekly)` : `${n} consecutive days`;
}

/** Signed change with one decimal, e.g. "+5.2%" (spec 3 §9). */
export function formatChange(n: number | null | undefined): string | null {
  if (n === null || n === undefined || Number.isNaN(Number(n))) return null;
  const v = Number(n);
  return `${v > 0 ? '+' : ''}${v.toFixed(1)}%`;
}

export const fullName = (p: { firstName?: string | null; lastName?: string | null }) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();
