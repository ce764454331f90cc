import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { creditReportTable, CreditReportsService } from './credit-reports.service';
import { CreditLiabilityReportDto, CreditReportQueryDto, CreditSalesReportDto, MakeupsReportDto } from './dto/credit-reports.dto';
import { csvStream } from './render/csv';
import { ReportsService } from './reports.service';

/**
 * The credits reports (issue 41 §4): `GET /api/reports/credit-liability` (what is owed today, by expiry month),
 * `credit-sales` and `makeups` (over a range, like the other reports). Admins only; advanced reporting, as every
 * report. `format=csv` answers the same report as a download.
 */
@Roles(Role.Admin)
@Controller('reports')
export class CreditReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly credits: CreditReportsService,
  ) {}

  @ApiEnvelope(CreditLiabilityReportDto, { description: 'Unused credit today; the range is ignored' })
  @ApiProduces('application/json', 'text/csv')
  @Get('credit-liability')
  async liability(@OrgId() orgId: string, @Query() query: CreditReportQueryDto) {
    await this.reports.assertReporting(orgId);
    // No dates: the default range ends today in the organization's zone.
    const range = await this.reports.range(orgId, { timeframe: '7d' });
    const report = await this.credits.liability(range, range.endDate);
    return query.format === 'csv' ? this.csv(report, `credit-liability_${range.endDate}.csv`) : report;
  }

  @ApiEnvelope(CreditSalesReportDto)
  @ApiProduces('application/json', 'text/csv')
  @Get('credit-sales')
  async sales(@OrgId() orgId: string, @Query() query: CreditReportQueryDto) {
    await this.reports.assertReporting(orgId);
    const range = await this.reports.range(orgId, query);
    const report = await this.credits.sales(range);
    return query.format === 'csv' ? this.csv(report, `credit-sales-report_${range.startDate}_${range.endDate}.csv`) : report;
  }

  @ApiEnvelope(MakeupsReportDto)
  @ApiProduces('application/json', 'text/csv')
  @Get('makeups')
  async makeups(@OrgId() orgId: string, @Query() query: CreditReportQueryDto) {
    await this.reports.assertReporting(orgId);
    const range = await this.reports.range(orgId, query);
    const report = await this.credits.makeupsReport(range);
    return query.format === 'csv' ? this.csv(report, `makeups-report_${range.startDate}_${range.endDate}.csv`) : report;
  }

  private csv(report: Parameters<typeof creditReportTable>[0], name: string) {
    return new StreamableFile(csvStream(creditReportTable(report)), {
      type: 'text/csv; charset=utf-8; header=present',
      disposition: `attachment; filename="${name}"`,
    });
  }
}
