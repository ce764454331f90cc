/** The session move and the Conflicts list: beside the data provider (already at its size limit), same client and envelope. */
import { API_URL, httpClient } from '@/providers/httpClient';
import type { ClassSession, ConflictPair, SessionUpdateInput } from '@/providers/types';

export async function updateSession(sessionId: string, body: SessionUpdateInput): Promise<ClassSession> {
  const url = `${API_URL}/class-sessions/${encodeURIComponent(sessionId)}`;
  return (await httpClient<ClassSession>(url, { method: 'PUT', body: JSON.stringify(body) })).json;
}

export async function getScheduleConflicts(): Promise<ConflictPair[]> {
  return (await httpClient<ConflictPair[]>(`${API_URL}/schedule-conflicts`)).json;
}
