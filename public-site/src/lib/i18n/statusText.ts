import type { Translate } from './useT';

const KNOWN = new Set(['Open', 'Scheduled', 'Closed', 'Cancelled', 'Archived']);

/** A class status as the server names it ("Open", "Cancelled"…), in the reader's language; an unknown one as is. */
export function statusText(t: Translate, status: string): string {
  return KNOWN.has(status) ? t(`status.${status}`) : status;
}
