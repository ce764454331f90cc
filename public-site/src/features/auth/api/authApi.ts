import { api, ApiError } from '@/lib/apiClient';
import { track } from '@/lib/analytics';
import { clearBrandingCache } from '@/lib/branding';
import { storeSession, type User } from '@/lib/storage';

export const SIGNIN_MESSAGES = {
  missing: 'Please enter both email and password',
  invalid: 'Invalid credentials. Please try again.',
  noUser: 'Login failed - no user data received',
} as const;

/** POST /api/auth/signin; stores token and user (shared with the admin app) and records the sign-in. */
export async function signIn(email: string, password: string): Promise<User> {
  let result: { user?: User; token?: string } | null;
  try {
    result = await api.post<{ user?: User; token?: string } | null>(
      '/api/auth/signin',
      { email: email.trim(), password },
      { public: true },
    );
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400 || error.status === 404)) {
      throw new Error(SIGNIN_MESSAGES.invalid, { cause: error });
    }
    throw error;
  }
  if (!result?.user) throw new Error(SIGNIN_MESSAGES.noUser);
  clearBrandingCache();
  storeSession(result.user, result.token);
  track('sign_in', { role: result.user.role });
  return result.user;
}

export function requestPasswordReset(email: string): Promise<{ sent: boolean }> {
  return api.post<{ sent: boolean }>('/api/auth/reset-password', { email: email.trim() }, { public: true });
}

export function confirmPasswordReset(token: string, password: string): Promise<{ reset: boolean }> {
  return api.post<{ reset: boolean }>('/api/auth/reset-password/confirm', { token, password }, { public: true });
}
