/**
 * The signed-in user and their organization's branding, loaded once for the whole app
 * (login page, /admin and /teacher). While it loads, 'Initializing application...' is shown.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { fetchMe } from '@/providers/authProvider';
import { dataProvider } from '@/providers/dataProvider';
import { AUTH_EXPIRED_EVENT } from '@/providers/httpClient';
import { getStoredUser, getToken, type User } from '@/providers/session';
import type { Branding, PublicOrganization } from '@/providers/types';
import { DEFAULT_BRANDING, withDefaults } from '@/layout/themes';

export interface SessionValue {
  status: 'loading' | 'ready';
  user: User | null;
  branding: Branding;
  organization: PublicOrganization | null;
  setUser: (user: User | null) => void;
  reloadOrganization: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [meDone, setMeDone] = useState(!getToken());
  const [brandedOrg, setBrandedOrg] = useState<string | null>(null);
  const [user, setUser] = useState<User | null>(getToken() ? getStoredUser() : null);
  const [branding, setBranding] = useState<Branding>(DEFAULT_BRANDING);
  const [organization, setOrganization] = useState<PublicOrganization | null>(null);
  const orgId = user?.organizationId ?? null;
  // Ready once the token is verified and, for a user with an organization, its branding has loaded.
  const status: 'loading' | 'ready' = !meDone || (orgId && brandedOrg !== orgId) ? 'loading' : 'ready';

  useEffect(() => {
    let alive = true;
    if (!getToken()) return;
    fetchMe().then((me) => {
      if (!alive) return;
      setUser(me);
      setMeDone(true);
    });
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const expired = () => setUser(null);
    window.addEventListener(AUTH_EXPIRED_EVENT, expired);
    return () => window.removeEventListener(AUTH_EXPIRED_EVENT, expired);
  }, []);

  const reloadOrganization = useCallback(async () => {
    if (!orgId) {
      setBranding(DEFAULT_BRANDING);
      setOrganization(null);
      return;
    }
    const [b, o] = await Promise.allSettled([dataProvider.getPublicBranding(orgId), dataProvider.getPublicOrganization(orgId)]);
    const org = o.status === 'fulfilled' ? o.value : null;
    setOrganization(org);
    setBranding(
      withDefaults(
        b.status === 'fulfilled'
          ? { ...b.value, businessName: b.value?.businessName || org?.name || '' }
          : { ...(org?.branding ?? {}), businessName: org?.branding?.businessName || org?.name || '' },
      ),
    );
  }, [orgId]);

  useEffect(() => {
    let alive = true;
    reloadOrganization().finally(() => alive && setBrandedOrg(orgId));
    return () => {
      alive = false;
    };
  }, [reloadOrganization, orgId]);

  useEffect(() => {
    // Spec 1 §4: the document title is the business name (the default branding's is 'Classlane').
    document.title = branding.businessName || DEFAULT_BRANDING.businessName;
  }, [branding.businessName]);

  const value = useMemo(
    () => ({ status, user, branding, organization, setUser, reloadOrganization }),
    [status, user, branding, organization, reloadOrganization],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used within a SessionProvider');
  return ctx;
}
