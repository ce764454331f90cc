/**
 * Auth provider over /api/auth/signin, /api/auth/me and /api/auth/signout.
 * The token is shared with the public site through localStorage (`classlane.token`, `classlane.user`).
 * A 401 anywhere clears the session and sends the browser to /login (outside the /admin basename,
 * hence an absolute URL, which react-admin follows with a full navigation).
 */
import type { AuthProvider } from 'react-admin';
import { API_URL, httpClient } from '@/providers/httpClient';
import { canAccess } from '@/providers/canAccess';
import { clearSession, getStoredUser, getToken, storeSession, storeUser, type User } from '@/providers/session';

const LOGIN_PATH = '/login';
const loginUrl = () => `${window.location.origin}${LOGIN_PATH}`;

/** Verify the stored token with the server; clears the session on 401. */
export async function fetchMe(apiUrl = API_URL): Promise<User | null> {
  if (!getToken()) return null;
  try {
    const { json } = await httpClient<User>(`${apiUrl}/auth/me`);
    storeUser(json);
    return json;
  } catch (e) {
    const status = (e as { status?: number }).status;
    if (status === 401 || status === 403) {
      clearSession();
      return null;
    }
    // Server unreachable: keep the stored user so a short outage does not sign people out.
    return getStoredUser();
  }
}

export async function signIn(email: string, password: string, apiUrl = API_URL): Promise<User> {
  const { json } = await httpClient<{ user: User; token: string }>(`${apiUrl}/auth/signin`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    anonymous: true,
  });
  if (!json?.user || !json?.token) throw new Error('Login failed - no user data received');
  storeSession(json.token, json.user);
  return json.user;
}

async function signOut(apiUrl = API_URL): Promise<void> {
  if (getToken()) {
    try {
      await httpClient(`${apiUrl}/auth/signout`, { method: 'POST' });
    } catch {
      // Signing out always clears local state, even when the server call fails (spec 1 §4).
    }
  }
  clearSession();
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    await signIn(email, password);
  },
  async logout() {
    await signOut();
    return loginUrl();
  },
  async checkAuth() {
    if (!getToken()) throw { redirectTo: loginUrl(), message: false };
  },
  async checkError(error: { status?: number }) {
    // Only 401 ends the session: 403 also means "plan limit reached" and must stay on screen.
    if (error?.status === 401) {
      clearSession();
      throw { redirectTo: loginUrl(), message: false };
    }
  },
  async getIdentity() {
    const user = getStoredUser();
    if (!user) throw new Error('Not signed in');
    return { ...user, fullName: `${user.firstName} ${user.lastName}`.trim() };
  },
  async getPermissions() {
    return getStoredUser()?.role ?? null;
  },
  async canAccess(params) {
    return canAccess(getStoredUser()?.role, params);
  },
};
