/**
 * The class-session rule (spec 3 §4, decision 12), one function for both front ends: a class meets `days` times
 * from its start, one day apart when Consecutive and seven days apart when Weekly, at the start's time.
 * Days are added in UTC (whole 24-hour steps), exactly as the server's sessionDates() in
 * backend/src/modules/classes/class.entity.ts builds the `sessions` of every class reply and the attendance
 * sessions; backend/src/modules/classes/class-sessions.spec.ts fails when the two disagree.
 * A saved class is shown with the server's `sessions`; this function is for input that is not saved yet (the
 * admin form's preview) and for replies that carry no sessions.
 */
export type SessionSchedule = 'Consecutive' | 'Weekly';

/** Upper bound on the sessions computed, so a typo in `days` cannot build a huge list. */
const MAX_SESSIONS = 366;

export function classSessionDates(
  start: Date | string | number | null | undefined,
  days: number | string | null | undefined,
  schedule: SessionSchedule | string | null | undefined,
): Date[] {
  if (start === null || start === undefined || start === '') return [];
  const first = start instanceof Date ? new Date(start.getTime()) : new Date(start);
  if (Number.isNaN(first.getTime())) return [];
  const n = Math.floor(Number(days));
  const count = Number.isFinite(n) && n > 0 ? Math.min(n, MAX_SESSIONS) : 1;
  const step = schedule === 'Weekly' ? 7 : 1;
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(first.getTime());
    date.setUTCDate(first.getUTCDate() + i * step);
    return date;
  });
}
