import { Controller, Get, Query } from '@nestjs/common';
import { OrgId } from '../../common/auth/auth-user';
import { Role, Roles } from '../../common/auth/roles';
import { DashboardService } from './dashboard.service';
import { DashboardQuery } from './dto/dashboard-query.dto';
import { ApiEnvelope } from '../../common/openapi/api-envelope';
import { DashboardSummaryResponseDto } from './dto/reporting.response';

@Controller('reporting')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @ApiEnvelope(DashboardSummaryResponseDto)
  @Roles(Role.Admin)
  @Get('dashboard-summary')
  summary(@OrgId() orgId: string, @Query() query: DashboardQuery) {
    return this.dashboard.summary(orgId, query.period);
  }
}
