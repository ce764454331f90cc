import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

/** `format=csv` answers the report as a download; json (the default) as the usual envelope. */
export class PlanReportQueryDto {
  @ApiPropertyOptional({ enum: ['json', 'csv'], example: 'csv' })
  @IsOptional()
  @IsIn(['json', 'csv'], { message: 'format must be json or csv' })
  format?: 'json' | 'csv';
}

export class PlanBalanceRowDto {
  @ApiProperty({ format: 'uuid' }) planId: string;
  @ApiProperty({ example: 'Ana Lopez' }) studentName: string;
  @ApiProperty({ example: 'ana@example.com' }) studentEmail: string;
  @ApiProperty({ example: 'Swim Level 2' }) classTitle: string;
  @ApiProperty({ type: 'string', nullable: true, example: 'Spring 2027' }) termName: string | null;
  @ApiProperty({ example: 'Deposit and 3 monthly payments' }) planName: string;
  @ApiProperty({ example: false, description: 'Flagged past due (after the grace days)' }) pastDue: boolean;
  @ApiProperty({ example: 600 }) total: number;
  @ApiProperty({ example: 300 }) paid: number;
  @ApiProperty({ example: 300 }) balance: number;
  @ApiProperty({ example: 150, description: 'Dollars of unpaid instalments whose due date has passed' }) overdue: number;
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true }) nextDueAt: string | null;
}

export class PlanDueMonthDto {
  @ApiProperty({ example: '2027-03', description: "The due dates' month in the organization's time zone" }) month: string;
  @ApiProperty({ example: 12 }) instalments: number;
  @ApiProperty({ example: 1800 }) due: number;
  @ApiProperty({ example: 1200 }) paid: number;
  @ApiProperty({ example: 150, description: 'Bank debits not settled yet' }) processing: number;
  @ApiProperty({ example: 450, description: 'Scheduled or failed: still to be paid' }) outstanding: number;
  @ApiProperty({ example: 150, description: 'Of the outstanding, what is past its due date' }) overdue: number;
}
