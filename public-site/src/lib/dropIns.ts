import { api } from '@/lib/apiClient';
import type { ClassItem } from '@/lib/models';
import type { components } from '@shared/api/schema';

/** A session sold as a drop-in (GET /api/classes/{id}/drop-in-sessions), its dates as the API sends them. */
export type DropInSession = Omit<components['schemas']['DropInSessionDto'], 'startsAt' | 'endsAt'> & {
  startsAt: string | Date;
  endsAt: string | Date;
};

/** The sessions of a class on sale as drop-ins now, soonest first (empty when it sells none). */
export function getDropInSessions(classId: string, organizationId: string): Promise<DropInSession[]> {
  return api.get<DropInSession[]>(`/api/classes/${encodeURIComponent(classId)}/drop-in-sessions`, {
    public: true,
    query: { organizationId },
  });
}

/** The class sells single sessions (the server lists which). */
export const sellsDropIns = (item: Pick<ClassItem, 'dropInPrice' | 'dropInCapacity'>) =>
  item.dropInPrice !== null && item.dropInPrice !== undefined && (item.dropInCapacity ?? 0) > 0;

/**
 * The class as a drop-in buys it: one session, at its start, at the drop-in price (the server prices and judges the
 * registration the same way). The registration page's summary and price read this.
 */
export function asDropIn(item: ClassItem, session: DropInSession): ClassItem {
  const start = new Date(session.startsAt);
  const minutes = Math.max(1, Math.round((new Date(session.endsAt).getTime() - start.getTime()) / 60_000));
  return {
    ...item,
    price: item.dropInPrice ?? item.price,
    discountPrice: null,
    startDate: start,
    duration: minutes,
    days: 1,
    sessions: [start],
    cancelledSessions: [],
    waitlistOpen: false,
  };
}

/** The drop-in registration link of a session: the class's registration page naming the session. */
export function dropInPath(classId: string, organizationId: string, sessionId: string): string {
  return `/register/${encodeURIComponent(classId)}?org=${encodeURIComponent(organizationId)}&session=${encodeURIComponent(sessionId)}`;
}
