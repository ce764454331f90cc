import { Module } from '@nestjs/common';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

/** The admin dashboard; the activity log it shows comes from ActivityModule's service (global). */
@Module({
  controllers: [DashboardController],
  providers: [DashboardRepository, DashboardService],
})
export class ReportingModule {}
