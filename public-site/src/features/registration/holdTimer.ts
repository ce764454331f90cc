/** "m:ss" for the time left on a seat hold; never negative. */
export function formatHoldRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The hold's end as epoch milliseconds (the API revives date-times into Date; a string is accepted too). */
export function holdEndsAt(holdExpiresAt: Date | string | number): number {
  const at = holdExpiresAt instanceof Date ? holdExpiresAt.getTime() : new Date(holdExpiresAt).getTime();
  return Number.isFinite(at) ? at : Date.now();
}
