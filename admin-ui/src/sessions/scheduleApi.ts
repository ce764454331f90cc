/** The session move and cancel and the Conflicts list: beside the data provider (already at its size limit), same client and envelope. */
import { API_URL, httpClient } from '@/providers/httpClient';
import type { ClassSession, ConflictPair, SessionUpdateInput } from '@/providers/types';
import type { components } from '@shared/api/schema';

export async function updateSession(sessionId: string, body: SessionUpdateInput): Promise<ClassSession> {
  const url = `${API_URL}/class-sessions/${encodeURIComponent(sessionId)}`;
  return (await httpClient<ClassSession>(url, { method: 'PUT', body: JSON.stringify(body) })).json;
}

export async function getScheduleConflicts(): Promise<ConflictPair[]> {
  return (await httpClient<ConflictPair[]>(`${API_URL}/schedule-conflicts`)).json;
}

/** What the students of a cancelled session get; left out, the organization's setting decides. */
export type SessionRemedy = 'nothing' | 'makeup_token' | 'credit' | 'refund';
export type CancelledSession = components['schemas']['CancelledSessionResponseDto'];

/** POST /class-sessions/{id}/cancel: the reason, whether people are told, and the remedy (or the setting's). */
export async function cancelSession(sessionId: string, reason: string, notify: boolean, remedy?: SessionRemedy): Promise<CancelledSession> {
  const url = `${API_URL}/class-sessions/${encodeURIComponent(sessionId)}/cancel`;
  const body = { reason, notify, ...(remedy ? { remedy } : {}) };
  return (await httpClient<CancelledSession>(url, { method: 'POST', body: JSON.stringify(body) })).json;
}
