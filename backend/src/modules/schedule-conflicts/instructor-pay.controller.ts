import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { csvStream } from '../reporting/render/csv';
import { InstructorPayQuery, InstructorPayReportDto } from './dto/instructor-pay.dto';
import { InstructorPayService } from './instructor-pay.service';

/** The instructor pay report (issue 39 §2): admins only (it shows what each teacher earns). */
@Roles(Role.Admin)
@Controller()
export class InstructorPayController {
  constructor(private readonly pay: InstructorPayService) {}

  @ApiEnvelope(InstructorPayReportDto, { description: 'What each instructor earned from the sessions held in the range' })
  @ApiProduces('application/json', 'text/csv')
  @Get('instructor-pay')
  async report(@OrgId() orgId: string, @Query() query: InstructorPayQuery) {
    const report = await this.pay.report(orgId, query.from, query.to);
    if (query.format !== 'csv') return report;
    return new StreamableFile(csvStream(this.pay.table(report)), {
      type: 'text/csv; charset=utf-8; header=present',
      disposition: `attachment; filename="instructor-pay_${report.from}_${report.to}.csv"`,
    });
  }
}
