/**
 * Token and user storage shared with the public site (same origin).
 * Keys are part of the API contract (docs/api.md): `classlane.token` and `classlane.user`.
 */
import type { components } from '@shared/api/schema';

type UserResponse = components['schemas']['UserResponseDto'];

export type Role = UserResponse['role'];

/**
 * The signed-in user as stored under `classlane.user` (the sign-in reply's `UserResponseDto`). The public site
 * stores it too, so the fields this app does not need (phone, createdAt) may be missing.
 */
export type User = Pick<UserResponse, 'id' | 'email' | 'role' | 'firstName' | 'lastName' | 'organizationId'> &
  Partial<Pick<UserResponse, 'phone' | 'createdAt' | 'language'>>;

export const TOKEN_KEY = 'classlane.token';
export const USER_KEY = 'classlane.user';
/** The public site caches each organization's branding for 24 h under `classlane.branding.<organizationId>`. */
const BRANDING_CACHE_PREFIX = 'classlane.branding.';

/** A stored value, or null where there is none or the browser refuses storage (private mode, blocked cookies). */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return readStored(TOKEN_KEY);
}

export function getStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

/**
 * Drop every cached public branding (spec 1 §4: on logout, on user change, and after the admin saves
 * branding), so the public pages of this browser show the organization's current colours and name.
 */
export function clearBrandingCache(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i -= 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(BRANDING_CACHE_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    /* storage unavailable */
  }
}

export function storeSession(token: string, user: User): void {
  // A new sign-in is a user change: another organization's cached branding must not carry over.
  clearBrandingCache();
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Sign-out, a 401 and an expired token all end the session: user, token and the branding cache go. */
export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
  clearBrandingCache();
}

/** Where each role lands after signing in (spec 3 §2.1). */
export function homeFor(user: Pick<User, 'role'> | null): string {
  if (!user) return '/login';
  return user.role === 'admin' ? '/admin' : '/teacher';
}
