/**
 * Wire shapes: aliases of the types generated from the backend's OpenAPI document (`npm run api:types` →
 * shared/api/schema.d.ts). Only what the document does not describe is written here.
 */
import type { components, operations } from '@shared/api/schema';

type Schemas = components['schemas'];

export type ClassStatus = Schemas['ClassResponseDto']['status'];
export const CLASS_STATUSES: ClassStatus[] = ['Open', 'Scheduled', 'Closed', 'Cancelled', 'Archived'];

export type ClassRecord = Schemas['ClassResponseDto'];

export type TeacherClass = Schemas['TeacherClassResponseDto'];

/** GET /api/teacher/overview: totalStudents counts each person once, across all listed classes. */
export type TeacherOverview = Schemas['TeacherOverviewResponseDto'];

export type Enrollment = Schemas['EnrollmentResponseDto'];

export type Student = Schemas['StudentResponseDto'];

export type Branding = Schemas['BrandingResponseDto'];

export type ContactInfo = Schemas['ContactInfoResponseDto'];

export type PublicOrganization = Schemas['PublicOrganizationResponseDto'];

export type FeatureFlag = keyof Schemas['PlanFeaturesDto'];

export type Plan = Schemas['PlanResponseDto'];

export type SubscriptionValidation = Schemas['SubscriptionValidationResponseDto'];

export type AdminProfile = Schemas['AdminProfileResponseDto'];

export type Settings = Schemas['SettingsResponseDto'];

/** The automatic discounts every price quote applies, and the organization's promo codes with their usage. */
export type DiscountRules = Schemas['DiscountRulesDto'];
export type PromoCode = Schemas['PromoCodeResponseDto'];
export type PromoCodeInput = Schemas['PromoCodeDto'];

/** The organization's terms (seasons) and when their registration opens. */
export type Term = Schemas['TermResponseDto'];
export type Location = Schemas['LocationResponseDto'];
export type Room = Schemas['RoomResponseDto'];
export type Instructor = Schemas['InstructorResponseDto'];
export type TermInput = Omit<Schemas['CreateTermDto'], 'organizationId'>;

/** An opening's line as the admin sees it live (`GET /api/waiting-room/lines`). */
export type WaitingRoomLine = Schemas['WaitingRoomLineResponseDto'];

export type Health = Schemas['HealthResponseDto'];

export type ActivityEvent = Schemas['ActivityEventResponseDto'];

export type DashboardPeriod = Schemas['DashboardSummaryResponseDto']['period'];

export type DashboardSummary = Schemas['DashboardSummaryResponseDto'];

export type AttendanceSession = Schemas['AttendanceSessionResponseDto'];

export type ClassAttendance = Schemas['ClassAttendanceResponseDto'];

/** A staff user of the organization (`GET /api/auth/users`). */
export type TeamUser = Schemas['UserResponseDto'];

type CloneReply = operations['Classes_clone']['responses'][201]['content']['application/json'];

/** `POST /api/classes/{id}/clone`: the class in `data`, the plan's warning beside it in the envelope. */
export type CloneResult = Pick<CloneReply, 'data'> & {
  warning: NonNullable<CloneReply['warning']> | null;
  statusForcedByLimit: NonNullable<CloneReply['statusForcedByLimit']>;
};

/** Request bodies of the custom endpoints (the organization comes from the token: never sent). */
export type AdminProfileInput = Schemas['AdminProfileDto'];
export type ContactInfoInput = Schemas['ContactInfoDto'];
export type BrandingInput = Schemas['BrandingDto'];
/** `PUT /api/settings`: any of the groups; each is validated whole by the server. */
export type SettingsInput = Omit<Schemas['UpdateSettingsDto'], 'organizationId'>;
export type CancellationTierInput = Schemas['CancellationPolicyDto'];
/** `GET /api/students/{id}/export`: everything the organization holds about one student. */
export type StudentExport = Schemas['StudentExportResponseDto'];
export type CloneClassInput = Omit<Schemas['CloneClassDto'], 'organizationId'>;
export type MarkAttendanceInput = Omit<Schemas['MarkAttendanceDto'], 'organizationId'>;
export type BulkAttendanceInput = Omit<Schemas['BulkAttendanceDto'], 'organizationId'>;
export type SavedMark = Schemas['SavedMarkResponseDto'];

/** One class session as the teacher runs it, its days, notes and walk-ins. */
export type TeacherSession = Schemas['TeacherSessionResponseDto'];
export type SessionRollEntry = Schemas['SessionRollEntryResponseDto'];
export type TeacherSessionDay = Schemas['TeacherSessionDayResponseDto'];
export type ClassSession = Schemas['ClassSessionResponseDto'];
export type SessionUpdateInput = Schemas['UpdateSessionDto'];
export type ConflictPair = Schemas['ConflictPairResponseDto'];
export type RoomCalendar = Schemas['RoomCalendarResponseDto'];
export type MySessions = Schemas['MySessionsResponseDto'];
export type ClosedDate = Schemas['ClosedDateResponseDto'];
export type SessionNotes = Schemas['SessionNotesResponseDto'];
export type WalkInInput = Schemas['WalkInDto'];
export type WalkInResult = Schemas['WalkInResponseDto'];
/** The student form's body (`POST /api/students`, `PUT /api/students/{id}`). */
export type StudentInput = Omit<Schemas['CreateStudentDto'], 'organizationId'>;
export type NewTeamUser = Omit<Schemas['CreateUserDto'], 'organizationId'>;
export type ConnectStatus = Schemas['ConnectStatusResponseDto'];
export type ConnectAccount = Schemas['ConnectAccountResponseDto'];
export type OnboardingLink = Schemas['OnboardingLinkResponseDto'];
export type DashboardLink = Schemas['DashboardLinkResponseDto'];
export type StripeConfig = Schemas['StripeConfigResponseDto'];
export type PublicConfig = Schemas['PublicConfigResponseDto'];
export type RefundQuote = Schemas['RefundQuoteResponseDto'];
export type EnrollmentPayment = Schemas['EnrollmentPaymentResponseDto'];
export type Refund = Schemas['RefundResponseDto'];
export type PaymentDispute = Schemas['PaymentDisputeResponseDto'];
export type CancelEnrollmentInput = Schemas['CancelEnrollmentDto'];
/** A class a registration may switch to, at the one price quote for that person, and the difference. */
export type TransferOption = Schemas['TransferOptionResponseDto'];
export type TransferEnrollmentInput = Schemas['TransferEnrollmentAdminDto'];
export type EnrollmentTransfer = Schemas['EnrollmentTransferResponseDto'];
export type RefundEnrollmentInput = Schemas['RefundEnrollmentDto'];

/** Communications: the outbox row as the Communication Center shows it. */
export type Communication = Schemas['CommunicationResponseDto'];
export type Recipient = Schemas['RecipientResponseDto'];
export type CommunicationTemplate = Schemas['TemplateResponseDto'];
export type SendCommunicationInput = Omit<Schemas['SendCommunicationDto'], 'organizationId'>;
export type ScheduleCommunicationInput = Omit<Schemas['ScheduleCommunicationDto'], 'organizationId'>;
export type TemplateInput = Omit<Schemas['TemplateDto'], 'organizationId'>;

/** Waitlist: `GET /api/classes/{classId}/waitlist`; positions 1..n among waiting and offered entries. */
export type WaitlistEntry = Schemas['WaitlistEntryResponseDto'];
export type WaitlistStatus = WaitlistEntry['status'];

// Integrations: API keys, outbound webhook endpoints and their deliveries, calendar feeds.
export type ApiKey = Schemas['ApiKeyResponseDto'];
export type CreatedApiKey = Schemas['CreatedApiKeyResponseDto'];
export type ApiKeyInput = Schemas['CreateApiKeyDto'];
export type WebhookEndpoint = Schemas['WebhookEndpointResponseDto'];
export type CreatedWebhookEndpoint = Schemas['CreatedWebhookEndpointResponseDto'];
export type WebhookEndpointInput = Schemas['WebhookEndpointDto'];
export type WebhookEvent = WebhookEndpointInput['events'][number];
export type WebhookDelivery = Schemas['WebhookDeliveryResponseDto'];
export type CalendarFeed = Schemas['CalendarFeedResponseDto'];
export type CreatedCalendarFeed = Schemas['CreatedCalendarFeedResponseDto'];
export type CalendarFeedInput = Schemas['CreateCalendarFeedDto'];
