import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type PaymentStatus = 'pending' | 'completed' | 'failed';
export type PaymentMethod = 'in-person' | 'card';
/** held: a card payment is open (seat counted until holdExpiresAt); active: registered; cancelled; expired. */
export type EnrollmentStatus = 'held' | 'active' | 'cancelled' | 'expired';

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
  /** The price quoted when the seat was taken (card holds and public registrations); null before price quotes. */
  @Column({ name: 'amount_due_cents', type: 'integer', nullable: true }) amountDueCents?: number | null;
  /** The quote's lines for this seat (dollars): what receipts, refunds and reports show was charged. */
  @Column({ name: 'price_breakdown', type: 'jsonb', nullable: true }) priceBreakdown?: PriceLine[] | null;
  @Column({ name: 'cancellation_policy', type: 'jsonb', nullable: true }) cancellationPolicy?: CancellationPolicy[] | null;
  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true }) cancelledAt: Date | null;
  /** Enrollments registered together by a household share the group's first enrollment id (and one PaymentIntent). */
  /** A drop-in's session (issue 39 §3): the seat is in that session only; null: the whole class. */
  @Column({ name: 'class_session_id', type: 'uuid', nullable: true }) classSessionId?: string | null;
  @Column({ name: 'household_group_id', type: 'uuid', nullable: true }) householdGroupId?: string | null;
  /** A payment plan past due since then (issue 40 §2): flagged in rosters, the student panel and the roll call. */
  @Column({ name: 'past_due_since', type: 'timestamptz', nullable: true }) pastDueSince?: Date | null;
}

/** One line of a price quote as an enrollment keeps it. */
export interface PriceLine {
  label: string;
  amount: number;
  /** A tax line (issue 43): its rate, and whether the prices included it (then it is not added to the total). */
  tax?: { label: string; rate: number; included: boolean };
  /** A registration fee line. */
  fee?: boolean;
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

/** A student enrolled in a class, as the attendance register lists them. */
export interface EnrolledStudent {
  id: string;
  firstName: string;
  lastName: string;
  /** The sessions (indexes) this student holds only as drop-ins; null or absent: the whole class. */
  dropInSessions?: number[] | null;
  /** A payment plan of this student's is past due (issue 40 §2). */
  pastDue?: boolean;
  /** The sessions (indexes) of those this student holds as make-ups (issue 41 §3). */
  makeUpSessions?: number[] | null;
}

/** An enrollment locked for a payment change. */
export interface LockedEnrollment {
  id: string;
  paymentStatus: PaymentStatus;
  paymentMethod: PaymentMethod;
  amountPaidCents: number;
  amountDueCents: number | null;
  refundedCents: number;
}
