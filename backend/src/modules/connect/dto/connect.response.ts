import { ApiProperty } from '@nestjs/swagger';

export class AccountRequirementsResponseDto {
  @ApiProperty({ type: [String], example: ['external_account'], description: 'Needed now to keep or enable charges' })
  currently_due: string[];
  @ApiProperty({ type: [String], example: [], description: 'Overdue: charges or payouts are disabled until provided' })
  past_due: string[];
  @ApiProperty({ type: [String], example: ['individual.id_number'], description: 'Needed later (informational)' })
  eventually_due: string[];
  @ApiProperty({ type: 'string', nullable: true, example: null, description: "Stripe's reason when the account is disabled" })
  disabled_reason: string | null;
}

/**
 * GET /connect/status/{organizationId}. Everyone gets `hasAccount` and `charges_enabled` (the public
 * registration page decides on card payment with them); the organization's own admin also gets the rest: the
 * payment setup status of spec 3 §3.
 */
export class ConnectStatusResponseDto {
  @ApiProperty({ example: true }) hasAccount: boolean;
  @ApiProperty({ example: false }) charges_enabled: boolean;
  @ApiProperty({ required: false, example: true, description: 'Admin only' }) hasActiveSubscription?: boolean;
  @ApiProperty({ required: false, example: true, description: 'Admin only: the plan allows online payments and is active' })
  canAcceptOnlinePayments?: boolean;
  @ApiProperty({ required: false, example: 'Essential', description: 'Admin only' }) planName?: string;
  @ApiProperty({ required: false, example: false, description: 'Admin only' }) payouts_enabled?: boolean;
  @ApiProperty({ required: false, example: true, description: 'Admin only' }) details_submitted?: boolean;
  @ApiProperty({ required: false, type: AccountRequirementsResponseDto, description: 'Admin only' })
  requirements?: AccountRequirementsResponseDto;
  @ApiProperty({ required: false, example: true, description: 'Admin only: false in local mode (STRIPE_SECRET_KEY unset)' })
  stripeConfigured?: boolean;
  @ApiProperty({
    required: false,
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: '2026-11-23T13:00:00.000Z',
    description: 'Admin only: when the account state was last read from Stripe',
  })
  refreshedAt?: string | null;
}

/** POST /connect/create-account: the organization's Express account, new (201) or the existing one (200). */
export class ConnectAccountResponseDto {
  @ApiProperty({ example: 'acct_1Q2w3E4r5T6y7U8i' }) accountId: string;
  @ApiProperty({ example: true, description: 'false when the organization already had this account' }) created: boolean;
  @ApiProperty({ example: true }) hasAccount: boolean;
  @ApiProperty({ example: false }) charges_enabled: boolean;
  @ApiProperty({ example: false }) payouts_enabled: boolean;
  @ApiProperty({ example: false }) details_submitted: boolean;
}

export class OnboardingLinkResponseDto {
  @ApiProperty({ example: 'https://connect.stripe.com/setup/e/acct_1Q2w3E4r5T6y7U8i/abc', description: "Stripe's hosted onboarding" })
  onboarding_url: string;
}

export class DashboardLinkResponseDto {
  @ApiProperty({ example: 'https://connect.stripe.com/express/acct_1Q2w3E4r5T6y7U8i/abc', description: 'Express dashboard login link' })
  url: string;
}
