/**
 * Token and user storage shared with the public site (same origin).
 * Keys are part of the API contract (docs/api.md): `classlane.token` and `classlane.user`.
 */
export type Role = 'admin' | 'teacher';

export interface User {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  phone?: string | null;
  organizationId: string | null;
}

export const TOKEN_KEY = 'classlane.token';
export const USER_KEY = 'classlane.user';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: User): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function storeUser(user: User): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

/** Where each role lands after signing in (spec 3 §2.1). */
export function homeFor(user: Pick<User, 'role'> | null): string {
  if (!user) return '/login';
  return user.role === 'admin' ? '/admin' : '/teacher';
}
