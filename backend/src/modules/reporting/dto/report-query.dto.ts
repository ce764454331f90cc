import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
} from 'class-validator';
import { ACTIVITY_EVENT_TYPES, type ActivityEventType } from '../../activity/activity-event.entity';
import { reportDay } from '../report-day';
import { REPORT_TYPES, TIMEFRAMES, type ReportType, type Timeframe } from '../reports.service';

/**
 * A real calendar date, YYYY-MM-DD, or an ISO date-time (the spec's reporting calls send `toISOString()`); the
 * reports read a date-time as the day it falls on in the organization's time zone (reportDay).
 */
function IsCalendarDate(property: string) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: object.constructor,
      propertyName,
      options: { message: `${property} must be a date (YYYY-MM-DD) or an ISO date-time` },
      validator: {
        // Any valid zone will do here: whether the value is readable does not depend on it.
        validate: (v: unknown) => typeof v === 'string' && reportDay(v, 'UTC') !== null,
      },
    });
}

const DAY_DESCRIPTION =
  "A date (YYYY-MM-DD), or an ISO 8601 date-time read as the calendar day it falls on in the organization's time zone " +
  '(2026-11-19T22:25:35.717Z is 2026-11-19 in America/New_York). Inclusive. Send both dates or neither (then `timeframe`).';

export const FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof FORMATS)[number];

export class ReportParams {
  @IsIn(REPORT_TYPES, { message: 'report must be enrollment, revenue or attendance' }) type: ReportType;
}

export class RangeQueryDto {
  @ApiPropertyOptional({ description: `First day of the report. ${DAY_DESCRIPTION}`, example: '2026-11-01' })
  @IsOptional()
  @IsCalendarDate('startDate')
  startDate?: string;
  @ApiPropertyOptional({ description: `Last day of the report. ${DAY_DESCRIPTION}`, example: '2026-11-30' })
  @IsOptional()
  @IsCalendarDate('endDate')
  endDate?: string;
  @IsOptional()
  @IsIn(Object.keys(TIMEFRAMES), { message: 'timeframe must be 7d, 14d, 30d, 90d or 365d' })
  timeframe?: Timeframe;
  @IsOptional() @IsUUID('all', { message: 'classId must be an id' }) classId?: string;
  /** Sent by the spec's client; the server always uses the caller's own organization. */
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}

export class ReportQueryDto extends RangeQueryDto {
  @IsOptional() @IsIn(FORMATS, { message: 'format must be json, csv or pdf' }) format?: ReportFormat;
}

export class PeriodMetricsQueryDto {
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'period must be a month (YYYY-MM)' }) period: string;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}

const CLIENT_TYPES = ACTIVITY_EVENT_TYPES.filter(
  (t) =>
    !['data_export', 'student_export', 'student_erased', 'enrollment_transferred', 'student_details_changed', 'erasure_requested'].includes(
      t,
    ),
);

/** POST /api/reporting/activity-events: an activity event as the spec's client posts it. */
export class ClientActivityEventDto {
  @IsIn(CLIENT_TYPES, { message: 'eventType is not a known activity event type' }) eventType: ActivityEventType;
  @IsOptional() @IsCalendarDate('eventDate') eventDate?: string;
  @IsString() @IsNotEmpty({ message: 'description is required' }) @MaxLength(500) description: string;
  @IsOptional() @IsObject({ message: 'metadata must be an object' }) metadata?: Record<string, unknown>;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}

/** POST /api/reporting/revenue-transactions. */
export class ClientRevenueTransactionDto {
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'finalAmount must be an amount in dollars' })
  @Min(0, { message: 'finalAmount must not be negative' })
  @Max(1_000_000)
  finalAmount: number;
  @IsOptional() @IsUUID('all', { message: 'classId must be an id' }) classId?: string;
  @IsOptional() @IsString() @MaxLength(200) className?: string;
  @IsOptional() @IsCalendarDate('transactionDate') transactionDate?: string;
  @IsOptional()
  @IsIn(['completed', 'pending', 'failed', 'refunded'], { message: 'status must be completed, pending, failed or refunded' })
  status?: string;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}

/** POST /api/reporting/enrollment-events. */
export class ClientEnrollmentEventDto {
  @IsUUID('all', { message: 'classId must be an id' }) classId: string;
  @IsOptional() @IsString() @MaxLength(40) source?: string;
  @IsOptional() @IsCalendarDate('eventDate') eventDate?: string;
  @IsOptional() @IsUUID('all', { message: 'organizationId must be an id' }) organizationId?: string;
}
