import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type PaymentStatus = 'pending' | 'completed' | 'failed';
export type PaymentMethod = 'in-person' | 'card';
/** held: a card payment is open (seat counted until holdExpiresAt); active: registered; cancelled; expired. */
export type EnrollmentStatus = 'held' | 'active' | 'cancelled' | 'expired';

@Entity('students')
export class StudentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'first_name', type: 'text' }) firstName: string;
  @Column({ name: 'last_name', type: 'text' }) lastName: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text' }) phone: string;
  @Column({ type: 'text' }) status: string;
  @Column({ name: 'communication_opt_in', type: 'boolean' }) communicationOptIn: boolean;
  @Column({ name: 'stripe_customer_id', type: 'text', nullable: true }) stripeCustomerId: string | null;
  @Column({ name: 'registration_date', type: 'timestamptz' }) registrationDate: Date;
  /** Set on a household attendee (issue 14 §2): the contact whose email and phone they share. */
  @Column({ name: 'household_contact_id', type: 'uuid', nullable: true }) householdContactId?: string | null;
  /** YYYY-MM-DD, when the household registration gave it. */
  @Column({ name: 'date_of_birth', type: 'date', nullable: true }) dateOfBirth?: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

@Entity('enrollments')
export class EnrollmentEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'organization_id', type: 'uuid' }) organizationId: string;
  @Column({ name: 'student_id', type: 'uuid' }) studentId: string;
  @Column({ name: 'class_id', type: 'uuid' }) classId: string;
  @Column({ name: 'enrollment_date', type: 'timestamptz' }) enrollmentDate: Date;
  @Column({ name: 'payment_status', type: 'text' }) paymentStatus: PaymentStatus;
  @Column({ name: 'payment_method', type: 'text' }) paymentMethod: PaymentMethod;
  @Column({ name: 'amount_paid_cents', type: 'integer' }) amountPaidCents: number;
  /** Set and cleared by a database trigger whenever payment_status moves to or from 'completed'. */
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true, insert: false, update: false }) paidAt: Date | null;
  /** What the student typed at a public registration (decision 15); null for admin-made enrollments. */
  @Column({ name: 'registered_first_name', type: 'text', nullable: true }) registeredFirstName?: string | null;
  @Column({ name: 'registered_last_name', type: 'text', nullable: true }) registeredLastName?: string | null;
  @Column({ name: 'registered_phone', type: 'text', nullable: true }) registeredPhone?: string | null;
  @Column({ name: 'registered_communication_opt_in', type: 'boolean', nullable: true }) registeredCommunicationOptIn?: boolean | null;
  @Column({ type: 'text' }) status: EnrollmentStatus;
  @Column({ name: 'hold_expires_at', type: 'timestamptz', nullable: true }) holdExpiresAt: Date | null;
  @Column({ name: 'stripe_payment_intent_id', type: 'text', nullable: true }) stripePaymentIntentId: string | null;
  @Column({ name: 'platform_fee_cents', type: 'integer' }) platformFeeCents: number;
  @Column({ name: 'organization_amount_cents', type: 'integer' }) organizationAmountCents: number;
  @Column({ name: 'refunded_cents', type: 'integer' }) refundedCents: number;
  @Column({ name: 'cancellation_policy', type: 'jsonb', nullable: true }) cancellationPolicy?: CancellationPolicy[] | null;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt: Date | null;
  /** Enrollments registered together by a household share the group's first enrollment id (and one PaymentIntent). */
  @Column({ name: 'household_group_id', type: 'uuid', nullable: true }) householdGroupId?: string | null;
}

/** One rule of an organization's cancellation policy, frozen onto each enrollment at registration. */
export interface CancellationPolicy {
  daysBeforeClass: number;
  refundPercentage: number;
}

/** A refund of a card enrollment (the payments module's refunds table, read for the student page). */
export interface RefundRow {
  id: string;
  amountCents: number;
  status: string;
  source: string;
  reason: string;
  createdAt: Date;
}

/** A payment as the IT-admin portal lists it (amounts in cents). */
export interface PaymentRow {
  id: string;
  studentName: string;
  className: string;
  amountCents: number;
  platformFeeCents: number;
  organizationAmountCents: number;
  refundedCents: number;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  enrollmentStatus: string;
  transactionDate: Date;
  stripePaymentIntentId: string | null;
}

export interface EnrollmentRow extends EnrollmentEntity {
  classTitle: string;
  refunds?: RefundRow[];
}

interface RegisteredDetails {
  firstName: string;
  lastName: string;
  phone: string;
  communicationOptIn: boolean;
}

/** The details typed at registration, only when they differ from the stored student (decision 15). */
function registeredDifference(
  e: EnrollmentEntity,
  s: Pick<StudentEntity, 'firstName' | 'lastName' | 'phone' | 'communicationOptIn'>,
): RegisteredDetails | null {
  if (e.registeredFirstName == null) return null;
  const typed = {
    firstName: e.registeredFirstName,
    lastName: e.registeredLastName ?? '',
    phone: e.registeredPhone ?? '',
    communicationOptIn: e.registeredCommunicationOptIn ?? s.communicationOptIn,
  };
  const same =
    typed.firstName === s.firstName &&
    typed.lastName === s.lastName &&
    typed.phone === s.phone &&
    typed.communicationOptIn === s.communicationOptIn;
  return same ? null : typed;
}

export const mapEnrollment = (e: EnrollmentRow, student?: StudentEntity) => ({
  id: e.id,
  classId: e.classId,
  classTitle: e.classTitle,
  enrollmentDate: e.enrollmentDate,
  paymentStatus: e.paymentStatus,
  paymentMethod: e.paymentMethod,
  amountPaid: e.amountPaidCents / 100,
  paidAt: e.paidAt,
  status: e.status ?? 'active',
  holdExpiresAt: e.holdExpiresAt ?? null,
  platformFee: (e.platformFeeCents ?? 0) / 100,
  // In person the whole amount is the organization's; by card, what Stripe transferred after the platform fee.
  organizationAmount: (e.paymentMethod === 'card' ? (e.organizationAmountCents ?? 0) : e.amountPaidCents) / 100,
  refundedAmount: (e.refundedCents ?? 0) / 100,
  stripePaymentIntentId: e.stripePaymentIntentId ?? null,
  cancelledAt: e.cancelledAt ?? null,
  refunds: (e.refunds ?? []).map((r) => ({
    id: r.id,
    amount: r.amountCents / 100,
    status: r.status,
    source: r.source,
    reason: r.reason,
    createdAt: r.createdAt,
  })),
  ...(student ? { registeredAs: registeredDifference(e, student) } : {}),
});

const seatTaking = (e: EnrollmentRow) => (e.status ?? 'active') === 'active' || e.status === 'held';

/** Issue 14 §2: an attendee's household contact; a contact's attendees. */
export interface HouseholdLinks {
  contact?: { id: string; firstName: string; lastName: string; email: string; phone: string } | null;
  members?: { id: string; firstName: string; lastName: string; dateOfBirth: string | null }[];
}

export const mapStudent = (s: StudentEntity, enrollments: EnrollmentRow[], household: HouseholdLinks = {}) => ({
  id: s.id,
  organizationId: s.organizationId,
  firstName: s.firstName,
  lastName: s.lastName,
  email: s.email,
  phone: s.phone,
  status: s.status,
  communicationOptIn: s.communicationOptIn,
  dateOfBirth: s.dateOfBirth ?? null,
  householdContactId: s.householdContactId ?? null,
  householdContact: household.contact ?? null,
  householdMembers: household.members ?? [],
  registrationDate: s.registrationDate,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
  // The classes the student holds a seat in (registered, or a card payment open): what the admin form edits.
  classEnrollments: enrollments.filter((e) => seatTaking(e)).map((e) => mapEnrollment(e, s)),
  // Cancelled enrollments and lapsed holds that took money: kept with their money trail, never edited by the form.
  pastEnrollments: enrollments.filter((e) => !seatTaking(e)).map((e) => mapEnrollment(e, s)),
});
export type StudentResponse = ReturnType<typeof mapStudent>;

/** A student enrolled in a class, as the attendance register lists them. */
export interface EnrolledStudent {
  id: string;
  firstName: string;
  lastName: string;
}

/** An enrollment locked for a payment change. */
export interface LockedEnrollment {
  id: string;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  amountPaidCents: number;
}
