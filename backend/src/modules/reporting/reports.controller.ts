import { applyDecorators, Body, Controller, Get, HttpCode, Post, Query, StreamableFile, type Type } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { ActivityService } from '../activity/activity.service';
import {
  ClientActivityEventDto,
  ClientEnrollmentEventDto,
  ClientRevenueTransactionDto,
  PeriodMetricsQueryDto,
  RangeQueryDto,
  ReportQueryDto,
} from './dto/report-query.dto';
import {
  AttendanceReportDto,
  ClassCompletionEventDto,
  ClientReportedEventDto,
  EnrollmentEventDto,
  EnrollmentReportDto,
  PeriodMetricsDto,
  RevenueReportDto,
  RevenueTransactionDto,
} from './dto/reports.response';
import { csvStream } from './render/csv';
import { pdfStream } from './render/pdf';
import { fileName, reportTables } from './render/report-table';
import { ReportsService, type ReportType } from './reports.service';

const TITLES: Record<ReportType, string> = { enrollment: 'Enrollment report', revenue: 'Revenue report', attendance: 'Attendance report' };

/** A report's route (`GET /api/reports/<type>`): admins and teachers, answered as JSON, CSV or PDF. */
const ReportRoute = (type: ReportType, reply: Type<unknown>) =>
  applyDecorators(
    ApiEnvelope(reply),
    ApiProduces('application/json', 'text/csv', 'application/pdf'),
    Roles(Role.Admin, Role.Teacher),
    Get(type),
  );

/**
 * The reports screen's data: one route per report type. Teachers read the reports of their
 * organization too (the teacher's 'View Reports'). `format=csv|pdf` answers the same report as a download.
 */
@Controller('reports')
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @ReportRoute('enrollment', EnrollmentReportDto)
  enrollment(@OrgId() orgId: string, @Query() query: ReportQueryDto) {
    return this.answer('enrollment', orgId, query);
  }

  @ReportRoute('revenue', RevenueReportDto)
  revenue(@OrgId() orgId: string, @Query() query: ReportQueryDto) {
    return this.answer('revenue', orgId, query);
  }

  @ReportRoute('attendance', AttendanceReportDto)
  attendance(@OrgId() orgId: string, @Query() query: ReportQueryDto) {
    return this.answer('attendance', orgId, query);
  }

  private async answer(type: ReportType, orgId: string, query: ReportQueryDto) {
    await this.reports.assertReporting(orgId);
    const range = await this.reports.range(orgId, query);
    const report = await this.reports.report(type, range);
    if (!query.format || query.format === 'json') return report;
    const tables = reportTables(report as never);
    const name = fileName(type, range.startDate, range.endDate, query.format);
    if (query.format === 'csv')
      return new StreamableFile(csvStream(tables.main), {
        type: 'text/csv; charset=utf-8; header=present',
        disposition: `attachment; filename="${name}"`,
      });
    const h = await this.reports.header(orgId);
    const pdf = pdfStream({ ...h, title: TITLES[type], range: `${range.startDate} to ${range.endDate} (${range.timeZone})` }, [
      tables.main,
      tables.daily,
    ]);
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="${name}"` });
  }
}

/** The spec's reporting calls (spec 3 §7), computed by the server; the POSTs are kept for compatibility only. */
@Controller()
export class ReportingController {
  constructor(
    private readonly reports: ReportsService,
    private readonly activity: ActivityService,
  ) {}

  @ApiEnvelope(PeriodMetricsDto)
  @Roles(Role.Admin)
  @Get('reporting/period-metrics')
  async periodMetrics(@OrgId() orgId: string, @Query() query: PeriodMetricsQueryDto) {
    await this.reports.assertReporting(orgId);
    return this.reports.periodMetrics(orgId, query.period);
  }

  @ApiEnvelope(RevenueTransactionDto, { isArray: true })
  @Roles(Role.Admin)
  @Get('revenue')
  async revenue(@OrgId() orgId: string, @Query() query: RangeQueryDto) {
    await this.reports.assertReporting(orgId);
    return this.reports.revenueTransactions(await this.reports.range(orgId, query));
  }

  @ApiEnvelope(EnrollmentEventDto, { isArray: true })
  @Roles(Role.Admin)
  @Get('reporting/enrollment-events')
  async enrollmentEvents(@OrgId() orgId: string, @Query() query: RangeQueryDto) {
    await this.reports.assertReporting(orgId);
    return this.reports.enrollmentEvents(await this.reports.range(orgId, query));
  }

  @ApiEnvelope(ClassCompletionEventDto, { isArray: true })
  @Roles(Role.Admin)
  @Get('reporting/class-completion-events')
  async classCompletionEvents(@OrgId() orgId: string, @Query() query: RangeQueryDto) {
    await this.reports.assertReporting(orgId);
    return this.reports.classCompletionEvents(await this.reports.range(orgId, query));
  }

  @ApiEnvelope(ClientReportedEventDto, { status: 201 })
  @Roles(Role.Admin, Role.Teacher)
  @HttpCode(201)
  @Post('reporting/activity-events')
  async postActivity(@OrgId() orgId: string, @Body() dto: ClientActivityEventDto) {
    const e = await this.activity.recordClientReported(orgId, dto.eventType, dto.description, dto.metadata ?? {}, this.date(dto.eventDate));
    return { ...e, clientReported: true };
  }

  @ApiEnvelope(ClientReportedEventDto, { status: 201 })
  @Roles(Role.Admin, Role.Teacher)
  @HttpCode(201)
  @Post('reporting/revenue-transactions')
  async postRevenue(@OrgId() orgId: string, @Body() dto: ClientRevenueTransactionDto) {
    const { organizationId: _ignored, transactionDate, ...metadata } = dto;
    const e = await this.activity.recordClientReported(
      orgId,
      'payment',
      `Revenue transaction of $${dto.finalAmount.toFixed(2)} reported by the browser`,
      metadata,
      this.date(transactionDate),
    );
    return { ...e, clientReported: true };
  }

  @ApiEnvelope(ClientReportedEventDto, { status: 201 })
  @Roles(Role.Admin, Role.Teacher)
  @HttpCode(201)
  @Post('reporting/enrollment-events')
  async postEnrollment(@OrgId() orgId: string, @Body() dto: ClientEnrollmentEventDto) {
    const { organizationId: _ignored, eventDate, ...metadata } = dto;
    const e = await this.activity.recordClientReported(
      orgId,
      'enrollment',
      'Enrollment reported by the browser',
      metadata,
      this.date(eventDate),
    );
    return { ...e, clientReported: true };
  }

  private date(v?: string) {
    return v ? new Date(v.length === 10 ? `${v}T00:00:00Z` : v) : new Date();
  }
}
