import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXAMPLE_ID } from '../../common/openapi/common.responses';

/*
 * The `data` of the payment plan events (issue 40 §4), beside webhook-payloads.ts (which lists them with the others).
 * Amounts in dollars, as every amount of the API.
 */

/** What every payment plan event says about the plan and the instalment. */
class PaymentPlanInstalmentFacts {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) paymentPlanId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Swim lessons (fall)' }) className: string;
  @ApiProperty({ example: 2, description: 'The instalment number (1 for the first after the deposit)' }) seq: number;
  @ApiProperty({ example: 150, description: 'Dollars' }) amount: number;
}

/** `payment_plan.instalment_paid`: an instalment was paid (off-session, on-session from the portal, or at the door). */
export class PaymentPlanInstalmentPaidData extends PaymentPlanInstalmentFacts {
  @ApiProperty({ enum: ['card', 'in-person'], example: 'card' }) paidVia: 'card' | 'in-person';
}

/** `payment_plan.instalment_failed`: an attempt to charge an instalment failed (declined, or the bank debit failed). */
export class PaymentPlanInstalmentFailedData extends PaymentPlanInstalmentFacts {
  @ApiProperty({
    enum: ['authentication_required', 'soft_decline', 'hard_decline', 'bank_debit_failed'],
    example: 'soft_decline',
  })
  outcome: 'authentication_required' | 'soft_decline' | 'hard_decline' | 'bank_debit_failed';
  @ApiPropertyOptional({ type: String, nullable: true, example: 'insufficient_funds' }) declineCode: string | null;
  @ApiProperty({ example: true, description: 'Whether the instalment will be tried again on the retry schedule' }) willRetry: boolean;
}

/** `payment_plan.past_due`: a failed instalment stayed unpaid past the organization's grace days. */
export class PaymentPlanPastDueData {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) paymentPlanId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Swim lessons (fall)' }) className: string;
  @ApiProperty({ example: 150, description: 'Dollars overdue' }) overdue: number;
}
