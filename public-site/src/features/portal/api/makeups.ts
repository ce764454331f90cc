/** The portal's make-up calls (issue 41 §3): the tokens and upcoming sessions, "I can't make it", "Book a make-up". */
import type { components } from '@shared/api/schema';
import { api } from '@/lib/apiClient';
import type { PortalSession } from './portal';

type S = components['schemas'];
export type PortalMakeups = S['PortalMakeupsDto'];
export type MakeupToken = S['MakeupTokenDto'];
export type MakeupSession = S['MakeupSessionDto'];

const auth = (s: PortalSession) => ({ bearer: s.token });
export const getMakeups = (s: PortalSession) => api.get<PortalMakeups>('/api/portal/makeups', auth(s));
export const reportAbsence = (s: PortalSession, classSessionId: string) =>
  api.post<S['ReportedAbsenceDto']>('/api/portal/makeups/absences', { classSessionId }, auth(s));
export const makeupSessions = (s: PortalSession, tokenId: string) =>
  api.get<MakeupSession[]>(`/api/portal/makeups/tokens/${encodeURIComponent(tokenId)}/sessions`, auth(s));
export const bookMakeup = (s: PortalSession, entitlementId: string, classSessionId: string) =>
  api.post<S['BookedMakeupDto']>('/api/portal/makeups/bookings', { entitlementId, classSessionId }, { ...auth(s), movesSeats: true });
