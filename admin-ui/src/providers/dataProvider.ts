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
import {
  HttpError,
  useDataProvider,
  type CreateParams,
  type CreateResult,
  type DeleteParams,
  type GetListParams,
  type GetListResult,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateParams,
} from 'react-admin';

import { API_URL, httpClient, httpClientRaw } from '@/providers/httpClient';
import { clearBrandingCache, getToken } from '@/providers/session';
import type { AnyReport } from '@/reports/reportTypes';

type Organization = components['schemas']['OrganizationResponseDto'];
import type { components } from '@shared/api/schema';
import type {
  ActivityEvent,
  AdminProfileInput,
  CalendarFeed,
  CalendarFeedInput,
  CreatedCalendarFeed,
  WebhookDelivery,
  Branding,
  BrandingInput,
  BulkAttendanceInput,
  ClassAttendance,
  ClassRecord,
  CloneClassInput,
  Communication,
  CloneResult,
  ConnectAccount,
  ConnectStatus,
  CancelEnrollmentInput,
  DashboardLink,
  EnrollmentPayment,
  EnrollmentTransfer,
  TransferEnrollmentInput,
  TransferOption,
  ContactInfoInput,
  DashboardPeriod,
  DashboardSummary,
  Enrollment,
  Health,
  MarkAttendanceInput,
  OnboardingLink,
  Plan,
  PublicConfig,
  RefundEnrollmentInput,
  RefundQuote,
  PublicOrganization,
  Recipient,
  SavedMark,
  ScheduleCommunicationInput,
  SendCommunicationInput,
  Settings,
  Term,
  SettingsInput,
  StripeConfig,
  StudentExport,
  Student,
  SubscriptionValidation,
  TeacherClass,
  TeacherOverview,
  TeacherSession,
  TeacherSessionDay,
  ClassSession,
  ClosedDate,
  SessionNotes,
  WalkInInput,
  WalkInResult,
  WaitlistEntry,
  WaitingRoomLine,
} from '@/providers/types';

/** Spec 3 §8: reporting failures are rethrown with these texts, which the dashboard widgets show. */
export const DASHBOARD_SUMMARY_ERROR = 'Failed to fetch dashboard summary';
export const ACTIVITY_EVENTS_ERROR = 'Failed to fetch activity events';
export const WAITING_ROOM_LINES_ERROR = 'Failed to load the waiting room';
/** Spec 3 §8: the communications service's failures. */
export const COMMUNICATION_ERRORS = {
  logs: 'Failed to fetch communication logs',
  scheduled: 'Failed to fetch scheduled communications',
  templates: 'Failed to fetch communication templates',
  send: 'Failed to send communication',
  schedule: 'Failed to schedule communication',
  cancel: 'Failed to cancel scheduled communication',
};

/** Spec 1 §8: the organization and settings services' failures. */
export const ORGANIZATION_ERRORS = {
  fetch: 'Failed to fetch organization',
  update: 'Failed to update organization',
};
export const SETTINGS_ERRORS = {
  fetch: 'Failed to fetch settings',
  branding: 'Failed to update branding settings',
  contact: 'Failed to update contact settings',
  profile: 'Failed to update admin profile settings',
  update: 'Failed to update settings',
  publicBranding: 'Failed to fetch public branding',
  publicOrganization: 'Failed to fetch public organization',
};

/** A refusal whose server message says what to change (a field, a plan limit, a conflict): kept as it is on a save. */
const REFUSALS = [400, 403, 409, 413, 422];

/**
 * Rethrow a failure with the spec's text, keeping its status (a 401 still ends the session), its field errors and
 * the server's message as `cause`. With `keepRefusals` (saves), a refusal keeps the server's own message instead.
 */
async function rethrowAs<T>(message: string, promise: Promise<T>, keepRefusals = false): Promise<T> {
  try {
    return await promise;
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    const status = (e as { status?: number }).status ?? 0;
    if (keepRefusals && REFUSALS.includes(status)) throw e;
    const body = (e as { body?: unknown }).body;
    throw new HttpError(message, status, { ...(body && typeof body === 'object' ? body : {}), cause: (e as Error)?.message ?? null });
  }
}

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
  const get = async <T>(path: string, anonymous = false): Promise<T> => (await httpClient<T>(`${apiUrl}${path}`, { anonymous })).json;
  const send = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    (await httpClient<T>(`${apiUrl}${path}`, { method, ...(body === undefined ? {} : json(body)) })).json;
  /** A POST the server runs once per key: a repeated click or a retry after a time-out is the same money movement. */
  const sendOnce = async <T>(path: string, body: unknown, idempotencyKey: string): Promise<T> =>
    (
      await httpClient<T>(`${apiUrl}${path}`, {
        method: 'POST',
        ...json(body),
        headers: new Headers({ 'Idempotency-Key': idempotencyKey }),
      })
    ).json;

  // The team is a react-admin resource ('team') over /auth/users, which answers the whole (short) list without a
  // Content-Range: the list is read here and its length is the total; the other calls are simple-rest's on that path.
  const TEAM = 'team';
  const TEMPLATES = 'communications/templates';
  const PROMO_CODES = 'promo-codes';
  /** A resource's failure texts: a list that fails to load, and a save (whose refusals keep the server's message). */
  const FAILURES: Record<string, { list: string; save?: string; delete?: string }> = {
    [TEMPLATES]: { list: COMMUNICATION_ERRORS.templates },
    [PROMO_CODES]: { list: 'Failed to load promo codes', save: 'Failed to save the promo code', delete: 'Failed to remove the promo code' },
    terms: { list: 'Failed to load terms', save: 'Failed to save the term', delete: 'Failed to delete the term' },
  };
  /** The call with its resource's failure text, if it has one; otherwise as simple-rest answered. */
  const failing = <T>(resource: string, kind: 'list' | 'save' | 'delete', promise: Promise<T>): Promise<T> => {
    const message = FAILURES[resource]?.[kind];
    return message ? rethrowAs(message, promise, kind !== 'list') : promise;
  };
  const TEAM_PATH = 'auth/users';
  const path = (resource: string) => (resource === TEAM ? TEAM_PATH : resource);

  /** A file the server streams (not the JSON envelope): its bytes and the name it gave (Content-Disposition). */
  const download = async (path: string, fallbackName: string) => {
    const token = getToken();
    const res = await fetch(`${apiUrl}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: string } | null;
      throw new HttpError(body?.error ?? `Download failed (${res.status})`, res.status, body ?? {});
    }
    const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? fallbackName;
    return { blob: await res.blob(), name };
  };

  return {
    ...base,
    getList: async <R extends RaRecord>(resource: string, params: GetListParams): Promise<GetListResult<R>> => {
      if (resource !== TEAM) return failing(resource, 'list', base.getList<R>(resource, params));
      const data = await get<R[]>(`/${TEAM_PATH}`);
      return { data, total: data.length };
    },
    getOne: <R extends RaRecord>(resource: string, params: GetOneParams<R>) => base.getOne<R>(path(resource), params),
    create: <R extends Omit<RaRecord, 'id'>, Res extends RaRecord = R & { id: Identifier }>(
      resource: string,
      params: CreateParams<R>,
    ): Promise<CreateResult<Res>> => failing(resource, 'save', base.create<R, Res>(path(resource), params)),
    update: <R extends RaRecord>(resource: string, params: UpdateParams) => failing(resource, 'save', base.update<R>(resource, params)),
    delete: <R extends RaRecord>(resource: string, params: DeleteParams<R>) =>
      failing(resource, 'delete', base.delete<R>(path(resource), params)),

    // Classes
    cloneClass: async (id: string, body: CloneClassInput): Promise<CloneResult> => {
      const { envelope } = await httpClientRaw(`${apiUrl}/classes/${enc(id)}/clone`, { method: 'POST', ...json(body) });
      return readCloneEnvelope(envelope as Record<string, unknown>);
    },
    getClassStudents: (classId: string) => get<Student[]>(`/classes/${enc(classId)}/students`),

    // Waitlist of a class: the server offers freed seats by itself; these are the admin's hand.
    getWaitlist: (classId: string) => get<WaitlistEntry[]>(`/classes/${enc(classId)}/waitlist`),
    removeWaitlistEntry: (entryId: string) => send<unknown>('DELETE', `/waitlist/${enc(entryId)}`),
    offerWaitlistSeat: (entryId: string) => send<unknown>('POST', `/waitlist/${enc(entryId)}/offer`),
    moveWaitlistEntry: (entryId: string, position: number) => send<unknown>('POST', `/waitlist/${enc(entryId)}/move`, { position }),

    // Sessions as records and the organization's closed dates (Settings › Terms).
    getClassSessions: (classId: string) => get<ClassSession[]>(`/classes/${enc(classId)}/sessions`),
    cancelSession: (sessionId: string, reason: string, notify: boolean) =>
      send<ClassSession & { notified: number }>('POST', `/class-sessions/${enc(sessionId)}/cancel`, { reason, notify }),
    getClosedDates: () => get<ClosedDate[]>('/closed-dates'),
    addClosedDate: (name: string, date: string) => send<ClosedDate>('POST', '/closed-dates', { name, date }),
    removeClosedDate: (id: string) => send<unknown>('DELETE', `/closed-dates/${enc(id)}`),
    getClosedDateSessions: (id: string) => get<ClassSession[]>(`/closed-dates/${enc(id)}/sessions`),

    // Teacher mode
    getTeacherClasses: (scope: 'today' | 'upcoming' | 'all') => get<TeacherClass[]>(`/teacher/classes?scope=${scope}`),
    getTeacherOverview: () => get<TeacherOverview>('/teacher/overview'),
    markPaid: (studentId: string, classId: string) => send<Enrollment>('POST', '/payments/mark-paid', { studentId, classId }),
    markUnpaid: (studentId: string, classId: string) => send<Enrollment>('POST', '/payments/mark-unpaid', { studentId, classId }),
    getAttendance: (classId: string) => get<ClassAttendance>(`/attendance/class/${enc(classId)}`),
    markAttendance: (body: MarkAttendanceInput) => send<SavedMark>('POST', '/attendance/mark', body),
    bulkAttendance: (body: BulkAttendanceInput) => send<SavedMark[]>('POST', '/attendance/bulk', body),
    // The session screen: a day is YYYY-MM-DD in the organization's zone.
    getSessionDays: (classId: string) => get<TeacherSessionDay[]>(`/teacher/classes/${enc(classId)}/sessions`),
    getTeacherSession: (classId: string, date: string) => get<TeacherSession>(`/teacher/classes/${enc(classId)}/sessions/${enc(date)}`),
    saveSessionNotes: (classId: string, date: string, notes: string) =>
      send<SessionNotes>('PUT', `/teacher/classes/${enc(classId)}/sessions/${enc(date)}/notes`, { notes }),
    registerWalkIn: (classId: string, body: WalkInInput) => send<WalkInResult>('POST', `/teacher/classes/${enc(classId)}/walk-ins`, body),

    // Dashboard
    getDashboardSummary: (period: DashboardPeriod) =>
      rethrowAs(DASHBOARD_SUMMARY_ERROR, get<DashboardSummary>(`/reporting/dashboard-summary?period=${period}`)),
    getActivityEvents: (limit = 5) => rethrowAs(ACTIVITY_EVENTS_ERROR, get<ActivityEvent[]>(`/activity-events?limit=${limit}`)),
    /** One student's history: registrations, cancellations, switches and their own changes through the portal. */
    getStudentActivity: (studentId: string) =>
      rethrowAs(ACTIVITY_EVENTS_ERROR, get<ActivityEvent[]>(`/students/${enc(studentId)}/activity?limit=50`)),

    // A student's data: everything held about them as JSON, and erasure (anonymised, money kept).
    exportStudent: (studentId: string) => get<StudentExport>(`/students/${enc(studentId)}/export`),
    eraseStudent: (studentId: string) => send<unknown>('DELETE', `/students/${enc(studentId)}?erase=true`),

    // Reports: `query` is built by the reports screen (timeframe or startDate/endDate, classId).
    getReport: (kind: 'enrollment' | 'revenue' | 'attendance', query: string) => get<AnyReport>(`/reports/${kind}?${query}`),
    /** A CSV or PDF download: the file's bytes and the name the server gave it (Content-Disposition). */
    downloadReport: (kind: 'enrollment' | 'revenue' | 'attendance', query: string, format: 'csv' | 'pdf') =>
      download(`/reports/${kind}?${query}&format=${format}`, `${kind}-report.${format}`),
    /** The whole organization's data as one ZIP (`GET /api/export`). */
    downloadOrganizationExport: () => download('/export', 'classlane-export.zip'),
    /** Spreadsheets with one column per registration question: every student, or one class's roster. */
    downloadStudentsCsv: () => download('/export/students.csv', 'students.csv'),
    downloadRosterCsv: (classId: string) => download(`/export/classes/${enc(classId)}/roster.csv`, 'roster.csv'),

    // The caller's own organization (a one-item list) and its time zone (PUT needs the name with it).
    getOwnOrganization: () =>
      rethrowAs(
        ORGANIZATION_ERRORS.fetch,
        get<Organization[]>('/organizations').then((list) => list[0]),
      ),
    saveTimeZone: (id: string, name: string, timeZone: string) =>
      rethrowAs(ORGANIZATION_ERRORS.update, send<Organization>('PUT', `/organizations/${enc(id)}`, { name, settings: { timeZone } }), true),
    /** The 'Your class is on' message of the go/no-go; the server merges it into the settings. */
    saveClassConfirmedMessages: (id: string, name: string, classConfirmedMessages: boolean) =>
      rethrowAs(
        ORGANIZATION_ERRORS.update,
        send<Organization>('PUT', `/organizations/${enc(id)}`, { name, settings: { classConfirmedMessages } }),
        true,
      ),
    /** Hours a waitlist offer holds its seat, 1-168. */
    saveWaitlistOfferHours: (id: string, name: string, waitlistOfferHours: number) =>
      rethrowAs(
        ORGANIZATION_ERRORS.update,
        send<Organization>('PUT', `/organizations/${enc(id)}`, { name, settings: { waitlistOfferHours } }),
        true,
      ),

    // Organization, plans, branding
    getSubscriptionValidation: (orgId: string) => get<SubscriptionValidation>(`/organizations/${enc(orgId)}/subscription-validation`),
    getPlans: () => get<Plan[]>('/subscription-plans', true),
    getPublicBranding: (orgId: string) => rethrowAs(SETTINGS_ERRORS.publicBranding, get<Branding>(`/public/branding/${enc(orgId)}`, true)),
    getPublicConfig: () => get<PublicConfig>('/public/config', true),
    /** Spec 3 §2.3: a class search, reported to the analytics endpoint (what was searched and how many classes matched). */
    trackClassSearch: (organizationId: string, query: string, results: number | undefined) =>
      send<unknown>('POST', '/analytics/events', {
        organizationId,
        events: [
          {
            name: 'class_search',
            properties: { query: query.slice(0, 200), results: results ?? null },
            timestamp: new Date().toISOString(),
          },
        ],
      }),

    // Card payments: Stripe Connect onboarding. The status is read signed in: the organization's
    // admin gets the whole payment setup status (spec 3 §3), anyone else the public part.
    /** The public part only (`{ hasAccount, charges_enabled }`), as the registration page reads it. */
    getConnectStatus: (orgId: string) => get<ConnectStatus>(`/connect/status/${enc(orgId)}`, true),
    getPaymentSetupStatus: (orgId: string) => get<ConnectStatus>(`/connect/status/${enc(orgId)}`),
    createConnectAccount: (organizationId: string) => send<ConnectAccount>('POST', '/connect/create-account', { organizationId }),
    createOnboardingLink: (organizationId: string) => send<OnboardingLink>('POST', '/connect/account-session', { organizationId }),
    getDashboardLink: () => get<DashboardLink>('/connect/dashboard-link'),
    getStripeConfig: () => get<StripeConfig>('/stripe/config', true),

    // Cancellations and refunds by the organization's policy. The key makes a repeated click (or a
    // retry after a time-out) one cancellation and one refund.
    getRefundQuote: (enrollmentId: string) => get<RefundQuote>(`/enrollments/${enc(enrollmentId)}/refund-quote`),
    refundEnrollment: (enrollmentId: string, body: RefundEnrollmentInput, idempotencyKey: string) =>
      sendOnce<EnrollmentPayment>(`/enrollments/${enc(enrollmentId)}/refund`, body, idempotencyKey),
    cancelEnrollment: (enrollmentId: string, body: CancelEnrollmentInput, idempotencyKey: string) =>
      sendOnce<EnrollmentPayment>(`/enrollments/${enc(enrollmentId)}/cancel`, body, idempotencyKey),
    // Switching classes: the server lists and prices the classes (the one price quote) and moves the seat in one
    // transaction; a repeat of the same move is refused (already in that class), so it needs no key.
    getTransferOptions: (enrollmentId: string) => get<TransferOption[]>(`/enrollments/${enc(enrollmentId)}/transfer-options`),
    transferEnrollment: (enrollmentId: string, body: TransferEnrollmentInput) =>
      send<EnrollmentTransfer>('POST', `/enrollments/${enc(enrollmentId)}/transfer`, body),
    getPublicOrganization: (orgId: string) =>
      rethrowAs(SETTINGS_ERRORS.publicOrganization, get<PublicOrganization>(`/public/organization/${enc(orgId)}`, true)),

    // Terms for the classes screens' pickers and filter; Settings › Terms is the 'terms' resource (a refusal, such as
    // dates out of order or a term that still has classes, keeps the server's message: FAILURES above).
    getTerms: () => rethrowAs('Failed to load terms', get<Term[]>('/terms')),

    // The opening's waiting room: its lines, live (the dashboard's card).
    getWaitingRoomLines: () => rethrowAs(WAITING_ROOM_LINES_ERROR, get<WaitingRoomLine[]>('/waiting-room/lines')),

    // Settings
    getSettings: () => rethrowAs(SETTINGS_ERRORS.fetch, get<Settings>('/settings')),
    /** Cancellation tiers, discounts, reminders, time zone, waitlist hours, 'Your class is on'. */
    saveSettings: (body: SettingsInput) => rethrowAs(SETTINGS_ERRORS.update, send<Settings>('PUT', '/settings', body), true),
    saveProfile: (adminProfile: AdminProfileInput) =>
      rethrowAs(SETTINGS_ERRORS.profile, send<Settings>('PUT', '/settings/profile', { adminProfile }), true),
    saveContact: (contactInfo: ContactInfoInput) =>
      rethrowAs(SETTINGS_ERRORS.contact, send<Settings>('PUT', '/settings/contact', { contactInfo }), true),
    saveBranding: async (branding: BrandingInput) => {
      const saved = await rethrowAs(SETTINGS_ERRORS.branding, send<Settings>('PUT', '/settings/branding', { branding }), true);
      // The public pages cache branding for 24 h in this browser: the admin must see the new one now.
      clearBrandingCache();
      return saved;
    },
    getHealth: () => get<Health>('/health', true),

    // Communications (the organization is the caller's; the server scopes every call)
    getCommunicationLogs: (limit = 50) => rethrowAs(COMMUNICATION_ERRORS.logs, get<Communication[]>(`/communications/logs?limit=${limit}`)),
    getScheduledCommunications: (limit = 50) =>
      rethrowAs(COMMUNICATION_ERRORS.scheduled, get<Communication[]>(`/communications/scheduled?limit=${limit}`)),
    getRecipients: () => get<Recipient[]>('/communications/recipients'),
    // Validation messages (400) reach the screen as they are; other failures get the spec's text.
    sendCommunication: (body: SendCommunicationInput) => send<Communication>('POST', '/communications/send', body),
    scheduleCommunication: (body: ScheduleCommunicationInput) => send<Communication>('POST', '/communications/schedule', body),
    cancelScheduledCommunication: (id: string) => send<Communication>('DELETE', `/communications/scheduled/${enc(id)}`),
    getStudentCommunications: (studentId: string) => get<Communication[]>(`/students/${enc(studentId)}/communications`),

    // Integrations. The secrets (key, signing secret, feed URL) are only in the create replies. API keys, webhook
    // endpoints and Settings' calendar feeds are the 'api-keys', 'webhook-endpoints' and 'calendar-feeds' resources;
    // below are an endpoint's deliveries and the teacher's 'Subscribe to my calendar'.
    getWebhookDeliveries: (endpointId: string) => get<WebhookDelivery[]>(`/webhook-endpoints/${enc(endpointId)}/deliveries`),
    redeliverWebhook: (deliveryId: string) => send<WebhookDelivery>('POST', `/webhook-deliveries/${enc(deliveryId)}/redeliver`),
    getCalendarFeeds: () => get<CalendarFeed[]>('/calendar-feeds'),
    createCalendarFeed: (body: CalendarFeedInput) => send<CreatedCalendarFeed>('POST', '/calendar-feeds', body),
    revokeCalendarFeed: (id: string) => send<CalendarFeed>('DELETE', `/calendar-feeds/${enc(id)}`),
  };
}

export type AppDataProvider = ReturnType<typeof createDataProvider>;

export const dataProvider = createDataProvider();

/** The data provider with its custom methods typed, for `useQuery`/`useMutation` calls. */
export const useAppDataProvider = () => useDataProvider<AppDataProvider>();
