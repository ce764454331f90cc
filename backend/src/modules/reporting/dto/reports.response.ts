import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID, EXAMPLE_ORG_ID, EXAMPLE_TIME } from '../../../common/openapi/common.responses';

const nullableNumber = (example: number | null, description?: string) =>
  ApiProperty({ type: 'number', nullable: true, example, ...(description ? { description } : {}) });

class ReportMetaDto {
  @ApiProperty({ example: '2026-11-01', description: 'First day of the range (inclusive), in timeZone' }) startDate: string;
  @ApiProperty({ example: '2026-11-30', description: 'Last day of the range (inclusive), in timeZone' }) endDate: string;
  @ApiProperty({ example: 'America/Chicago', description: "The organization's zone the days are counted in" }) timeZone: string;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true, example: null }) classId: string | null;
}

export class EnrollmentReportRowDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) className: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) classStartDate: string;
  @ApiProperty({ example: 8, description: 'Active enrollments made in the range' }) enrolled: number;
  @ApiProperty({ example: 1, description: 'Enrollments made in the range and cancelled since' }) cancelled: number;
  @ApiProperty({ example: 10 }) capacity: number;
  @nullableNumber(80, 'Rounded percent of enrolled over capacity') fillRate: number | null;
}
export class EnrollmentSeriesDto {
  @ApiProperty({ example: '2026-11-02' }) date: string;
  @ApiProperty({ example: 3 }) enrollments: number;
}
export class EnrollmentTotalsDto {
  @ApiProperty({ example: 2 }) classes: number;
  @ApiProperty({ example: 8 }) enrolled: number;
  @ApiProperty({ example: 1 }) cancelled: number;
  @ApiProperty({ example: 10 }) capacity: number;
  @nullableNumber(80) fillRate: number | null;
}
export class EnrollmentReportDto extends ReportMetaDto {
  @ApiProperty({ example: 'enrollment' }) report: string;
  @ApiProperty({ type: [EnrollmentReportRowDto] }) rows: EnrollmentReportRowDto[];
  @ApiProperty({ type: [EnrollmentSeriesDto] }) series: EnrollmentSeriesDto[];
  @ApiProperty({ type: EnrollmentTotalsDto }) totals: EnrollmentTotalsDto;
}

export class RevenueTotalsDto {
  @ApiProperty({ example: 3, description: 'Payments received in the range' }) payments: number;
  @ApiProperty({ example: 240, description: 'Dollars received' }) gross: number;
  @ApiProperty({ example: 40, description: 'Dollars refunded in the range' }) refunds: number;
  @ApiProperty({ example: 200, description: 'Dollars: gross minus refunds' }) total: number;
  @nullableNumber(66.67, 'Dollars: total over payments, 2 decimals') averagePerStudent: number | null;
  @ApiProperty({ example: 160 }) card: number;
  @ApiProperty({ example: 80 }) inPerson: number;
  @ApiProperty({ example: 4.8 }) platformFee: number;
  @ApiProperty({ example: 195.2, description: "The organization's share, net of refunds" }) organizationAmount: number;
  @ApiProperty({ example: 28, description: 'Dollars the price quotes of these payments took off (automatic discounts and promo codes)' })
  discounts: number;
}
export class RevenueReportRowDto extends RevenueTotalsDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) className: string;
}
export class RevenueTotalsWithClassesDto extends RevenueTotalsDto {
  @ApiProperty({ example: 2 }) classes: number;
}
export class RevenueSeriesDto {
  @ApiProperty({ example: '2026-11-02' }) date: string;
  @ApiProperty({ example: 80, description: 'Dollars, net of that day’s refunds' }) revenue: number;
  @ApiProperty({ example: 0 }) refunds: number;
}
export class DiscountRuleGivenDto {
  @ApiProperty({ example: 'Early bird discount' }) label: string;
  @ApiProperty({ example: 3, description: 'Paid enrollments it took something off' }) enrollments: number;
  @ApiProperty({ example: 60, description: 'Dollars' }) amount: number;
}
/** One promo code's redemptions made in the range, counted as the code's usage in Settings › Discounts counts them. */
export class DiscountCodeGivenDto {
  @ApiProperty({ example: 'SPRING10' }) code: string;
  @ApiProperty({
    example: 2,
    description: 'Registrations that redeemed it in the range (a cancelled or refunded one keeps its use; a lapsed card hold does not)',
  })
  redemptions: number;
  @ApiProperty({ example: 16, description: 'Dollars it took off' }) amount: number;
  @ApiProperty({
    example: 144,
    description: 'Dollars these registrations bring: paid net of refunds; unpaid, the price while the registration stands',
  })
  revenue: number;
}
export class DiscountsGivenDto {
  @ApiProperty({ type: [DiscountRuleGivenDto] }) rules: DiscountRuleGivenDto[];
  @ApiProperty({ type: [DiscountCodeGivenDto] }) codes: DiscountCodeGivenDto[];
}
export class RevenueReportDto extends ReportMetaDto {
  @ApiProperty({ example: 'revenue' }) report: string;
  @ApiProperty({ type: [RevenueReportRowDto] }) rows: RevenueReportRowDto[];
  @ApiProperty({ type: [RevenueSeriesDto] }) series: RevenueSeriesDto[];
  @ApiProperty({ type: RevenueTotalsWithClassesDto }) totals: RevenueTotalsWithClassesDto;
  @ApiProperty({
    type: DiscountsGivenDto,
    description: 'Discounts given on the payments of the range, per automatic rule and per promo code',
  })
  discountsGiven: DiscountsGivenDto;
}

export class AttendanceReportRowDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) className: string;
  @ApiProperty({ example: 0 }) sessionIndex: number;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) sessionDate: string;
  @ApiProperty({ example: '2026-11-02', description: 'The session’s day in timeZone' }) date: string;
  @ApiProperty({ example: 8 }) enrolled: number;
  @ApiProperty({ example: 6 }) present: number;
  @ApiProperty({ example: 1 }) absent: number;
  @ApiProperty({ example: 1 }) unmarked: number;
  @nullableNumber(75, 'Rounded percent present over enrolled; null until something is marked') attendanceRate: number | null;
}
export class AttendanceSeriesDto {
  @ApiProperty({ example: '2026-11-02' }) date: string;
  @ApiProperty({ example: 6 }) present: number;
  @ApiProperty({ example: 1 }) absent: number;
}
export class AttendanceTotalsDto {
  @ApiProperty({ example: 3 }) sessions: number;
  @ApiProperty({ example: 12 }) present: number;
  @ApiProperty({ example: 2 }) absent: number;
  @ApiProperty({ example: 10 }) unmarked: number;
  @nullableNumber(75) attendanceRate: number | null;
}
export class AttendanceReportDto extends ReportMetaDto {
  @ApiProperty({ example: 'attendance' }) report: string;
  @ApiProperty({ type: [AttendanceReportRowDto] }) rows: AttendanceReportRowDto[];
  @ApiProperty({ type: [AttendanceSeriesDto] }) series: AttendanceSeriesDto[];
  @ApiProperty({ type: AttendanceTotalsDto }) totals: AttendanceTotalsDto;
}

export class PeriodMetricsDto {
  @ApiProperty({ example: '2026-11' }) period: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organizationId: string;
  @ApiProperty({ example: 'America/Chicago' }) timeZone: string;
  @ApiProperty({ example: 480, description: 'Dollars received in the month, net of refunds' }) revenue: number;
  @ApiProperty({ example: 9 }) enrollments: number;
  @ApiProperty({ example: 6 }) newStudents: number;
  @ApiProperty({ example: 2, description: 'Classes (not cancelled or archived) that started in the month' }) classesHeld: number;
  @nullableNumber(4.5) averageClassSize: number | null;
  @nullableNumber(4.3, 'Average 1-5 rating given in the month; null without ratings') satisfactionScore: number | null;
}

export class RevenueTransactionDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The enrollment paid' }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) className: string;
  @ApiProperty({ example: 80 }) amount: number;
  @ApiProperty({ example: 0 }) refunded: number;
  @ApiProperty({ example: 80, description: 'Dollars kept: amount minus refunds' }) finalAmount: number;
  @ApiProperty({ example: 'card' }) paymentMethod: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) transactionDate: string;
  @ApiProperty({ enum: ['completed', 'refunded'], example: 'completed' }) status: string;
  @ApiProperty({ example: 'active' }) enrollmentStatus: string;
}

export class EnrollmentEventDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) eventDate: string;
  @ApiProperty({ type: 'string', nullable: true, example: EXAMPLE_ID }) classId: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: 'Watercolor Basics' }) className: string | null;
  @ApiProperty({ type: 'string', nullable: true, example: EXAMPLE_ID }) studentId: string | null;
  @ApiProperty({ enum: ['online', 'walk_in'], example: 'online' }) source: string;
}

export class ClassCompletionEventDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) eventDate: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) classId: string;
  @ApiProperty({ example: 'Watercolor Basics' }) className: string;
  @nullableNumber(4.5, 'Average 1-5 rating of the class; null without ratings') satisfactionRating: number | null;
  @ApiProperty({ example: 4 }) ratings: number;
  @ApiProperty({ type: 'integer', nullable: true, example: 8 }) studentsCount: number | null;
}

export class ClientReportedEventDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ORG_ID }) organizationId: string;
  @ApiProperty({ example: 'enrollment' }) eventType: string;
  @ApiProperty({ format: 'date-time', example: EXAMPLE_TIME }) eventDate: string;
  @ApiProperty({ example: 'Enrollment reported by the browser' }) description: string;
  @ApiProperty({ type: 'object', additionalProperties: true, example: { classId: EXAMPLE_ID, source: 'online' } })
  metadata: Record<string, unknown>;
  @ApiProperty({ example: true, description: 'Always true: stored for compatibility, never counted in a report' })
  clientReported: boolean;
}
