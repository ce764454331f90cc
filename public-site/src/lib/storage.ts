import type { components } from '@shared/api/schema';

/** localStorage keys shared with the admin app (docs/api.md). */
export const TOKEN_KEY = 'classlane.token';
export const USER_KEY = 'classlane.user';

type UserResponse = components['schemas']['UserResponseDto'];

/**
 * The signed-in user as stored under `classlane.user` (the sign-in reply's user). The admin app stores it too,
 * so the fields this site does not read (phone, createdAt) may be missing.
 */
export type User = Pick<UserResponse, 'id' | 'email' | 'role' | 'firstName' | 'lastName' | 'organizationId'> &
  Partial<Pick<UserResponse, 'phone' | 'createdAt'>>;

function safeGet(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function safeSet(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    /* storage full or disabled: the session simply is not remembered */
  }
}

export function readJson<T>(key: string): T | null {
  const raw = safeGet(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  safeSet(key, value === null || value === undefined ? null : JSON.stringify(value));
}

export function getToken(): string | null {
  return safeGet(TOKEN_KEY);
}

export function getStoredUser(): User | null {
  return readJson<User>(USER_KEY);
}

export function storeSession(user: User, token?: string): void {
  if (token) safeSet(TOKEN_KEY, token);
  writeJson(USER_KEY, user);
}

export function clearSession(): void {
  safeSet(TOKEN_KEY, null);
  safeSet(USER_KEY, null);
}

/** True when the stored user is an admin of the given organization (spec 1 §6: share panel rule). */
export function isAdminOf(organizationId: string | null | undefined): boolean {
  if (!organizationId) return false;
  const user = getStoredUser();
  return !!user && user.role === 'admin' && !!user.organizationId && user.organizationId === organizationId;
}
