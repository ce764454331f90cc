import { localDate } from '../../common/time-zone';

/** YYYY-MM-DD, optionally followed by a time of day and an offset (Z, +01:00, +0100). */
const DAY_OR_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))?)?$/;

function isRealDay(y: number, m: number, d: number): boolean {
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * A report's start or end as the calendar day it names, or null when it is no real date. A date stays itself. An
 * ISO date-time with an offset (the spec's reporting client sends `toISOString()`) is the day that instant falls on
 * in the organization's zone: 2026-11-19T23:30Z is the 19th in New York and the 20th in Berlin. A date-time without
 * an offset is a wall-clock time: its own date.
 */
export function reportDay(value: string, timeZone: string): string | null {
  const m = DAY_OR_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, fraction, z, sign, oh, om] = m;
  if (!isRealDay(Number(y), Number(mo), Number(d))) return null;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59)) return null;
  const day = `${y}-${mo}-${d}`;
  if (!z && !sign) return day;
  if (sign && (Number(oh) > 23 || Number(om) > 59)) return null;
  const instant = new Date(`${day}T${h}:${mi}:${s ?? '00'}${fraction ?? ''}${z ? 'Z' : `${sign}${oh}:${om}`}`);
  return Number.isNaN(instant.getTime()) ? null : localDate(instant, timeZone);
}
