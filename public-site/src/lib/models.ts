/** Wire shapes read by the public site (docs/api.md). Dates arrive as Date (see apiClient.reviveDates). */
import type { DateInput } from '@/lib/classFormat';

export type ClassStatus = 'Open' | 'Scheduled' | 'Closed' | 'Cancelled' | 'Archived';

export interface ClassItem {
  id: string;
  organizationId: string;
  title: string;
  description: string;
  instructor: string;
  location: string;
  status: ClassStatus | string;
  price: number;
  discountPrice: number | null;
  maxStudents: number;
  enrolledStudents: number;
  startDate: DateInput;
  duration: number;
  days: number;
  schedule: 'Consecutive' | 'Weekly';
  sessions: DateInput[];
  information: string;
  materials: string[];
}

export interface SocialLinks {
  facebook?: string;
  twitter?: string;
  instagram?: string;
  youtube?: string;
  linkedin?: string;
}

export interface Branding {
  businessName: string;
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  headerBackgroundColor: string;
  headerTextColor: string;
  footerBackgroundColor: string;
  footerTextColor: string;
  slogan: string;
  websiteUrl: string | null;
  socialLinks: SocialLinks;
}

export interface ContactInfo {
  email?: string | null;
  phone?: string | null;
  address?: string | null;
}

export interface PublicOrganization {
  id: string;
  name: string;
  contactInfo: ContactInfo | null;
  branding: Partial<Branding> | null;
}

export type PaymentStatus = 'pending' | 'completed' | 'failed';

export interface Enrollment {
  id?: string;
  classId: string;
  classTitle?: string;
  enrollmentDate?: DateInput;
  paymentStatus: PaymentStatus;
  paymentMethod: 'in-person' | 'card';
  amountPaid?: number | null;
}

export interface Student {
  id: string;
  organizationId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  communicationOptIn: boolean;
  classEnrollments: Enrollment[];
}

export interface Plan {
  id: string;
  name: string;
  description?: string;
  monthlyPrice: number;
  displayOrder: number;
  limits: { maxClasses: number; maxStudents: number; maxTransactionsPerMonth?: number };
  features: Partial<{
    basicSiteAccess: boolean;
    inClassPayments: boolean;
    onlinePaymentCollection: boolean;
    advancedReporting: boolean;
    customBranding: boolean;
    apiAccess: boolean;
    prioritySupport: boolean;
  }>;
}
