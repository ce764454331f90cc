import type { Type } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type OpenAPIObject, type SchemaObject } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../common/openapi/common.responses';
import { PaymentPlanInstalmentFailedData, PaymentPlanInstalmentPaidData, PaymentPlanPastDueData } from './payment-plan-payloads';
import { MembershipRenewalFailedData, MembershipRenewedData } from './membership-payloads';

/*
 * The `data` of each outbound webhook event, as its publishers send it today. The classes are the TypeScript types
 * the publish call is checked against (WebhookPayloads below) and, through their @ApiProperty fields, the schemas of
 * the document's `webhooks` section: one description for the compiler and for the people who build a receiver.
 * The literal types are spelled out here rather than imported from the modules that publish: this module sits below
 * them all.
 */

const PAYMENT_METHODS = ['in-person', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** `enrollment.created`: a seat taken (a registration, an admin's walk-in, a household's completed card payment). */
export class EnrollmentCreatedData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Pottery 101' }) className: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ example: 'Olivia Martinez' }) studentName: string;
  /** Not sent when a household's card payment completes its registrations (the path has the names, not the email). */
  @ApiPropertyOptional({
    example: 'olivia@example.com',
    description: "The student's email; absent when a household's card payment completes the registration",
  })
  email?: string;
  @ApiProperty({ enum: PAYMENT_METHODS, example: 'in-person' }) paymentMethod: PaymentMethod;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'], example: 'pending' }) paymentStatus: 'pending' | 'completed' | 'failed';
  @ApiProperty({
    enum: ['online', 'walk_in'],
    example: 'online',
    description: 'online: the public site; walk_in: added by an admin or teacher',
  })
  source: 'online' | 'walk_in';
}

/**
 * `enrollment.cancelled`, from every cancellation path (the student, an admin's cancel or removal of a class from a
 * student's record, a cancelled class): one shape, with the refund (0 when none, as for the admin's removal).
 */
export class EnrollmentCancelledData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ example: 'Olivia Martinez' }) studentName: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Pottery 101' }) className: string;
  @ApiProperty({ example: 80, description: 'Dollars refunded with the cancellation (0: none)' }) refund: number;
  @ApiPropertyOptional({ enum: ['class_cancelled'], description: 'Present when the class itself was cancelled' })
  source?: 'class_cancelled';
}

/** `payment.succeeded`: a card payment, or a payment taken in person (marked paid, a walk-in paid on the spot, the record). */
export class PaymentSucceededData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ example: 'Olivia Martinez' }) studentName: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Pottery 101' }) className: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ example: 80, description: 'Dollars' }) amount: number;
  @ApiProperty({ enum: PAYMENT_METHODS, example: 'card' }) paymentMethod: PaymentMethod;
}

/** `payment.refunded`: a card refund recorded (a failed refund is not announced). */
export class PaymentRefundedData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 80, description: 'Dollars' }) amount: number;
  @ApiProperty({ enum: ['succeeded', 'pending'], example: 'succeeded' }) status: 'succeeded' | 'pending';
  @ApiProperty({ example: 'requested_by_customer' }) reason: string;
}

/** `waitlist.offered`: a held seat offered to the first person waiting. */
export class WaitlistOfferedData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) waitlistEntryId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Olivia' }) firstName: string;
  @ApiProperty({ example: 'olivia@example.com' }) email: string;
  @ApiProperty({ example: 1, description: 'Which offer this is for the entry (1 for the first)' }) offerNumber: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) offerExpiresAt: string;
}

/** `class.cancelled`: by an admin, or by the go/no-go decision (`reason: 'below_minimum'`). */
export class ClassCancelledData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Pottery 101' }) className: string;
  @ApiPropertyOptional({ enum: ['below_minimum'], description: 'Present when the class was cancelled for too few students' })
  reason?: 'below_minimum';
}

/** What `student.updated` says about the student: the fields a connected tool keeps, as now stored. */
export class StudentUpdatedFields {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ example: 'Olivia' }) firstName: string;
  @ApiProperty({ example: 'Martinez' }) lastName: string;
  @ApiProperty({ example: 'olivia@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: '5595551234' }) phone: string | null;
  @ApiProperty({ example: true }) communicationOptIn: boolean;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null }) householdContactId: string | null;
  @ApiProperty({ type: String, nullable: true, example: '2016-04-12', description: 'YYYY-MM-DD' }) dateOfBirth: string | null;
}

/** The fields `changed` may name (never the id). */
const STUDENT_CHANGEABLE = ['firstName', 'lastName', 'email', 'phone', 'communicationOptIn', 'householdContactId', 'dateOfBirth'] as const;

/** `student.updated` after a change: the fields that changed (never empty: no change, no event). */
export class StudentChangedData extends StudentUpdatedFields {
  @ApiProperty({ enum: STUDENT_CHANGEABLE, isArray: true, example: ['email'] }) changed: (keyof StudentUpdatedFields)[];
}

/** `student.updated` after an erasure: the record as anonymised. */
export class StudentErasedData extends StudentUpdatedFields {
  @ApiProperty({ enum: [true], example: true }) erased: true;
}

export type StudentUpdatedData = StudentChangedData | StudentErasedData;

const CREDIT_KINDS = ['pack', 'membership_allowance', 'makeup_token', 'account_credit'] as const;
const CREDIT_UNITS = ['uses', 'dollars'] as const;

/** `credit.granted`: an entitlement of the credits ledger given (a pack sold, a membership period, a make-up token, account credit, an admin's grant). */
export class CreditGrantedData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) entitlementId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The holder (a household contact when household is true)' })
  studentId: string;
  @ApiProperty({ example: false, description: "Usable by every member of the holder's household" }) household: boolean;
  @ApiProperty({ enum: CREDIT_KINDS, example: 'pack' }) kind: (typeof CREDIT_KINDS)[number];
  @ApiProperty({ enum: CREDIT_UNITS, example: 'uses', description: 'Account credit counts dollars, every other kind uses' })
  unit: (typeof CREDIT_UNITS)[number];
  @ApiProperty({ example: 10, description: 'Uses, or dollars for account credit' }) amount: number;
  @ApiProperty({ example: '2026-12-07', description: "First valid day (YYYY-MM-DD, the organization's zone)" }) validFrom: string;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2027-03-07',
    description: 'Last valid day, usable through the whole day; null: no expiry',
  })
  validUntil: string | null;
  @ApiProperty({ example: 'sale' }) source: string;
}

/** `credit.used`: a registration (a whole class or a drop-in session) paid with a credit. */
export class CreditUsedData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) entitlementId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'Who took the seat' }) studentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ enum: CREDIT_KINDS, example: 'pack' }) kind: (typeof CREDIT_KINDS)[number];
  @ApiProperty({ enum: CREDIT_UNITS, example: 'uses' }) unit: (typeof CREDIT_UNITS)[number];
  @ApiProperty({ example: 1, description: 'Uses, or dollars for account credit' }) amount: number;
  @ApiProperty({ example: 9, description: 'What is left after this use, in the same unit' }) remaining: number;
}

/** Each event's `data`, by event name: WebhookEvents.publish takes the one of the event it is given. */
export interface WebhookPayloads {
  'enrollment.created': EnrollmentCreatedData;
  'enrollment.cancelled': EnrollmentCancelledData;
  'payment.succeeded': PaymentSucceededData;
  'payment.refunded': PaymentRefundedData;
  'waitlist.offered': WaitlistOfferedData;
  'class.cancelled': ClassCancelledData;
  'student.updated': StudentUpdatedData;
  'payment_plan.instalment_paid': PaymentPlanInstalmentPaidData;
  'payment_plan.instalment_failed': PaymentPlanInstalmentFailedData;
  'payment_plan.past_due': PaymentPlanPastDueData;
  'credit.granted': CreditGrantedData;
  'credit.used': CreditUsedData;
  'membership.renewed': MembershipRenewedData;
  'membership.renewal_failed': MembershipRenewalFailedData;
}

/** The classes each event's `data` may be one of (the document's schemas; two for student.updated, sent after a change or an erasure). */
export const WEBHOOK_PAYLOAD_CLASSES: { [E in keyof WebhookPayloads]: { description: string; shapes: Type<unknown>[] } } = {
  'enrollment.created': { description: 'A seat was taken', shapes: [EnrollmentCreatedData] },
  'enrollment.cancelled': { description: 'An enrollment was cancelled', shapes: [EnrollmentCancelledData] },
  'payment.succeeded': { description: 'A payment was taken, by card or in person', shapes: [PaymentSucceededData] },
  'payment.refunded': { description: 'A card refund was recorded', shapes: [PaymentRefundedData] },
  'waitlist.offered': { description: 'A held seat was offered to someone on the waitlist', shapes: [WaitlistOfferedData] },
  'class.cancelled': { description: 'A class was cancelled', shapes: [ClassCancelledData] },
  'student.updated': { description: 'A person changed (or was erased)', shapes: [StudentChangedData, StudentErasedData] },
  'payment_plan.instalment_paid': { description: "A payment plan's instalment was paid", shapes: [PaymentPlanInstalmentPaidData] },
  'payment_plan.instalment_failed': {
    description: "A payment plan's instalment could not be charged",
    shapes: [PaymentPlanInstalmentFailedData],
  },
  'payment_plan.past_due': { description: 'A payment plan went past due', shapes: [PaymentPlanPastDueData] },
  'credit.granted': {
    description: 'A credit (pack, membership allowance, make-up token, account credit) was given',
    shapes: [CreditGrantedData],
  },
  'credit.used': { description: 'A registration was paid with a credit', shapes: [CreditUsedData] },
  'membership.renewed': { description: "A membership's renewal was paid", shapes: [MembershipRenewedData] },
  'membership.renewal_failed': { description: "A membership's renewal charge failed", shapes: [MembershipRenewalFailedData] },
};

/** The envelope every event is POSTed in, with the event's `data`: one JSON Schema per event. */
function eventSchema(type: keyof WebhookPayloads, shapes: Type<unknown>[]): SchemaObject {
  const refs = shapes.map((s) => ({ $ref: `#/components/schemas/${s.name}` }));
  return {
    type: 'object',
    required: ['id', 'type', 'createdAt', 'organizationId', 'data'],
    properties: {
      id: { type: 'string', format: 'uuid', description: 'The event id, the same on every retry and redelivery: dedupe on it' },
      type: { type: 'string', enum: [type] },
      createdAt: { type: 'string', format: 'date-time' },
      organizationId: { type: 'string', format: 'uuid' },
      data: refs.length === 1 ? refs[0] : { oneOf: refs },
    },
  };
}

const HEADERS = [
  ['Classlane-Event-Id', 'The event id (as `id` in the body)'],
  ['Classlane-Event-Type', 'The event type (as `type` in the body)'],
  ['Classlane-Signature', '`t=<unix seconds>,v1=<hex>`: v1 is the HMAC-SHA256 of `<t>.<raw body>` with the endpoint secret'],
] as const;

/**
 * The document's OpenAPI 3.1 `webhooks`: what Classlane POSTs to a registered endpoint for each event, and the payload
 * classes their schemas refer to (added to the document's components).
 */
export function webhookDocument(): { webhooks: NonNullable<OpenAPIObject['webhooks']>; models: Type<unknown>[] } {
  const webhooks = Object.fromEntries(
    (Object.keys(WEBHOOK_PAYLOAD_CLASSES) as (keyof WebhookPayloads)[]).map((type) => {
      const { description, shapes } = WEBHOOK_PAYLOAD_CLASSES[type];
      return [
        type,
        {
          post: {
            summary: type,
            description: `${description}. Sent at least once; retried with backoff for 24 hours until a 2xx answers.`,
            operationId: `webhook_${type.replace('.', '_')}`,
            tags: ['webhook events'],
            parameters: HEADERS.map(([name, text]) => ({
              name,
              in: 'header' as const,
              required: true,
              description: text,
              schema: { type: 'string' },
            })),
            requestBody: { required: true, content: { 'application/json': { schema: eventSchema(type, shapes) } } },
            responses: { '2XX': { description: 'Received (any 2xx within the timeout; anything else is a failure, retried)' } },
          },
        },
      ];
    }),
  );
  const models = [...new Set(Object.values(WEBHOOK_PAYLOAD_CLASSES).flatMap((c) => c.shapes))];
  return { webhooks, models };
}
