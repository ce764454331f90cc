import { registerDecorator, type ValidationOptions } from 'class-validator';

/** The server's own zone: the default of an organization that has not chosen one. */
export const SERVER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let zones: Set<string> | null = null;

/**
 * Whether `name` is an IANA zone name known to this runtime's time-zone database (Intl.supportedValuesOf lists
 * canonical names; links such as `US/Central` are accepted too when Intl can format with them).
 */
export function isIanaTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  zones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (zones.has(name) || name === 'UTC') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/');
  } catch {
    return false;
  }
}

export function IsIanaTimeZone(options?: ValidationOptions) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isIanaTimeZone',
      target: object.constructor,
      propertyName,
      options: { message: `${propertyName} must be an IANA time zone such as America/Chicago`, ...options },
      validator: { validate: (v: unknown) => isIanaTimeZone(v) },
    });
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** Every calendar date from `start` to `end` inclusive (YYYY-MM-DD; plain calendar arithmetic, no zone). */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`).getTime();
  while (d.getTime() <= last) {
    out.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
