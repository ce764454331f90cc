// Where a class's sessions fall: its schedule laid out on the organization's calendar, closed dates skipped.
import { localDate } from '../../common/time-zone';
import type { Schedule } from './class.entity';

/** A planned session: its place in the class and its start and end. */
export interface PlannedSession {
  sessionIndex: number;
  startsAt: Date;
  endsAt: Date;
}

/** How far past the class's own number of sessions the plan may look for open days (a year of holidays at most). */
const MAX_SKIPPED = 366;

const PARTS = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = PARTS.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    PARTS.set(timeZone, f);
  }
  return f;
}

/** The wall clock of an instant in a zone, read as if it were UTC (milliseconds). */
function wallClock(ms: number, timeZone: string): number {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(ms))
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, new Date(ms).getUTCMilliseconds());
}

/**
 * The instant at which the zone's clocks show `wall` (a wall-clock time written as UTC milliseconds). The offset is
 * read twice because it may differ on either side of a daylight-saving change; a time that does not exist (the hour
 * skipped in spring) lands an hour later, as a clock set to it would.
 */
export function zonedInstant(wall: number, timeZone: string): Date {
  const first = wall - (wallClock(wall, timeZone) - wall);
  const second = wall - (wallClock(first, timeZone) - first);
  return new Date(second);
}

/**
 * The class's sessions: Consecutive one calendar day apart, Weekly seven, each at the start's local time in the
 * organization's zone (so a weekly 6 pm class stays at 6 pm across a daylight-saving change). A day on the
 * organization's closed list is skipped and one more session is added at the end, so the class keeps its count.
 */
export function planSessions(
  start: Date,
  days: number,
  schedule: Schedule,
  durationMinutes: number,
  timeZone: string,
  closed: ReadonlySet<string> = new Set(),
): PlannedSession[] {
  const count = Math.max(1, days);
  const step = schedule === 'Weekly' ? 7 : 1;
  const wallStart = wallClock(start.getTime(), timeZone);
  const out: PlannedSession[] = [];
  for (let k = 0; out.length < count && k < count + MAX_SKIPPED; k++) {
    const startsAt = zonedInstant(wallStart + k * step * 86_400_000, timeZone);
    if (closed.has(localDate(startsAt, timeZone))) continue;
    out.push({ sessionIndex: out.length, startsAt, endsAt: new Date(startsAt.getTime() + Math.max(1, durationMinutes) * 60_000) });
  }
  return out;
}
