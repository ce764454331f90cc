import { envelopeSchema } from '../../common/http/envelope.interceptor';

// The JSON schema of a student record as mapStudent (student-record.ts) builds it, in its key order, so the reply
// compiled from it (Serialized in common/http/envelope.interceptor.ts) has the same bytes as JSON.stringify's. A
// page of students carries three dates per student and three or more per enrollment, which JSON.stringify writes
// through each Date's toJSON on the engine's slow path. Every leaf also takes null and numbers are not forced to
// integers, so no value is ever coerced into another; a key the mapping gains before it is added here is still sent
// (additionalProperties), and student-list-serializer.spec.ts fails until it is added. Values without dates
// (the price quote's lines, the household links, the details typed at registration) are left to JSON.stringify ({}).
const text = { type: ['string', 'null'] };
const num = { type: ['number', 'null'] };
const bool = { type: ['boolean', 'null'] };
const time = { type: ['string', 'null'], format: 'date-time' };
const any = {};

/** A refund in a student's record (refundReply). */
export const REFUND_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  properties: { id: text, amount: num, status: text, source: text, reason: text, createdAt: time },
} as const;

/** An enrollment in a student's record (mapEnrollment). */
export const ENROLLMENT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: text,
    classId: text,
    classTitle: text,
    classSessionId: text,
    enrollmentDate: time,
    paymentStatus: text,
    paymentMethod: text,
    amountPaid: num,
    priceBreakdown: any,
    amountDue: num,
    paidAt: time,
    status: text,
    holdExpiresAt: time,
    platformFee: num,
    organizationAmount: num,
    refundedAmount: num,
    balanceDue: num,
    stripePaymentIntentId: text,
    cancelledAt: time,
    refunds: { type: 'array', items: REFUND_JSON_SCHEMA },
    pastDue: bool,
    registeredAs: any,
  },
} as const;

/** A student record (mapStudent). */
export const STUDENT_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: true,
  properties: {
    id: text,
    organizationId: text,
    firstName: text,
    lastName: text,
    email: text,
    phone: text,
    status: text,
    communicationOptIn: bool,
    language: text,
    dateOfBirth: text,
    householdContactId: text,
    householdContact: any,
    householdMembers: any,
    registrationDate: time,
    createdAt: time,
    updatedAt: time,
    classEnrollments: { type: 'array', items: ENROLLMENT_JSON_SCHEMA },
    pastEnrollments: { type: 'array', items: ENROLLMENT_JSON_SCHEMA },
  },
} as const;

/** The admin's students list's reply (GET /api/students), serialized by a function compiled from it (see Serialized). */
export const STUDENT_LIST_REPLY = envelopeSchema({ type: 'array', items: STUDENT_JSON_SCHEMA });
