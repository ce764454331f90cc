import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { PlanReceivables } from '../payment-plans/plan-receivables';
import { PlanBalanceRowDto, PlanDueMonthDto, PlanReportQueryDto } from './dto/plan-reports.dto';
import { csvStream } from './render/csv';
import type { ReportTable } from './render/report-table';
import { ReportsService } from './reports.service';

const csv = (table: ReportTable, name: string) =>
  new StreamableFile(csvStream(table), {
    type: 'text/csv; charset=utf-8; header=present',
    disposition: `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
  });

/**
 * The payment plans' receivables (issue 40 §4 "Reports"): what each open plan still owes and how much of it is overdue,
 * and the instalments due month by month. Admins only (money owed by named payers); JSON, or `format=csv`. The figures
 * come from the payment-plans module (PlanReceivables), which owns the tables.
 */
@Roles(Role.Admin)
@Controller('reports/payment-plans')
export class PlanReportsController {
  constructor(
    private readonly receivables: PlanReceivables,
    private readonly reports: ReportsService,
  ) {}

  @ApiEnvelope(PlanBalanceRowDto, { isArray: true, description: 'Active plans, the most overdue first' })
  @ApiProduces('application/json', 'text/csv')
  @Get('balances')
  async balances(@OrgId() orgId: string, @Query() q: PlanReportQueryDto) {
    await this.reports.assertReporting(orgId);
    const rows = await this.receivables.outstanding(orgId);
    if (q.format !== 'csv') return rows;
    return csv(
      {
        title: 'Outstanding plan balances',
        columns: [
          { header: 'Student', kind: 'text' },
          { header: 'Email', kind: 'text' },
          { header: 'Class', kind: 'text' },
          { header: 'Term', kind: 'text' },
          { header: 'Plan', kind: 'text' },
          { header: 'Past due', kind: 'text' },
          { header: 'Total', kind: 'money' },
          { header: 'Paid', kind: 'money' },
          { header: 'Balance', kind: 'money' },
          { header: 'Overdue', kind: 'money' },
          { header: 'Next due', kind: 'text' },
        ],
        rows: rows.map((r) => [
          r.studentName,
          r.studentEmail,
          r.classTitle,
          r.termName,
          r.planName,
          r.pastDue ? 'yes' : 'no',
          r.total,
          r.paid,
          r.balance,
          r.overdue,
          r.nextDueAt,
        ]),
        totals: [
          'Total',
          null,
          null,
          null,
          null,
          null,
          ...(['total', 'paid', 'balance', 'overdue'] as const).map((k) => sum(rows, k)),
          null,
        ],
      },
      'plan-balances',
    );
  }

  @ApiEnvelope(PlanDueMonthDto, { isArray: true, description: "Months in the organization's time zone, oldest first" })
  @ApiProduces('application/json', 'text/csv')
  @Get('due-by-month')
  async dueByMonth(@OrgId() orgId: string, @Query() q: PlanReportQueryDto) {
    await this.reports.assertReporting(orgId);
    const rows = await this.receivables.dueByMonth(orgId);
    if (q.format !== 'csv') return rows;
    return csv(
      {
        title: 'Instalments due by month',
        columns: [
          { header: 'Month', kind: 'text' },
          { header: 'Instalments', kind: 'int' },
          { header: 'Due', kind: 'money' },
          { header: 'Paid', kind: 'money' },
          { header: 'Processing', kind: 'money' },
          { header: 'Outstanding', kind: 'money' },
          { header: 'Overdue', kind: 'money' },
        ],
        rows: rows.map((r) => [r.month, r.instalments, r.due, r.paid, r.processing, r.outstanding, r.overdue]),
        totals: [
          'Total',
          rows.reduce((n, r) => n + r.instalments, 0),
          ...(['due', 'paid', 'processing', 'outstanding', 'overdue'] as const).map((k) => sum(rows, k)),
        ],
      },
      'plan-instalments-by-month',
    );
  }
}

/** A column's total in dollars, added in cents (no float drift). */
function sum<K extends string>(rows: Record<K, number>[], key: K): number {
  return rows.reduce((n, r) => n + Math.round(r[key] * 100), 0) / 100;
}
