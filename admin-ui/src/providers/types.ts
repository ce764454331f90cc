/** Shapes of docs/api.md. */
export type ClassStatus = 'Open' | 'Scheduled' | 'Closed' | 'Cancelled' | 'Archived';
export const CLASS_STATUSES: ClassStatus[] = ['Open', 'Scheduled', 'Closed', 'Cancelled', 'Archived'];

export interface ClassRecord {
  id: string;
  organizationId: string;
  title: string;
  description: string;
  instructor: string;
  location: string;
  status: ClassStatus;
  price: number;
  discountPrice: number | null;
  maxStudents: number;
  enrolledStudents: number;
  startDate: string;
  duration: number;
  days: number;
  schedule: 'Consecutive' | 'Weekly';
  sessions: string[];
  information: string;
  materials: string[];
  createdAt?: string;
  updatedAt?: string;
}

export interface TeacherClass extends ClassRecord {
  paidCount: number;
  pendingCount: number;
}

/** GET /api/teacher/overview: totalStudents counts each person once, across all listed classes. */
export interface TeacherOverview {
  totalClasses: number;
  totalStudents: number;
  todaysClasses: number;
}

export interface Enrollment {
  id: string;
  classId: string;
  classTitle?: string;
  enrollmentDate: string;
  paymentStatus: 'pending' | 'completed' | 'failed';
  paymentMethod: 'in-person' | 'card';
  amountPaid: number;
  /** The details typed at a public registration, when they differ from the stored student (decision 15). */
  registeredAs?: { firstName: string; lastName: string; phone: string; communicationOptIn: boolean } | null;
}

export interface Student {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: string;
  communicationOptIn: boolean;
  registrationDate: string;
  createdAt: string;
  updatedAt: string;
  classEnrollments: Enrollment[];
}

export interface Branding {
  businessName: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
  headerBackgroundColor: string;
  headerTextColor: string;
  footerBackgroundColor: string;
  footerTextColor: string;
  slogan: string;
  websiteUrl: string;
  socialLinks: { facebook?: string; twitter?: string; instagram?: string; youtube?: string; linkedin?: string };
}

export interface ContactInfo {
  email: string;
  phone: string;
  address: string;
}

export interface PublicOrganization {
  id: string;
  name: string;
  contactInfo: ContactInfo;
  branding: Branding;
}

export type FeatureFlag =
  | 'basicSiteAccess'
  | 'inClassPayments'
  | 'onlinePaymentCollection'
  | 'advancedReporting'
  | 'customBranding'
  | 'apiAccess'
  | 'prioritySupport';

export interface Plan {
  id: string;
  name: string;
  description: string;
  monthlyPrice: number;
  displayOrder: number;
  limits: { maxClasses: number; maxStudents: number; maxTransactionsPerMonth: number };
  features: Partial<Record<FeatureFlag, boolean>>;
}

export interface SubscriptionValidation {
  hasActiveSubscription: boolean;
  canAcceptOnlinePayments: boolean;
  planName: string;
  plan: Plan;
  usage: { classes: number; students: number; transactions: number };
}

export interface AdminProfile {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  profilePicture?: string;
}

export interface Settings {
  organizationId: string;
  contactInfo: ContactInfo;
  branding: Branding;
  adminProfile: AdminProfile;
  [key: string]: unknown;
}

export interface Health {
  status: string;
  database: unknown;
  email: unknown;
  sms: unknown;
  payments: unknown;
}

export interface ActivityEvent {
  id: string;
  eventType: string;
  eventDate: string;
  description: string;
  metadata?: Record<string, unknown>;
}

export type DashboardPeriod = 'month' | 'quarter' | 'year';

export interface DashboardSummary {
  totalRevenue: number | null;
  totalStudents: number | null;
  activeStudents: number | null;
  totalClasses: number | null;
  upcomingClasses: number | null;
  averageSatisfaction: number | null;
  averageRating?: number | null;
  monthlyGrowthRate: number | null;
  topPerformingClass: unknown;
  revenueChange: number | null;
  studentChange: number | null;
  ratingChange?: number | null;
  openClasses: number | null;
  fullClasses: number | null;
  repeatRate: number | null;
  repeatStudents: number | null;
  [key: string]: unknown;
}

export interface AttendanceEntry {
  studentId: string;
  attended: boolean;
}

export interface AttendanceSession {
  sessionIndex: number;
  sessionDate: string;
  entries: AttendanceEntry[];
}

export interface ClassAttendance {
  classId: string;
  sessions: AttendanceSession[];
}

export interface TeamUser {
  id: string;
  email: string;
  role: 'admin' | 'teacher';
  firstName: string;
  lastName: string;
  phone?: string | null;
  organizationId: string | null;
}

export interface CloneResult {
  data: ClassRecord;
  warning: string | null;
  statusForcedByLimit: boolean;
}
