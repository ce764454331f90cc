import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

/** One instalment after an admin's action on it. */
export class PlanInstalmentResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) paymentPlanId: string;
  @ApiProperty({ type: 'integer', example: 2 }) seq: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) dueAt: string;
  @ApiProperty({ example: 150, description: 'Dollars' }) amount: number;
  @ApiProperty({ enum: ['scheduled', 'processing', 'paid', 'failed', 'waived', 'cancelled'] }) status: string;
  @ApiProperty({ type: 'integer', example: 1 }) attempts: number;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'succeeded',
    description: 'The last attempt: succeeded, processing, soft_decline, hard_decline, authentication_required, ambiguous…',
  })
  lastOutcome: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) declineCode: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['card', 'in-person'], example: 'card' }) paidVia: string | null;
}

/** A plan after pause, resume or cancelling its remaining instalments. */
export class PlanStateResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: ['active', 'completed', 'cancelled'] }) status: string;
  @ApiProperty({ example: false }) paused: boolean;
  @ApiProperty({ type: 'integer', example: 0, description: 'Instalments cancelled by this request' }) cancelledInstalments: number;
}
