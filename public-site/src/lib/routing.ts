/** Small helpers around the URL. */
export function queryParam(search: string, ...names: string[]): string | null {
  const params = new URLSearchParams(search);
  for (const name of names) {
    const value = params.get(name);
    if (value && value.trim()) return value.trim();
  }
  return null;
}

export function orgPath(organizationId: string | null | undefined): string {
  return organizationId ? `/org/${encodeURIComponent(organizationId)}` : '/';
}

export function classPath(classId: string, organizationId?: string | null): string {
  const base = `/class/${encodeURIComponent(classId)}`;
  return organizationId ? `${base}?organizationId=${encodeURIComponent(organizationId)}` : base;
}

export function registerPath(classId: string, organizationId?: string | null): string {
  const base = `/register/${encodeURIComponent(classId)}`;
  return organizationId ? `${base}?org=${encodeURIComponent(organizationId)}` : base;
}

export function withOrgQuery(path: string, organizationId: string | null | undefined): string {
  return organizationId ? `${path}?organizationId=${encodeURIComponent(organizationId)}` : path;
}
