import { useSearch } from 'wouter';
import { ApiError } from '@/lib/apiClient';
import type { PublicOrganization } from '@/lib/models';
import { useOrganization, useOrganizationScope } from '@/lib/OrganizationContext';
import { getPublicOrganization } from '@/lib/publicApi';
import { queryParam } from '@/lib/routing';
import { useAsync } from '@/lib/useAsync';

/**
 * Organization context of About and Contact: a route parameter (/about-us/{organizationId}), else the
 * organizationId/org query, else the organization of the page the visitor came from (org list, class,
 * registration).
 */
export function useOrganizationFromQuery(routeOrganizationId?: string | null) {
  const query = queryParam(useSearch(), 'organizationId', 'org');
  const current = useOrganization().organizationId;
  const organizationId = routeOrganizationId?.trim() || query || current;
  const scope = useOrganizationScope(organizationId);
  const state = useAsync<PublicOrganization>(() => getPublicOrganization(organizationId!), [organizationId], !!organizationId);
  const errorText = state.error
    ? state.error instanceof ApiError && state.error.status === 404
      ? 'Organization not found'
      : 'Failed to load organization information'
    : null;
  return { organizationId, organization: state.data ?? null, loading: state.loading, errorText, branding: scope.branding };
}

export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const withScheme = /^https?:\/\//i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
