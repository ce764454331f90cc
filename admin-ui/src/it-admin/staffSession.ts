import { readStored } from '@/providers/session';

/**
 * The platform-staff session: its own storage keys, never the organization session's
 * (`classlane.token` / `classlane.user`). Signing in or out here leaves an organization user's session alone,
 * and the organization app never sends the staff token.
 */
export const STAFF_TOKEN_KEY = 'classlane.staff.token';
export const STAFF_USER_KEY = 'classlane.staff.username';
/** Fired when the API refuses the staff token (expired after one hour, or signed out elsewhere). */
export const STAFF_EXPIRED_EVENT = 'classlane:staff-token-expired';

export function getStaffToken(): string | null {
  return readStored(STAFF_TOKEN_KEY);
}

export function getStaffUsername(): string | null {
  return readStored(STAFF_USER_KEY);
}

export function storeStaffSession(token: string, username: string): void {
  localStorage.setItem(STAFF_TOKEN_KEY, token);
  localStorage.setItem(STAFF_USER_KEY, username);
}

export function clearStaffSession(): void {
  localStorage.removeItem(STAFF_TOKEN_KEY);
  localStorage.removeItem(STAFF_USER_KEY);
}
