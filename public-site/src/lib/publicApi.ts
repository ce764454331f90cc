/** Public reads shared by several features (docs/api.md "Public"). */
import { api, prefetchPublic, rethrowAs } from '@/lib/apiClient';
import type { ClassItem, PublicOrganization } from '@/lib/models';

export function getClass(id: string, organizationId?: string | null): Promise<ClassItem | null> {
  return api.get<ClassItem | null>(`/api/classes/${encodeURIComponent(id)}`, {
    public: true,
    query: { organizationId: organizationId ?? undefined },
  });
}

export function getClasses(organizationId: string): Promise<ClassItem[]> {
  return api.get<ClassItem[]>('/api/classes', { public: true, query: { organizationId } });
}

export function prefetchClasses(organizationId: string): void {
  prefetchPublic('/api/classes', { organizationId });
}

export function prefetchClass(id: string, organizationId?: string | null): void {
  prefetchPublic(`/api/classes/${encodeURIComponent(id)}`, { organizationId: organizationId ?? undefined });
}

export function getPublicOrganization(id: string): Promise<PublicOrganization> {
  return rethrowAs(
    'Failed to fetch public organization',
    api.get<PublicOrganization>(`/api/public/organization/${encodeURIComponent(id)}`, { public: true }),
  );
}
