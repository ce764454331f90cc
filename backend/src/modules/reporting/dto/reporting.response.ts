import { ApiProperty } from '@nestjs/swagger';
import { EXAMPLE_ID } from '../../../common/openapi/common.responses';
import { ActivityEventResponseDto } from '../../activity/dto/activity.response';
import { PERIODS } from './dashboard-query.dto';

export class TopClassResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Digital Photography Weekend' }) title: string;
  @ApiProperty({ example: 1 }) enrollments: number;
  @ApiProperty({ description: 'Dollars', example: 220 }) revenue: number;
}

/** A class below its minimum with its go/no-go within 7 days. */
export class AtRiskClassResponseDto {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID }) id: string;
  @ApiProperty({ example: 'Pottery for Beginners' }) title: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-28T18:00:00.000Z' }) startDate: string;
  @ApiProperty({ description: 'Active enrollments (open card holds are not counted)', example: 2 }) enrolled: number;
  @ApiProperty({ example: 5 }) minEnrollment: number;
  @ApiProperty({ format: 'date-time', description: 'start − decisionHoursBefore', example: '2026-11-26T18:00:00.000Z' })
  decisionAt: string;
}

/** The admin dashboard (spec 3 §3). Changes are percents with one decimal, null when there is nothing to compare. */
export class DashboardSummaryResponseDto {
  @ApiProperty({ enum: PERIODS, example: 'month' }) period: string;
  @ApiProperty({ format: 'date-time', example: '2026-11-01T00:00:00.000Z' }) periodStart: string;
  @ApiProperty({ format: 'date-time', example: '2026-12-01T00:00:00.000Z' }) periodEnd: string;
  @ApiProperty({ description: 'Dollars, by payment date', example: 598 }) totalRevenue: number;
  @ApiProperty({ type: 'number', nullable: true, example: null }) revenueChange: number | null;
  @ApiProperty({ example: 6 }) totalStudents: number;
  @ApiProperty({ example: 6 }) activeStudents: number;
  @ApiProperty({ example: 6 }) newStudents: number;
  @ApiProperty({ type: 'number', nullable: true, example: null }) studentChange: number | null;
  @ApiProperty({ example: 9 }) enrollments: number;
  @ApiProperty({ type: 'number', nullable: true, example: null }) enrollmentChange: number | null;
  @ApiProperty({ example: 6 }) totalClasses: number;
  @ApiProperty({ example: 4 }) openClasses: number;
  @ApiProperty({ example: 5 }) upcomingClasses: number;
  @ApiProperty({ example: 0 }) fullClasses: number;
  @ApiProperty({ example: 3 }) repeatStudents: number;
  @ApiProperty({ description: 'Percent', example: 50 }) repeatRate: number;
  @ApiProperty({ type: TopClassResponseDto, nullable: true }) topPerformingClass: TopClassResponseDto | null;
  @ApiProperty({ type: 'number', nullable: true, example: null }) averageSatisfaction: number | null;
  @ApiProperty({ type: 'number', nullable: true, example: null }) averageRating: number | null;
  @ApiProperty({ type: 'number', nullable: true, example: null }) ratingChange: number | null;
  @ApiProperty({ type: 'number', nullable: true, example: null }) monthlyGrowthRate: number | null;
  @ApiProperty({ type: [ActivityEventResponseDto] }) recentActivity: ActivityEventResponseDto[];
  @ApiProperty({ type: [AtRiskClassResponseDto], description: 'Below the minimum, go/no-go within 7 days, not decided' })
  classesAtRisk: AtRiskClassResponseDto[];
}
