/**
 * Which seat a seat-taking registration holds: a whole-class enrollment holds one of the class's seats (its key is the
 * class id), a drop-in one seat in its session only (`session:<session id>`). The paths that free seats (cancel,
 * expiry, deletion) pass these keys to `Seats.release`, which gives each back to the counter it came from: a drop-in
 * never frees a class seat it did not take.
 */
export interface SeatRow {
  class_id: string;
  class_session_id: string | null;
}

const SESSION = 'session:';

export const seatKeyOf = (r: SeatRow): string => (r.class_session_id ? `${SESSION}${r.class_session_id}` : r.class_id);

/** The keys split by counter: class ids (one per seat) and session ids (one per drop-in seat). */
export function splitSeatKeys(keys: string[]): { classIds: string[]; sessionIds: string[] } {
  const classIds: string[] = [];
  const sessionIds: string[] = [];
  for (const k of keys) {
    if (k.startsWith(SESSION)) sessionIds.push(k.slice(SESSION.length));
    else classIds.push(k);
  }
  return { classIds, sessionIds };
}
