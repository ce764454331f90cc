import { useT } from '@/lib/i18n/useT';
import { useEffect, useState, type ReactNode } from 'react';
import { PageLoading } from '@/components/ui/PageLoading';
import { api } from '@/lib/apiClient';
import { clearSession, getStoredUser, getToken, storeSession, type User } from '@/lib/storage';

function dashboardPath(role: string | undefined): string | null {
  if (role === 'admin') return '/admin';
  if (role === 'teacher') return '/teacher';
  return null;
}

/**
 * The home page for visitors; a signed-in admin goes to /admin and a teacher to /teacher (spec 1 §2).
 * Those are the admin app, so the move is a full page navigation. The stored token is verified first
 * ("Initializing application..."); visitors without a token see the page at once.
 */
export function HomeGate({ children }: { children: ReactNode }) {
  const [checking, setChecking] = useState(() => !!getToken() && !!getStoredUser());
  const t = useT();

  useEffect(() => {
    if (!checking) return;
    let active = true;
    api.get<User>('/api/auth/me').then(
      (user) => {
        if (!active) return;
        storeSession(user);
        const target = dashboardPath(user.role);
        if (target) window.location.replace(target);
        else setChecking(false);
      },
      () => {
        if (!active) return;
        clearSession();
        setChecking(false);
      },
    );
    return () => {
      active = false;
    };
  }, [checking]);

  if (checking) return <PageLoading message={t('loading.app')} />;
  return <>{children}</>;
}
