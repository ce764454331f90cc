import type { Translate } from '@/lib/i18n/useT';
/** "m:ss" for the time left on a seat hold, "h:mm:ss" from an hour up (a waitlist offer's hold); never negative. */
export function formatHoldRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor(total / 60) % (hours > 0 ? 60 : Infinity);
  const seconds = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** The time left as a screen reader hears it: minutes, and whole hours once there are two or more. */
export function spokenHoldRemaining(t: Translate, ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return t('hold.lessThanMinute');
  if (minutes < 120) return t('hold.minutes', { count: minutes });
  return t('hold.aboutHours', { count: Math.round(minutes / 60) });
}

/** The hold's end as epoch milliseconds (the API revives date-times into Date; a string is accepted too). */
export function holdEndsAt(holdExpiresAt: Date | string | number): number {
  const at = holdExpiresAt instanceof Date ? holdExpiresAt.getTime() : new Date(holdExpiresAt).getTime();
  return Number.isFinite(at) ? at : Date.now();
}
