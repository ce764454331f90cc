/**
 * Data provider of the admin app.
 *
 * HTTP dialect (docs/api.md, STYLE §4): ra-data-simple-rest inside the `{ success, data, error }` envelope.
 *   GET    /api/<resource>?sort=["field","ASC"]&range=[0,24]&filter={"q":"x","status":"Open"}
 *          -> data: Record[] + header `Content-Range: <resource> 0-24/319`
 *   GET    /api/<resource>/:id, POST /api/<resource>, PUT /api/<resource>/:id, DELETE /api/<resource>/:id
 *          -> data: Record
 * The envelope is unwrapped by `httpClient`. Endpoints that are not CRUD are typed methods below
 * (react-admin "custom methods"), so components never do HTTP themselves (STYLE §3).
 */
import simpleRestProvider from 'ra-data-simple-rest';

import { API_URL, httpClient, httpClientRaw } from '@/providers/httpClient';
import type {
  ActivityEvent,
  Branding,
  ClassAttendance,
  ClassRecord,
  CloneResult,
  ContactInfo,
  AdminProfile,
  DashboardPeriod,
  DashboardSummary,
  Enrollment,
  Health,
  Plan,
  PublicOrganization,
  Settings,
  Student,
  SubscriptionValidation,
  TeacherClass,
  TeacherOverview,
  TeamUser,
  AttendanceEntry,
} from '@/providers/types';

const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body) });
const enc = encodeURIComponent;

/** Accept both `{ data: Class, warning, statusForcedByLimit }` inside `data` and beside it. */
export function readCloneEnvelope(envelope: Record<string, unknown>): CloneResult {
  const data = envelope.data as Record<string, unknown> | null;
  if (data && typeof data === 'object' && 'data' in data && data.data && typeof data.data === 'object') {
    return {
      data: data.data as ClassRecord,
      warning: (data.warning as string | null | undefined) ?? null,
      statusForcedByLimit: Boolean(data.statusForcedByLimit),
    };
  }
  return {
    data: data as unknown as ClassRecord,
    warning: (envelope.warning as string | null | undefined) ?? null,
    statusForcedByLimit: Boolean(envelope.statusForcedByLimit),
  };
}

export function createDataProvider(apiUrl: string = API_URL) {
  const base = simpleRestProvider(apiUrl, httpClient as unknown as Parameters<typeof simpleRestProvider>[1]);
  const get = async <T,>(path: string, anonymous = false): Promise<T> =>
    (await httpClient<T>(`${apiUrl}${path}`, { anonymous })).json;
  const send = async <T,>(method: string, path: string, body?: unknown): Promise<T> =>
    (await httpClient<T>(`${apiUrl}${path}`, { method, ...(body === undefined ? {} : json(body)) })).json;

  return {
    ...base,

    // Classes
    cloneClass: async (id: string, body: { title: string; startDate: string; status: string }): Promise<CloneResult> => {
      const { envelope } = await httpClientRaw(`${apiUrl}/classes/${enc(id)}/clone`, { method: 'POST', ...json(body) });
      return readCloneEnvelope(envelope as Record<string, unknown>);
    },
    getClassStudents: (classId: string) => get<Student[]>(`/classes/${enc(classId)}/students`),

    // Teacher mode
    getTeacherClasses: (scope: 'today' | 'upcoming' | 'all') => get<TeacherClass[]>(`/teacher/classes?scope=${scope}`),
    getTeacherOverview: () => get<TeacherOverview>('/teacher/overview'),
    markPaid: (studentId: string, classId: string) => send<Enrollment>('POST', '/payments/mark-paid', { studentId, classId }),
    markUnpaid: (studentId: string, classId: string) => send<Enrollment>('POST', '/payments/mark-unpaid', { studentId, classId }),
    getAttendance: (classId: string) => get<ClassAttendance>(`/attendance/class/${enc(classId)}`),
    markAttendance: (body: { studentId: string; classId: string; sessionDate: string; sessionIndex: number; attended: boolean }) =>
      send<AttendanceEntry>('POST', '/attendance/mark', body),
    bulkAttendance: (body: { classId: string; sessionDate: string; sessionIndex: number; attendanceData: AttendanceEntry[] }) =>
      send<AttendanceEntry[]>('POST', '/attendance/bulk', body),

    // Dashboard
    getDashboardSummary: (period: DashboardPeriod) => get<DashboardSummary>(`/reporting/dashboard-summary?period=${period}`),
    getActivityEvents: (limit = 5) => get<ActivityEvent[]>(`/activity-events?limit=${limit}`),

    // Organization, plans, branding
    getSubscriptionValidation: (orgId: string) => get<SubscriptionValidation>(`/organizations/${enc(orgId)}/subscription-validation`),
    getPlans: () => get<Plan[]>('/subscription-plans', true),
    getPublicBranding: (orgId: string) => get<Branding>(`/public/branding/${enc(orgId)}`, true),
    getConnectStatus: (orgId: string) =>
      get<{ hasAccount: boolean; charges_enabled: boolean }>(`/connect/status/organization/${enc(orgId)}`, true),
    getPublicOrganization: (orgId: string) => get<PublicOrganization>(`/public/organization/${enc(orgId)}`, true),

    // Settings
    getSettings: () => get<Settings>('/settings'),
    saveProfile: (adminProfile: AdminProfile) => send<Settings>('PUT', '/settings/profile', { adminProfile }),
    saveContact: (contactInfo: ContactInfo) => send<Settings>('PUT', '/settings/contact', { contactInfo }),
    saveBranding: (branding: Branding) => send<Settings>('PUT', '/settings/branding', { branding }),
    getHealth: () => get<Health>('/health', true),

    // Team
    getUsers: () => get<TeamUser[]>('/auth/users'),
    inviteUser: (body: { email: string; password: string; firstName: string; lastName: string; role: 'teacher' | 'admin' }) =>
      send<TeamUser>('POST', '/auth/users', body),
    removeUser: (id: string) => send<{ id: string }>('DELETE', `/auth/users/${enc(id)}`),
  };
}

export type AppDataProvider = ReturnType<typeof createDataProvider>;

export const dataProvider = createDataProvider();
