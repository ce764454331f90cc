// What the session screen's parts share: the size of a touch target and how a tap's progress through the write queue reads.
import type { KeyStatus } from '@/teacher-session/writeQueue';

/** Every control at least 48 px tall and wide: the screen is used on a phone, in a hurry, during class. */
export const TOUCH = { minHeight: 48, minWidth: 48 };

/** A time of day as the teacher reads it ("3:05 PM"). */
export const clockTime = (at: number) => new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/** What a key's latest tap says, when it is still on its way or was saved (a refused tap falls back to the server's). */
export function wanted<T>(status: KeyStatus | undefined): T | undefined {
  return status && status.state !== 'failed' ? (status.payload as T) : undefined;
}

/** The status line of a row from its keys' taps: on its way (kept on the device when offline), refused, or saved when. */
export function rowState(statuses: (KeyStatus | undefined)[], offline: boolean): { text: string; tone: 'muted' | 'ok' | 'error' } | null {
  const present = statuses.filter((s): s is KeyStatus => Boolean(s));
  if (!present.length) return null;
  if (present.some((s) => s.state === 'pending' || s.state === 'sending'))
    return { text: offline ? 'Kept on this device: will be sent when online' : 'Saving…', tone: 'muted' };
  const failed = present.find((s) => s.state === 'failed');
  if (failed) return { text: `Not saved: ${failed.error ?? 'refused'}`, tone: 'error' };
  const last = Math.max(...present.map((s) => s.at));
  return { text: `Saved ${clockTime(last)}`, tone: 'ok' };
}
