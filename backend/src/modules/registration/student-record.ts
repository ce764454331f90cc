import type { StudentEntity } from '../students/student.entity';
import type { EnrollmentEntity, EnrollmentRow } from './enrollment.entity';

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

/** A refund as the replies show it (amount in dollars): in a student's record and in the refund route's answer. */
export const refundReply = (r: {
  id: string;
  amountCents: number;
  status: string;
  source: string | null;
  reason: string | null;
  createdAt: Date;
}) => ({
  id: r.id,
  amount: r.amountCents / 100,
  status: r.status,
  source: r.source,
  reason: r.reason,
  createdAt: r.createdAt,
});

export const mapEnrollment = (e: EnrollmentRow, student?: StudentEntity) => ({
  id: e.id,
  classId: e.classId,
  classTitle: e.classTitle,
  // A drop-in's session (issue 39 §3): this registration holds a seat in that session only; null: the whole class.
  classSessionId: e.classSessionId ?? null,
  enrollmentDate: e.enrollmentDate,
  paymentStatus: e.paymentStatus,
  paymentMethod: e.paymentMethod,
  amountPaid: e.amountPaidCents / 100,
  // The price quote's lines when the seat was taken (null for enrollments from before quotes or made by an admin).
  priceBreakdown: e.priceBreakdown ?? null,
  // What the price quote asked for this seat (null for enrollments from before quotes).
  amountDue: e.amountDueCents === null || e.amountDueCents === undefined ? null : e.amountDueCents / 100,
  paidAt: e.paidAt,
  status: e.status ?? 'active',
  holdExpiresAt: e.holdExpiresAt ?? null,
  platformFee: (e.platformFeeCents ?? 0) / 100,
  // In person the whole amount is the organization's; by card, what Stripe transferred after the platform fee.
  organizationAmount: (e.paymentMethod === 'card' ? (e.organizationAmountCents ?? 0) : e.amountPaidCents) / 100,
  refundedAmount: (e.refundedCents ?? 0) / 100,
  // Paid, but a switch to a dearer class left the difference to pay in person: what is still to collect.
  balanceDue:
    e.paymentStatus === 'completed' && e.amountDueCents !== null && e.amountDueCents !== undefined
      ? Math.max(0, e.amountDueCents - (e.amountPaidCents - (e.refundedCents ?? 0))) / 100
      : 0,
  stripePaymentIntentId: e.stripePaymentIntentId ?? null,
  cancelledAt: e.cancelledAt ?? null,
  refunds: (e.refunds ?? []).map(refundReply),
  // A payment plan's instalment unpaid past the organization's grace days (issue 40 §2).
  pastDue: !!e.pastDueSince,
  ...(student ? { registeredAs: registeredDifference(e, student) } : {}),
});

const seatTaking = (e: EnrollmentRow) => (e.status ?? 'active') === 'active' || e.status === 'held';

/** Households: an attendee's contact (who registered them); a contact's attendees. */
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
  // Their messages' language (issue 42 §2); null: not known, the organization's default applies.
  language: s.language ?? null,
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
