import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXAMPLE_ID } from '../../common/openapi/common.responses';

/*
 * The `data` of the membership events (issue 41 §4), beside webhook-payloads.ts (which lists them with the others).
 * Amounts in dollars, as every amount of the API; dates YYYY-MM-DD in the organization's zone.
 */

class MembershipFacts {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) membershipId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) productId: string;
  @ApiProperty({ example: 'Monthly unlimited' }) productName: string;
  @ApiProperty({ example: 89.5, description: 'Dollars' }) amount: number;
}

/** `membership.renewed`: a renewal was paid (off-session by card, or marked paid in person); the new period's allowance is granted. */
export class MembershipRenewedData extends MembershipFacts {
  @ApiProperty({ enum: ['card', 'in-person'], example: 'card' }) paidVia: 'card' | 'in-person';
  @ApiProperty({ example: '2027-01-07', description: 'First day of the new period' }) periodStart: string;
  @ApiProperty({ example: '2027-02-06', description: 'Last day of the new period' }) periodEnd: string;
}

/** `membership.renewal_failed`: an off-session renewal charge failed (no use of the new period is given until it is paid). */
export class MembershipRenewalFailedData extends MembershipFacts {
  @ApiProperty({ enum: ['authentication_required', 'soft_decline', 'hard_decline'], example: 'soft_decline' })
  outcome: 'authentication_required' | 'soft_decline' | 'hard_decline';
  @ApiPropertyOptional({ type: String, nullable: true, example: 'insufficient_funds' }) declineCode: string | null;
  @ApiProperty({ example: true, description: 'Whether the saved method will be tried again on the retry schedule' }) willRetry: boolean;
  @ApiProperty({ enum: ['pending_renewal', 'lapsed'], example: 'pending_renewal', description: 'The membership after this attempt' })
  status: 'pending_renewal' | 'lapsed';
}
