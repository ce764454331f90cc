import { Global, Module } from '@nestjs/common';
import { ActivityController } from './activity.controller';
import { ActivityService } from './activity.service';
import { DashboardController } from './dashboard.controller';
import { DashboardRepository } from './dashboard.repository';
import { DashboardService } from './dashboard.service';

/** Global: every feature records its activity events through ActivityService. */
@Global()
@Module({
  controllers: [ActivityController, DashboardController],
  providers: [ActivityService, DashboardRepository, DashboardService],
  exports: [ActivityService],
})
export class ReportingModule {}
