/**
 * The pure rules of a payment plan's schedule: how a total splits into a deposit and instalments, and when each
 * instalment is due. No database and no clock of its own (the caller passes "today"), so the unit spec can pin every
 * rule: cents add up exactly, monthly dates keep their day of the month (or the month's last day when it is shorter),
 * and a due date is the charge hour in the organization's own time zone, whatever daylight saving does.
 */

export const PLAN_INTERVALS = ['weekly', 'biweekly', 'monthly'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export type DepositRule = { kind: 'amount'; cents: number } | { kind: 'percent'; percent: number };

/** Instalments every interval (a count, or as many as fit) until the "paid in full by" date. */
export interface IntervalRule {
  kind: 'interval';
  interval: PlanInterval;
  /** Null: as many as fit between the first due date and `paidInFullBy`. */
  count: number | null;
  /** Local date (YYYY-MM-DD) of the first instalment; null: one interval after the registration date. */
  firstDueDate: string | null;
  /** Local date: no instalment falls after it. */
  paidInFullBy: string;
}

/** Instalments on dates the organization chose; each takes `percent` of the balance, or all share it equally. */
export interface DatesRule {
  kind: 'dates';
  dues: { date: string; percent: number | null }[];
}

export interface ScheduleInput {
  totalCents: number;
  deposit: DepositRule;
  rule: IntervalRule | DatesRule;
  /** The registration's local date in the organization's zone (YYYY-MM-DD). */
  today: string;
  /** Hour of the day (0-23, local) an instalment is charged. */
  chargeHour: number;
  timeZone: string;
}

export interface ScheduledInstalment {
  /** Local calendar date in the organization's zone. */
  dueDate: string;
  /** The instant it is due: the charge hour on that local date. */
  dueAt: Date;
  amountCents: number;
}

export interface Schedule {
  totalCents: number;
  depositCents: number;
  instalments: ScheduledInstalment[];
}

const DAY_MS = 86_400_000;

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const daysInMonth = (year: number, month0: number) => new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/**
 * The date `months` months after `from`, on `anchorDay` of that month, or the month's last day when it has fewer
 * days (an anchor of the 31st gives Feb 28/29, Apr 30, then May 31 again: the anchor is kept, never the clamped day).
 */
export function plusMonths(from: string, months: number, anchorDay: number): string {
  const [y, m] = from.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month0 = total % 12;
  const day = Math.min(anchorDay, daysInMonth(year, month0));
  return `${year}-${String(month0 + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How far a zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The instant a local wall time happens in a zone. The offset is read at the first guess and again at the result, so
 * a date on the other side of a daylight-saving change gets that side's offset (9:00 in Chicago is 15:00 UTC in
 * winter and 14:00 UTC in summer). A wall time that does not exist (inside a spring-forward gap) lands an hour later.
 */
export function zonedInstant(date: string, hour: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  const first = wall - zoneOffsetMs(new Date(wall), timeZone);
  const second = wall - zoneOffsetMs(new Date(first), timeZone);
  return new Date(second);
}

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function localDateOf(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The deposit a rule takes of a total (never more than the total). */
export function depositCents(totalCents: number, rule: DepositRule): number {
  const raw = rule.kind === 'amount' ? rule.cents : Math.round((totalCents * rule.percent) / 100);
  return Math.max(0, Math.min(totalCents, raw));
}

/** `total` split into `n` whole-cent parts: equal, the remainder on the last, so they add up exactly. */
export function splitEvenly(totalCents: number, n: number): number[] {
  const each = Math.floor(totalCents / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? totalCents - each * (n - 1) : each));
}

/** `total` split by percentages (adding up to 100): each rounded down to the cent, the remainder on the last. */
export function splitByPercent(totalCents: number, percents: number[]): number[] {
  const parts = percents.map((p) => Math.floor((totalCents * p) / 100));
  parts[parts.length - 1] = totalCents - parts.slice(0, -1).reduce((a, b) => a + b, 0);
  return parts;
}

/** The due dates of an interval rule from a registration on `today`. */
export function intervalDates(rule: IntervalRule, today: string): string[] {
  const first =
    rule.firstDueDate && rule.firstDueDate > today
      ? rule.firstDueDate
      : rule.interval === 'monthly'
        ? plusMonths(today, 1, Number(today.slice(8, 10)))
        : plusDays(today, rule.interval === 'weekly' ? 7 : 14);
  const anchorDay = Number(first.slice(8, 10));
  const dates: string[] = [];
  const limit = rule.count ?? 1000;
  for (let k = 0; dates.length < limit; k += 1) {
    const date = rule.interval === 'monthly' ? plusMonths(first, k, anchorDay) : plusDays(first, k * (rule.interval === 'weekly' ? 7 : 14));
    if (date > rule.paidInFullBy) break;
    dates.push(date);
  }
  return dates;
}

/**
 * The schedule of a plan for a total: the deposit today, then the instalments (all due after today). Explicit dates
 * already past fold their share into what is paid today. Returns null when nothing would be left to pay later (a
 * deposit of the whole total, or no due date left): the plan is then not offered.
 */
export function planSchedule(input: ScheduleInput): Schedule | null {
  const { totalCents, today, chargeHour, timeZone } = input;
  let deposit = depositCents(totalCents, input.deposit);
  const balance = totalCents - deposit;
  let dues: { date: string; amountCents: number }[];
  if (input.rule.kind === 'interval') {
    const dates = intervalDates(input.rule, today);
    if (!dates.length) return null;
    const amounts = splitEvenly(balance, dates.length);
    dues = dates.map((date, i) => ({ date, amountCents: amounts[i] }));
  } else {
    const sorted = [...input.rule.dues].sort((a, b) => a.date.localeCompare(b.date));
    const amounts = sorted.every((d) => d.percent === null)
      ? splitEvenly(balance, sorted.length)
      : splitByPercent(
          balance,
          sorted.map((d) => d.percent ?? 0),
        );
    dues = sorted.map((d, i) => ({ date: d.date, amountCents: amounts[i] }));
    for (const d of dues.filter((x) => x.date <= today)) deposit += d.amountCents;
    dues = dues.filter((d) => d.date > today);
  }
  dues = dues.filter((d) => d.amountCents > 0);
  if (!dues.length) return null;
  return {
    totalCents,
    depositCents: deposit,
    instalments: dues.map((d) => ({ dueDate: d.date, dueAt: zonedInstant(d.date, chargeHour, timeZone), amountCents: d.amountCents })),
  };
}
