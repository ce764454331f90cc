/**
 * Formatting of class data (spec 1 §9): schedule text, dates, 12-hour times, durations and prices.
 * Invalid or missing input gives "TBA", "Time TBA" or "Schedule TBA".
 */
import { classSessionDates } from '@shared/class-sessions';
import { currentIntlLocale, currentLocale, i18n } from '@/lib/i18n/i18n';

/** A catalog text outside a component: the current language's (components re-render on a switch through useT). */
const say = (id: string, values?: Record<string, unknown>) => i18n._({ id, values });

export type ScheduleKind = 'Consecutive' | 'Weekly';
export type DateInput = Date | string | number | null | undefined;

export function toDate(input: DateInput): Date | null {
  if (input === null || input === undefined || input === '') return null;
  const date = input instanceof Date ? input : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function scheduleText(days: number | null | undefined, schedule: ScheduleKind | string | null | undefined): string {
  if (!days || !Number.isFinite(days) || days < 1) return say('format.scheduleTba');
  if (days === 1) return say('format.singleSession');
  if (schedule === 'Weekly') return say('format.weekly', { days });
  if (schedule === 'Consecutive') return say('format.consecutive', { days });
  return say('format.scheduleTba');
}

/** Long weekday, month, day, year in the language's way, e.g. "Saturday, December 5, 2026", "sábado, 5 de diciembre de 2026". */
export function formatLongDate(input: DateInput): string {
  const date = toDate(input);
  if (!date) return say('format.tba');
  return date.toLocaleDateString(currentIntlLocale(), { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** English: 12-hour time, e.g. "9:30 AM"; other languages their own clock ("9:30 a. m.", "09 h 30"). */
export function formatTime(input: DateInput): string {
  const date = toDate(input);
  if (!date) return say('format.timeTba');
  return date.toLocaleTimeString(currentIntlLocale(), {
    hour: 'numeric',
    minute: '2-digit',
    hour12: currentLocale() === 'en' ? true : undefined,
  });
}

/** "9:00 AM - 10:30 AM": end time computed from the duration in minutes. */
export function formatTimeRange(start: DateInput, durationMinutes: number | null | undefined): string {
  const date = toDate(start);
  if (!date) return say('format.timeTba');
  if (!durationMinutes || durationMinutes <= 0) return formatTime(date);
  const end = new Date(date.getTime() + durationMinutes * 60_000);
  return `${formatTime(date)} - ${formatTime(end)}`;
}

/** "45 minutes", "1 hour", "2 hours", "1 hour 30 minutes". */
export function formatDuration(minutes: number | null | undefined): string {
  if (!minutes || !Number.isFinite(minutes) || minutes <= 0) return say('format.tba');
  if (minutes < 60) return say('format.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? say('format.hoursMinutes', { hours, minutes: rest }) : say('format.hours', { hours });
}

/** USD in the language's way; whole amounts without cents ("$49"), otherwise two decimals ("$45.50", "45,50 $ US"). */
export function formatPrice(amount: number | null | undefined): string {
  const value = typeof amount === 'number' && Number.isFinite(amount) ? amount : 0;
  const whole = Number.isInteger(value);
  return value.toLocaleString(currentIntlLocale(), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

/** A discount exists only when 0 < discountPrice < price. */
export function hasDiscount(price: number | null | undefined, discountPrice: number | null | undefined): boolean {
  return typeof price === 'number' && typeof discountPrice === 'number' && discountPrice > 0 && discountPrice < price;
}

/** The amount a student pays (spec 2 §5). */
export function effectivePrice(price: number | null | undefined, discountPrice: number | null | undefined): number {
  if (hasDiscount(price, discountPrice)) return discountPrice as number;
  return typeof price === 'number' ? price : 0;
}

/**
 * Session dates of a class: the server's `sessions` (every class reply carries them), sorted; for a reply
 * without them, the one session rule both front ends share (shared/class-sessions.ts, the server's rule).
 */
export function sessionDates(
  startDate: DateInput,
  days: number | null | undefined,
  schedule: ScheduleKind | string | null | undefined,
  sessions?: DateInput[] | null,
): Date[] {
  const given = (sessions ?? []).map(toDate).filter((d): d is Date => d !== null);
  if (given.length > 0) return given.sort((a, b) => a.getTime() - b.getTime());
  return classSessionDates(toDate(startDate), days, schedule);
}

/** "YYYY-MM-DD" in local time: the key used to group classes by calendar day. */
export function dayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether a class status lets students register (spec 1 §4). */
export function isOpenStatus(status: string | null | undefined): boolean {
  return status === 'Open' || status === 'Scheduled';
}

export function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'class'
  );
}
