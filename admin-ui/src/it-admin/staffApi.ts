/**
 * The IT-admin portal's calls (spec 3 §7 "IT admin"). They go through the app's one HTTP client as anonymous
 * calls with the staff token set here, so the organization token is never sent and a 401 never ends the
 * organization session: it ends the staff session only.
 */
import type { components } from '@shared/api/schema';
import { httpClient, httpClientRaw, type HttpOptions } from '@/providers/httpClient';
import { clearStaffSession, getStaffToken, STAFF_EXPIRED_EVENT } from '@/it-admin/staffSession';

type Schemas = components['schemas'];
export type StaffOrganization = Schemas['StaffOrganizationResponseDto'];
export type StaffOrganizationDetail = Schemas['StaffOrganizationDetailResponseDto'];
export type StudentPayment = Schemas['StudentPaymentResponseDto'];
export type PaymentReset = Schemas['PaymentResetResponseDto'];
export type SystemInfo = Schemas['SystemInfoResponseDto'];
export type AuditEntry = Schemas['AuditLogEntryResponseDto'];
export type StaffSession = Schemas['StaffSessionResponseDto'];
export type OutboundLimits = Schemas['OutboundLimitsResponseDto'];
export type OutboundLimitsChange = Schemas['UpdateOutboundLimitsDto'];

const BASE = '/api/admin';

async function call<T>(path: string, options: HttpOptions = {}) {
  const headers = new Headers(options.headers ?? {});
  const token = getStaffToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await httpClientRaw(`${BASE}${path}`, { ...options, headers, anonymous: true }).then((r) => ({
      data: r.json as T,
      message: typeof r.envelope.message === 'string' ? r.envelope.message : undefined,
      headers: r.headers,
    }));
  } catch (e) {
    if ((e as { status?: number }).status === 401 && token) {
      clearStaffSession();
      window.dispatchEvent(new Event(STAFF_EXPIRED_EVENT));
    }
    throw e;
  }
}

/** Total of a list reply from `Content-Range: <resource> a-b/total`. */
export function totalOf(headers: Headers, fallback: number): number {
  const m = /\/(\d+)$/.exec(headers.get('Content-Range') ?? '');
  return m ? Number(m[1]) : fallback;
}

const json = (body: unknown): HttpOptions => ({ body: JSON.stringify(body) });

export const staffApi = {
  async signIn(username: string, password: string): Promise<StaffSession> {
    const res = await httpClient<StaffSession>(`${BASE}/auth/signin`, { method: 'POST', anonymous: true, ...json({ username, password }) });
    return res.json;
  },
  signOut: () => call<{ signedOut: boolean }>('/auth/signout', { method: 'POST' }),
  async organizations(q: string, page: number, perPage: number) {
    const params = new URLSearchParams({
      range: JSON.stringify([page * perPage, page * perPage + perPage - 1]),
      sort: JSON.stringify(['created_at', 'DESC']),
      filter: JSON.stringify(q.trim() ? { q: q.trim() } : {}),
    });
    const res = await call<StaffOrganization[]>(`/organizations?${params}`);
    return { rows: res.data, total: totalOf(res.headers, res.data.length) };
  },
  organization: (id: string) => call<StaffOrganizationDetail>(`/organizations/${encodeURIComponent(id)}`).then((r) => r.data),
  async studentPayments(id: string) {
    const res = await call<StudentPayment[]>(`/organizations/${encodeURIComponent(id)}/student-payments?range=[0,999]`);
    return { rows: res.data, total: totalOf(res.headers, res.data.length) };
  },
  resetStudentPayments: (id: string, dryRun: boolean) =>
    call<PaymentReset>(`/organizations/${encodeURIComponent(id)}/reset-student-payments`, { method: 'POST', ...json({ dryRun }) }),
  resetSubscription: (id: string) => call(`/organizations/${encodeURIComponent(id)}/reset-subscription`, { method: 'POST' }),
  deleteOrganization: (id: string, confirmation: string) =>
    call(`/organizations/${encodeURIComponent(id)}/delete`, { method: 'DELETE', ...json({ confirmation }) }),
  bulkDelete: (id: string, target: BulkTarget, confirmation: string) =>
    call(`/organizations/${encodeURIComponent(id)}/${BULK_PATHS[target]}`, { method: 'DELETE', ...json({ confirmation }) }),
  outboundLimits: (id: string) => call<OutboundLimits>(`/organizations/${encodeURIComponent(id)}/outbound-limits`).then((r) => r.data),
  saveOutboundLimits: (id: string, change: OutboundLimitsChange) =>
    call<OutboundLimits>(`/organizations/${encodeURIComponent(id)}/outbound-limits`, { method: 'PUT', ...json(change) }),
  systemInfo: () => call<SystemInfo>('/system-info').then((r) => r.data),
  async auditLog(page: number, perPage: number, organizationId?: string) {
    const params = new URLSearchParams({
      range: JSON.stringify([page * perPage, page * perPage + perPage - 1]),
      filter: JSON.stringify(organizationId ? { organizationId } : {}),
    });
    const res = await call<AuditEntry[]>(`/audit-log?${params}`);
    return { rows: res.data, total: totalOf(res.headers, res.data.length) };
  },
};

export type BulkTarget = 'students' | 'activity-events' | 'scheduled-communications';
const BULK_PATHS: Record<BulkTarget, string> = {
  students: 'students',
  'activity-events': 'activity-events',
  'scheduled-communications': 'scheduled-communications/delete',
};
