import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

export class PlanDueDateResponseDto {
  @ApiProperty({ example: '2027-03-01' }) date: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 50 }) percent: number | null;
}

export class PlanDefinitionResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Deposit and 3 monthly payments' }) name: string;
  @ApiProperty({ format: 'uuid', nullable: true, example: EXAMPLE_ID }) classId: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, example: null }) termId: string | null;
  @ApiProperty({ enum: ['amount', 'percent'] }) depositKind: string;
  @ApiProperty({ example: 150, description: 'Dollars, or a whole percent, by depositKind' }) depositValue: number;
  @ApiProperty({ enum: ['weekly', 'biweekly', 'monthly'], nullable: true }) interval: string | null;
  @ApiProperty({ type: 'integer', nullable: true, example: 3 }) instalmentCount: number | null;
  @ApiProperty({ nullable: true, example: null }) firstDueDate: string | null;
  @ApiProperty({ nullable: true, example: '2027-05-31' }) paidInFullBy: string | null;
  @ApiProperty({ type: [PlanDueDateResponseDto], nullable: true }) dueDates: PlanDueDateResponseDto[] | null;
  @ApiProperty({ example: 0 }) minPrice: number;
  @ApiProperty({ example: 0 }) surcharge: number;
  @ApiProperty({ nullable: true, example: null }) chooseBy: string | null;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) createdAt: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) updatedAt: string;
}

export class PlanDefinitionRemovedDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ enum: ['deleted'] }) status: string;
}

export class PlanSettingsResponseDto {
  @ApiProperty({ type: 'integer', example: 9 }) chargeHour: number;
  @ApiProperty({ type: [Number], example: [1, 3, 5] }) retryDays: number[];
  @ApiProperty({ type: 'integer', example: 7 }) graceDays: number;
  @ApiProperty({ type: 'integer', example: 3, description: 'Days before a due date the payer is reminded (0: never)' })
  reminderDays: number;
  @ApiProperty({ enum: ['flag', 'release'] }) pastDueAction: string;
  @ApiProperty({ type: 'integer', nullable: true, example: null }) releaseAfterDays: number | null;
  @ApiProperty({ example: false }) bankDebit: boolean;
  @ApiProperty({ nullable: true, example: null, description: 'null: the default consent text' }) consentText: string | null;
  @ApiProperty({ type: 'integer', example: 1, description: 'Goes up each time the consent text changes' }) consentVersion: number;
}

export class InstalmentResponseDto {
  @ApiProperty({ type: 'integer', example: 1 }) seq: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) dueAt: string;
  @ApiProperty({ example: 150 }) amount: number;
  @ApiProperty({ enum: ['scheduled', 'paid', 'processing', 'failed', 'waived', 'cancelled'] }) status: string;
  @ApiProperty({ type: 'integer', example: 0 }) attempts: number;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'The last attempt: succeeded, processing, soft_decline, hard_decline, authentication_required, bank_debit_failed…',
  })
  lastOutcome: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: "The bank's decline code, e.g. insufficient_funds" })
  declineCode: string | null;
  @ApiProperty({ type: String, nullable: true, enum: ['card', 'in-person'], example: null }) paidVia: string | null;
}

export class PayerPlanResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) enrollmentId: string;
  @ApiProperty({ example: 'Deposit and 3 monthly payments' }) planName: string;
  @ApiProperty({ enum: ['pending', 'active', 'completed', 'cancelled'] }) status: string;
  @ApiProperty({ example: 600 }) total: number;
  @ApiProperty({ example: 150 }) deposit: number;
  @ApiProperty({ example: true, description: 'A payment method is saved for the instalments' }) methodSaved: boolean;
  @ApiProperty({ example: false, description: 'Paused by an admin: nothing is charged until resumed' }) paused: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null, description: 'Past due since then, or null' })
  pastDueSince: string | null;
  @ApiProperty({ example: { text: 'I authorize…', version: 1, acceptedAt: EXAMPLE_TIME, ip: '203.0.113.7', userAgent: 'Mozilla/5.0' } })
  consent: { text: string; version: number; acceptedAt: string; ip: string | null; userAgent: string | null };
  @ApiProperty({ type: [InstalmentResponseDto] }) instalments: InstalmentResponseDto[];
}

export class QuoteInstalmentDto {
  @ApiProperty({ example: '2027-02-15', description: "Local date in the organization's zone" }) dueDate: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME, description: 'The charge hour on that date' }) dueAt: string;
  @ApiProperty({ example: 150 }) amount: number;
}

export class QuotePlanConsentDto {
  @ApiProperty({ example: 'I authorize this organization to charge my saved payment method…' }) text: string;
  @ApiProperty({ type: 'integer', example: 1 }) version: number;
}

export class QuotePaymentPlanDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Deposit and 3 monthly payments' }) name: string;
  @ApiProperty({ example: 600, description: 'Dollars: the quote total plus the surcharge; deposit and instalments add up to it' })
  total: number;
  @ApiProperty({ example: 0 }) surcharge: number;
  @ApiProperty({ example: 150, description: 'Charged today (0: the method is only saved)' }) deposit: number;
  @ApiProperty({ type: [QuoteInstalmentDto] }) instalments: QuoteInstalmentDto[];
  @ApiProperty({ type: QuotePlanConsentDto }) consent: QuotePlanConsentDto;
}

export class OfferedPlanDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Deposit and 3 monthly payments' }) name: string;
}
