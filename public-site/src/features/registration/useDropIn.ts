import { useSearch } from 'wouter';
import type { ClassItem } from '@/lib/models';
import { queryParam } from '@/lib/routing';
import { useAsync } from '@/lib/useAsync';
export { DropInUnavailable } from './DropInUnavailable';
import { asDropIn, getDropInSessions, type DropInSession } from '@/lib/dropIns';

/**
 * The registration page's drop-in (`?session=` names one session of the class): the session as the server lists it,
 * and the class as the drop-in buys it. `unavailable`: the session named is not on sale (any more).
 */
export function useDropIn(
  classId: string,
  queryOrg: string | null,
  item: ClassItem | null,
): {
  sessionId: string | undefined;
  /** What a request names the session by: `{ classSessionId }` for a drop-in, nothing for the whole class. */
  key: { classSessionId?: string };
  session: DropInSession | null;
  item: ClassItem | null;
  loading: boolean;
  unavailable: boolean;
} {
  const sessionId = queryParam(useSearch(), 'session') ?? undefined;
  const organizationId = queryOrg ?? item?.organizationId ?? null;
  const state = useAsync(
    () => getDropInSessions(classId, organizationId ?? ''),
    [classId, organizationId, sessionId],
    !!sessionId && !!organizationId,
  );
  if (!sessionId) return { sessionId, key: {}, session: null, item, loading: false, unavailable: false };
  const session = state.data?.find((s) => s.id === sessionId) ?? null;
  // Until the list has come (or failed), the page waits: it never shows the whole class's price for a drop-in.
  const loading = !state.data && !state.error;
  return {
    sessionId,
    key: { classSessionId: sessionId },
    session,
    item: item && session ? asDropIn(item, session) : item,
    loading,
    unavailable: !loading && !session,
  };
}
