/**
 * Wire shapes the public site reads: aliases of the types generated from the backend's OpenAPI document
 * (`npm run api:types` → shared/api/schema.d.ts). apiClient.reviveDates turns ISO date-times into Date,
 * so the date-time fields a page reads are widened to DateInput here; fields no page reads are left out (Omit).
 */
import type { components } from '@shared/api/schema';
import type { DateInput } from '@/lib/classFormat';

type Schemas = components['schemas'];

/** The listed fields as the page holds them after apiClient.reviveDates (Date, or the string it could not parse). */
type Revived<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] extends unknown[] ? DateInput[] : DateInput };

/** A class reply (public list, class page, register page); createdAt/updatedAt are not shown publicly. */
export type ClassItem = Revived<Omit<Schemas['ClassResponseDto'], 'createdAt' | 'updatedAt'>, 'startDate' | 'sessions'>;

export type Branding = Schemas['BrandingResponseDto'];
export type ContactInfo = Schemas['ContactInfoResponseDto'];
export type PublicOrganization = Schemas['PublicOrganizationResponseDto'];

export type PaymentStatus = Schemas['RegistrationEnrollmentResponseDto']['paymentStatus'];

/** An enrollment of the public registration reply (decision 15: only this registration's). */
type Enrollment = Revived<Schemas['RegistrationEnrollmentResponseDto'], 'enrollmentDate'>;

/** The public registration reply (`POST /api/students/register`). */
export type Student = Omit<Schemas['RegistrationResponseDto'], 'classEnrollments'> & { classEnrollments: Enrollment[] };

/** A subscription plan as the pricing section shows it (the built-in fallback list has no Stripe price). */
export type Plan = Omit<Schemas['PlanResponseDto'], 'isActive' | 'stripePriceId'>;
