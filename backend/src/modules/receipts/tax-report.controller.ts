import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { RawReply } from '../../common/http/envelope.interceptor';
import { ApiEnvelope, ApiRawReply } from '../../common/openapi/api-envelope';
import { TaxReportRowDto } from './dto/tax-report.response';
import { YearParam } from './statements.controller';
import { TaxReportService } from './tax-report.service';

/** The tax the organization collected and gave back, by rate and month (issue 43 §1), as JSON or CSV. */
@Roles(Role.Admin)
@Controller('tax-report')
export class TaxReportController {
  constructor(private readonly report: TaxReportService) {}

  @ApiEnvelope(TaxReportRowDto, {
    isArray: true,
    description: "Per month (YYYY-MM) and rate, then the year's total per rate (period YYYY); from the receipts and credit notes",
  })
  @Get(':year')
  rows(@OrgId() orgId: string, @Param('year', YearParam) year: number) {
    return this.report.rows(orgId, year);
  }

  @ApiRawReply('text/csv', 'period,tax,rate,included,collected,refunded,net\r\n2026-03,GST,5,false,25.00,5.00,20.00\r\n…')
  @Get(':year/csv')
  async csv(@OrgId() orgId: string, @Param('year', YearParam) year: number, @Res({ passthrough: true }) res: FastifyReply) {
    const csv = await this.report.csv(orgId, year);
    void res.header('Content-Disposition', `attachment; filename="tax-report-${year}.csv"`);
    return new RawReply(csv, 'text/csv; charset=utf-8');
  }
}
