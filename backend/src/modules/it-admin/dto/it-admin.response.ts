import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { BrandingResponseDto, ContactInfoResponseDto } from '../../organizations/dto/organization.response';
import { OrganizationSettingsDto } from '../../organizations/dto/organization-settings.dto';

export class OrganizationCountsResponseDto {
  @ApiProperty({ example: 2 }) users: number;
  @ApiProperty({ example: 6 }) classes: number;
  @ApiProperty({ example: 6 }) students: number;
  @ApiProperty({ description: 'Registered (active) enrollments', example: 9 }) enrollments: number;
  @ApiProperty({ description: 'Email and SMS messages, sent or waiting', example: 14 }) communications: number;
}

/** An organization as platform staff see it (spec 3 §3, Organization IT-admin view). */
export class StaffOrganizationResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) id: string;
  @ApiProperty({ example: 'Sunrise Community Arts' }) name: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'sunrise.example.com' }) domain: string | null;
  @ApiProperty({ example: 'essential' }) subscription_plan_id: string;
  @ApiProperty({ example: 'Essential' }) subscription_plan_name: string;
  @ApiProperty({ example: 'active' }) subscription_status: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'acct_1Q2w3E4r5T6y7U8i' }) stripe_connect_account_id: string | null;
  @ApiProperty({ description: "Stripe's details_submitted", example: true }) stripe_onboarding_completed: boolean;
  @ApiProperty({ example: true }) stripe_charges_enabled: boolean;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) created_at: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updated_at: string;
  @ApiProperty({ type: OrganizationCountsResponseDto }) counts: OrganizationCountsResponseDto;
}

export class StaffSubscriptionResponseDto {
  @ApiProperty({ example: 'essential' }) plan_id: string;
  @ApiProperty({ example: 'Essential' }) plan_name: string;
  @ApiProperty({ description: 'Cents a month', example: 4900 }) monthly_price: number;
  @ApiProperty({ example: 'active' }) status: string;
}

export class StaffOrganizationDetailResponseDto extends StaffOrganizationResponseDto {
  @ApiProperty({ type: ContactInfoResponseDto }) contact_info: ContactInfoResponseDto;
  @ApiProperty({ type: BrandingResponseDto }) branding: BrandingResponseDto;
  @ApiProperty({ type: OrganizationSettingsDto }) settings: OrganizationSettingsDto;
  @ApiProperty({ type: StaffSubscriptionResponseDto }) subscription: StaffSubscriptionResponseDto;
  @ApiProperty({ example: true }) stripe_payouts_enabled: boolean;
}

/** Spec 3 §3, Student payment (IT admin); amounts in cents. */
export class StudentPaymentResponseDto {
  @ApiProperty({ format: 'uuid', description: 'The enrollment', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Olivia Martinez' }) student_name: string;
  @ApiProperty({ example: 'Watercolor Basics' }) class_name: string;
  @ApiProperty({ description: 'Cents paid', example: 10000 }) amount: number;
  @ApiProperty({ description: 'Cents kept by the organization', example: 9700 }) organization_amount: number;
  @ApiProperty({ description: 'Cents of platform fee (PLATFORM_FEE_PERCENT of a card payment; none in person)', example: 300 })
  platform_fee_amount: number;
  @ApiProperty({ description: 'Cents refunded', example: 0 }) refunded_amount: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) transaction_date: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'pi_3Q2w3E4r5T6y7U8i' }) stripe_payment_intent_id: string | null;
  @ApiProperty({ enum: ['in-person', 'card'], example: 'card' }) payment_method: string;
  @ApiProperty({ enum: ['pending', 'completed', 'failed'], example: 'completed' }) payment_status: string;
}

export class PaymentResetItemResponseDto extends StudentPaymentResponseDto {
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Why a payment is skipped; null for one that is (or would be) reset',
    example: null,
  })
  reason: string | null;
}

export class PaymentResetResponseDto {
  @ApiProperty({ description: 'true: a simulation, nothing was changed', example: true }) dryRun: boolean;
  @ApiProperty({ example: 3 }) resetCount: number;
  @ApiProperty({ example: 1 }) skippedCount: number;
  @ApiProperty({ type: [PaymentResetItemResponseDto], description: 'In-person payments set (or that would be set) back to pending' })
  reset: PaymentResetItemResponseDto[];
  @ApiProperty({ type: [PaymentResetItemResponseDto], description: 'Card payments: never reset, money moved through Stripe' })
  skipped: PaymentResetItemResponseDto[];
}

export class StaffOrganizationDeletedResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) id: string;
  @ApiProperty({ example: 'Sunrise Community Arts' }) name: string;
  @ApiProperty({ example: true }) deleted: boolean;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description: 'Close this Express account in the Stripe dashboard (also written to the audit log)',
    example: 'acct_1Q2w3E4r5T6y7U8i',
  })
  stripe_connect_account_id: string | null;
  @ApiProperty({ type: [String], description: 'PaymentIntents of open seat holds that were cancelled', example: [] })
  cancelled_payment_intents: string[];
}

export class SubscriptionResetResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organization_id: string;
  @ApiProperty({ example: 'free' }) subscription_plan_id: string;
  @ApiProperty({ description: 'Its Stripe subscription, if any, was cancelled (when Stripe is configured)', example: 'active' })
  subscription_status: string;
}

export class StudentsDeletedResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organization_id: string;
  @ApiProperty({ example: 12 }) students: number;
  @ApiProperty({ example: 15 }) enrollments: number;
}

export class ActivityEventsDeletedResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organization_id: string;
  @ApiProperty({ example: 40 }) activity_events: number;
}

export class ScheduledCommunicationsDeletedResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organization_id: string;
  @ApiProperty({ description: 'Messages that were still waiting to go', example: 3 }) scheduled_communications: number;
}

export class StuckStripeEventResponseDto {
  @ApiProperty({ example: 'evt_1Q2w3E4r5T6y7U8i' }) id: string;
  @ApiProperty({ example: 'payment_intent.succeeded' }) type: string;
  @ApiProperty({ format: 'date-time', description: 'When Stripe created the event' }) created: string;
  @ApiProperty({ example: 25 }) attempts: number;
  @ApiProperty({ type: 'string', nullable: true, description: 'The last failure', example: 'Enrollment not found' }) error: string | null;
}

export class StuckStripeEventsResponseDto {
  @ApiProperty({ description: 'Events still failing after every automatic retry (25): what they record is missing', example: 0 })
  count: number;
  @ApiProperty({ type: StuckStripeEventResponseDto, nullable: true }) oldest: StuckStripeEventResponseDto | null;
}

export class StripeInfoResponseDto {
  @ApiProperty({ enum: ['live', 'test', 'not configured'], example: 'test' }) environment: string;
  @ApiProperty({ example: true }) configured: boolean;
  @ApiProperty({ type: 'string', nullable: true, description: 'At most the first 4 and last 4 characters', example: 'pk_t…x9Zq' })
  publicKeyPartial: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'sk_t…a1B2' }) secretKeyPartial: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'whse…c3D4' }) webhookSecretPartial: string | null;
  @ApiProperty({ example: true }) hasWebhookSecret: boolean;
  @ApiProperty({ type: StuckStripeEventsResponseDto }) stuckEvents: StuckStripeEventsResponseDto;
}

export class DatabaseInfoResponseDto {
  @ApiProperty({ example: 'localhost' }) host: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 5432 }) port: number | null;
  @ApiProperty({ example: 'classlane' }) database: string;
  @ApiProperty({ example: 'PostgreSQL 18.4' }) version: string;
  @ApiProperty({ description: 'Largest number of connections of this instance', example: 10 }) poolSize: number;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Connections open now', example: 3 }) poolOpen: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Of which idle', example: 2 }) poolIdle: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Queries waiting for a connection', example: 0 }) poolWaiting: number | null;
}

export class TwilioInfoResponseDto {
  @ApiProperty({ example: false }) configured: boolean;
  @ApiProperty({ type: 'string', nullable: true, example: 'AC12…9f0e' }) accountSidPartial: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: '+15595550100' }) phoneNumber: string | null;
  @ApiProperty({ example: false }) hasAuthToken: boolean;
}

export class SendgridInfoResponseDto {
  @ApiProperty({ example: 'no-reply@classlane.local' }) verifiedSender: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'SG.a…Zz9x' }) apiKeyPartial: string | null;
  @ApiProperty({ example: false }) hasApiKey: boolean;
}

/** Spec 3 §3, System info: masked fragments only; the spec's `supabase` block is the database here. */
export class SystemInfoResponseDto {
  @ApiProperty({ example: 'https://classes.example.com/api' }) apiUrl: string;
  @ApiProperty({ example: 'https://classes.example.com' }) clientUrl: string;
  @ApiProperty({ example: 'production' }) environment: string;
  @ApiProperty({ example: 3 }) platformFeePercent: number;
  @ApiProperty({ type: StripeInfoResponseDto }) stripe: StripeInfoResponseDto;
  @ApiProperty({ type: DatabaseInfoResponseDto }) database: DatabaseInfoResponseDto;
  @ApiProperty({ type: TwilioInfoResponseDto }) twilio: TwilioInfoResponseDto;
  @ApiProperty({ type: SendgridInfoResponseDto }) sendgrid: SendgridInfoResponseDto;
}

export class AuditLogEntryResponseDto {
  @ApiProperty({ description: 'Sequence number', example: '42' }) id: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) created_at: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, description: 'null for a refused sign-in', example: EXAMPLE_ID })
  staff_id: string | null;
  @ApiProperty({ description: 'The staff account, or the username tried at a refused sign-in', example: 'itadmin' })
  staff_username: string;
  @ApiProperty({ example: 'organization.delete' }) action: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: EXAMPLE_ORG_ID }) target_organization_id: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { method: 'DELETE', confirmation: 'DELETE_ORGANIZATION' } })
  request: Record<string, unknown>;
  @ApiProperty({ enum: ['success', 'refused', 'failed'], example: 'success' }) outcome: string;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { stripeConnectAccountId: 'acct_1Q2w3E4r5T6y7U8i' } })
  detail: Record<string, unknown>;
  @ApiProperty({ type: 'string', nullable: true, example: '127.0.0.1' }) ip: string | null;
}
