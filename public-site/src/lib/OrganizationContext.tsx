/**
 * The organization whose branding the public pages show. A page that knows its organization
 * (route, query or a loaded class) declares it with `useOrganizationScope(id)`.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/apiClient';
import { applyBranding, DEFAULT_BRANDING, fetchBranding, readCachedBranding } from '@/lib/branding';
import type { Branding } from '@/lib/models';

interface OrganizationContextValue {
  organizationId: string | null;
  branding: Branding;
  /** True once the branding of `organizationId` is known (cached or fetched, or failed). */
  brandingReady: boolean;
  /** The branding call answered 404: the organization does not exist. */
  organizationMissing: boolean;
  setOrganizationId: (id: string | null) => void;
}

const OrganizationContext = createContext<OrganizationContextValue>({
  organizationId: null,
  branding: DEFAULT_BRANDING,
  brandingReady: true,
  organizationMissing: false,
  setOrganizationId: () => undefined,
});

export function OrganizationProvider({ children }: { children: ReactNode }) {
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<{ id: string | null; branding: Branding; missing?: boolean }>({
    id: null,
    branding: DEFAULT_BRANDING,
  });

  useEffect(() => {
    if (!organizationId) {
      setLoaded({ id: null, branding: DEFAULT_BRANDING });
      return;
    }
    const cached = readCachedBranding(organizationId);
    if (cached) {
      setLoaded({ id: organizationId, branding: cached });
      return;
    }
    let active = true;
    fetchBranding(organizationId).then(
      (branding) => active && setLoaded({ id: organizationId, branding }),
      (error: unknown) =>
        active &&
        setLoaded({
          id: organizationId,
          branding: DEFAULT_BRANDING,
          missing: error instanceof ApiError && (error.status === 404 || error.status === 400),
        }),
    );
    return () => {
      active = false;
    };
  }, [organizationId]);

  const branding = loaded.id === organizationId ? loaded.branding : DEFAULT_BRANDING;
  useEffect(() => applyBranding(branding), [branding]);

  const ready = loaded.id === organizationId;
  const organizationMissing = ready && !!loaded.missing;
  const value = useMemo(
    () => ({ organizationId, branding, brandingReady: ready, organizationMissing, setOrganizationId }),
    [organizationId, branding, ready, organizationMissing],
  );
  return <OrganizationContext.Provider value={value}>{children}</OrganizationContext.Provider>;
}

export function useOrganization(): OrganizationContextValue {
  return useContext(OrganizationContext);
}

/** Declares the page's organization (null = the platform's own pages). */
export function useOrganizationScope(organizationId: string | null | undefined): OrganizationContextValue {
  const context = useContext(OrganizationContext);
  const { setOrganizationId } = context;
  const id = organizationId || null;
  useEffect(() => {
    setOrganizationId(id);
  }, [id, setOrganizationId]);
  return context;
}
