import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';
import { PLAN_LIST_STATUSES, type PlanListStatus } from '../plan-views';

/** GET /api/payment-plans: which plans (every one of the organization's without filters). */
export class PlanListQueryDto {
  @ApiPropertyOptional({ enum: PLAN_LIST_STATUSES })
  @IsOptional()
  @IsIn(PLAN_LIST_STATUSES, { message: 'status must be pending, active, pastDue, completed or cancelled' })
  status?: PlanListStatus;
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'classId must be a class id' })
  classId?: string;
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'termId must be a term id' })
  termId?: string;
}

export class PlanListItemDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ example: 'Deposit and 3 monthly payments' }) planName: string;
  @ApiProperty({ enum: PLAN_LIST_STATUSES, description: 'pastDue: an active plan with a failed instalment' }) status: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ example: 'Ana Lopez' }) studentName: string;
  @ApiProperty({ example: 'ana@example.com' }) studentEmail: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Swim Level 2' }) classTitle: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null }) termId: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'Spring 2027' }) termName: string | null;
  @ApiProperty({ example: 600, description: 'Dollars' }) total: number;
  @ApiProperty({ example: 300, description: 'Dollars paid so far: the deposit once active, and every paid instalment' }) paid: number;
  @ApiProperty({ example: 300 }) balance: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: EXAMPLE_TIME }) nextDueAt: string | null;
  @ApiProperty({ type: 'number', nullable: true, example: 150 }) nextAmount: number | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
}

export class InstalmentAttemptDto {
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) at: string;
  @ApiProperty({
    example: 'soft_decline',
    description:
      'succeeded, processing, soft_decline, hard_decline, authentication_required, ambiguous (no answer: asked again with the same key), bank_debit_succeeded, bank_debit_failed, paid_on_session, dispute_lost',
  })
  outcome: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'insufficient_funds' }) declineCode: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'pi_3Nx…' }) stripePaymentIntentId: string | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'instalment-…-attempt-1',
    description: "The off-session attempt's idempotency key",
  })
  attemptKey: string | null;
}

export class InstalmentDetailDto {
  @ApiProperty({ type: 'integer', example: 1 }) seq: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) dueAt: string;
  @ApiProperty({ example: 150 }) amount: number;
  @ApiProperty({ enum: ['scheduled', 'paid', 'processing', 'failed', 'waived', 'cancelled'] }) status: string;
  @ApiProperty({ type: 'integer', example: 1 }) attempts: number;
  @ApiProperty({ type: 'string', nullable: true, example: 'pi_3Nx…' }) stripePaymentIntentId: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'soft_decline', description: 'What the last attempt gave' })
  lastOutcome: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'insufficient_funds' }) lastDeclineCode: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) nextAttemptAt: string | null;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, example: null }) paidAt: string | null;
  @ApiProperty({
    type: 'string',
    enum: ['open', 'won', 'lost'],
    nullable: true,
    example: null,
    description: 'A dispute of the charge that paid it: open while the bank decides, won, or lost (the instalment is unpaid again)',
  })
  disputeStatus: 'open' | 'won' | 'lost' | null;
}

export class PlanInstalmentDetailDto extends InstalmentDetailDto {
  @ApiProperty({ type: [InstalmentAttemptDto], description: 'Every try to pay it, oldest first' }) attemptHistory: InstalmentAttemptDto[];
}

export class PlanDetailDto extends PlanListItemDto {
  @ApiProperty({ example: 150 }) deposit: number;
  @ApiProperty({ example: 0 }) surcharge: number;
  @ApiProperty({ example: 'cus_Q1…' }) stripeCustomerId: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'pm_1Q…' }) stripePaymentMethodId: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'pi_3Nx…', description: "The deposit's PaymentIntent or the SetupIntent" })
  stripeIntentId: string | null;
  @ApiProperty({ example: { text: 'I authorize…', version: 1, acceptedAt: EXAMPLE_TIME, ip: '203.0.113.7', userAgent: 'Mozilla/5.0' } })
  consent: { text: string; version: number; acceptedAt: string; ip: string | null; userAgent: string | null };
  @ApiProperty({ type: [PlanInstalmentDetailDto] }) instalments: PlanInstalmentDetailDto[];
}
