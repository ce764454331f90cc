import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsOptional, IsUUID, Matches } from 'class-validator';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export class MembershipsQuery {
  @IsOptional() @IsUUID('all', { message: 'studentId must be a student id' }) studentId?: string;
}

/** Cancel at the end of the current period (true), or take that back (false). */
export class CancelAtPeriodEndDto {
  @ApiProperty({ example: true })
  @IsBoolean({ message: 'cancelAtPeriodEnd must be true or false' })
  cancelAtPeriodEnd: boolean;
}

/** A freeze: its first and last day (YYYY-MM-DD in the organization's zone, the last included); never from a past day. */
export class FreezeDto {
  @ApiProperty({ example: '2027-01-10' })
  @Matches(DATE, { message: 'from must be a date YYYY-MM-DD' })
  from: string;

  @ApiProperty({ example: '2027-01-31' })
  @Matches(DATE, { message: 'until must be a date YYYY-MM-DD' })
  until: string;
}

class MembershipRenewalDto {
  @ApiProperty({ example: 0, description: 'Attempts of the renewal in progress' }) attempts: number;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'succeeded, soft_decline, hard_decline, authentication_required, …',
  })
  lastOutcome: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) lastDeclineCode: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null }) nextAttemptAt: string | null;
  @ApiProperty({ example: false, description: 'The member was asked to pay on-session (not retried off-session)' }) awaitingPayer: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null, description: 'When an unpaid renewal lapses' })
  lapsesAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null }) renewedAt: string | null;
}

export class MembershipResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) productId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) saleId: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) studentId: string;
  @ApiProperty({ enum: ['active', 'pending_renewal', 'cancelled', 'lapsed'], example: 'active' }) status: string;
  @ApiProperty({ enum: ['month', 'year'] }) period: string;
  @ApiProperty({ enum: ['card', 'in_person'] }) channel: string;
  @ApiProperty({ example: '2026-12-07' }) currentPeriodStart: string;
  @ApiProperty({ example: '2027-01-06' }) currentPeriodEnd: string;
  @ApiProperty({ example: false }) cancelAtPeriodEnd: boolean;
  @ApiProperty({ type: String, nullable: true, example: null }) frozenFrom: string | null;
  @ApiProperty({ type: String, nullable: true, example: null }) frozenUntil: string | null;
  @ApiProperty({ example: true, description: 'A card is saved for off-session renewals' }) hasSavedMethod: boolean;
  @ApiProperty({ type: MembershipRenewalDto }) renewal: MembershipRenewalDto;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
}

export class RenewNowResponseDto {
  @ApiProperty({ enum: ['succeeded', 'processing', 'soft_decline', 'hard_decline', 'authentication_required'] }) outcome: string;
  @ApiPropertyOptional({ type: String, nullable: true, example: null }) declineCode: string | null;
  @ApiProperty({ type: MembershipResponseDto }) membership: MembershipResponseDto;
}

export class RenewalPaymentDto {
  @ApiProperty({ example: 'pi_123_secret_456' }) clientSecret: string;
  @ApiProperty({ example: 'pi_123' }) paymentIntentId: string;
  @ApiProperty({ example: 89.5, description: 'Dollars' }) amount: number;
}
