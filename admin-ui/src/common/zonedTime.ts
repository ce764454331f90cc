import { useSettings } from '@/settings/useSettings';

/**
 * An <input type="datetime-local"> holds a wall-clock time with no zone ('2027-06-01T06:00'). The browser reads such a
 * value in its own zone, but an organization's opening times belong to the organization's zone: an admin travelling,
 * or a head office in another zone, must still set 'registration opens at 6:00 AM' for the families at home. These
 * helpers convert between that wall-clock text and the stored instant in a named IANA zone, with the platform's Intl
 * (no date library: the conversion is a few lines and Intl carries the zone rules).
 */

const pad = (n: number) => String(n).padStart(2, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `at` in the zone, as the milliseconds of the same wall clock read as UTC. */
function wallClockAsUtc(at: number, timeZone: string): number {
  const p = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(at))
      .map((x) => [x.type, x.value]),
  );
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour) % 24, Number(p.minute), Number(p.second));
}

/** How far the zone's clock is ahead of UTC at that instant, in ms (New York in winter: -5 h). */
const offsetAt = (at: number, timeZone: string) => wallClockAsUtc(at, timeZone) - Math.floor(at / 1000) * 1000;

/** A stored instant as the value of a datetime-local input showing the zone's wall clock; '' for none. */
export function toZonedInput(iso: string | Date | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const t = (iso instanceof Date ? iso : new Date(iso)).getTime();
  if (Number.isNaN(t)) return '';
  const d = new Date(wallClockAsUtc(t, timeZone));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value read as a wall-clock time in the zone, as an ISO instant; null for '' or an unreadable value.
 * Around a daylight-saving change it answers as browsers do for their own zone: a time the spring-forward skips
 * (2:30 AM) moves forward by the gap (3:30 AM), and a time the fall-back repeats (1:30 AM) is its first occurrence.
 */
export function fromZonedInput(value: string, timeZone: string): string | null {
  const m = INPUT.exec(value.trim());
  if (!m) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  if (Number.isNaN(wall)) return null;
  // The offsets just before and after the wall time (read as UTC) cover any change of offset near it.
  const before = offsetAt(wall - 86_400_000, timeZone);
  const after = offsetAt(wall + 86_400_000, timeZone);
  const candidates = [wall - before, wall - after].filter((t) => wallClockAsUtc(t, timeZone) === wall);
  // Both match: the repeated hour of a fall-back, take the earlier. None match: a skipped time, shift by the gap.
  const at = candidates.length ? Math.min(...candidates) : wall - before;
  return new Date(at).toISOString();
}

/**
 * 'Jun 1, 2027, 6:00 AM' in the zone, for lists of times the zone's inputs set; '—' for none. `named`: followed by the
 * zone's short name ('Jun 1, 2027, 6:00 AM MDT'), so a list read away from the organization says which clock it is.
 */
export function formatInZone(iso: string | null | undefined, timeZone: string, named = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const text = d.toLocaleString('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return named ? `${text} ${zoneAbbreviation(d, timeZone)}` : text;
}

/**
 * The browser's own zone: only the fallback while the organization's settings have not loaded (or failed to), so a form
 * opened in that moment still shows and saves in one zone, and its inputs name it.
 */
export const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today's date in the zone, as a date input's value ('2027-01-05'). */
export const todayInZone = (timeZone: string, now: Date = new Date()) => toZonedInput(now, timeZone).slice(0, 10);

/** The zone's short name at that instant, as lists print after a time: 'MST' in January and 'MDT' in July for Denver. */
export function zoneAbbreviation(iso: string | Date, timeZone: string): string {
  const d = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName')?.value ??
    ''
  );
}

/** The organization's time zone: its own setting, else the server's zone the settings name (undefined while loading). */
export function useOrganizationTimeZone(): string | undefined {
  const settings = useSettings();
  return settings.data ? (settings.data.timeZone ?? settings.data.defaultTimeZone) : undefined;
}

/** The helper text under a zoned input: which zone its times are in. */
export const zoneHint = (timeZone: string | undefined, hint?: string) =>
  [hint, timeZone ? `Times in ${timeZone.replace(/_/g, ' ')}` : null].filter(Boolean).join(' · ');
