import { sessionDates } from '../classes/class.entity';
import type { PortalEnrollment } from './portal.repository';

/**
 * A registration's sessions as the portal shows them, from the class's session records (issue 39 §1): the ones held
 * (a moved session at its new time) and the cancelled ones, apart; a drop-in's are its one session. `first` is the
 * earliest of all, cancelled or not: the cancel and switch deadlines count from the class's start as registered. A
 * class without records (written around the classes module) falls back to its computed schedule.
 */
export function portalSessions(e: Pick<PortalEnrollment, 'startDate' | 'days' | 'schedule' | 'sessionStarts' | 'cancelledStarts'>) {
  const held = (e.sessionStarts ?? []).map((d) => new Date(d));
  const cancelled = (e.cancelledStarts ?? []).map((d) => new Date(d));
  if (!held.length && !cancelled.length) {
    const computed = sessionDates(new Date(e.startDate), e.days, e.schedule);
    return { held: computed, cancelled, first: computed[0] };
  }
  const first = new Date(Math.min(...[...held, ...cancelled].map((d) => d.getTime())));
  return { held, cancelled, first };
}
