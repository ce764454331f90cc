import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { PlanDeadlines } from './plan-deadlines';

/** Payment plans' reminders, past dues and releases every JOBS_INTERVAL_MS where JOBS_ENABLED (safe on several instances). */
@Injectable()
export class PlanDeadlinesJobs extends ConfiguredJob<number> {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly deadlines: PlanDeadlines,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'payment-plan-deadlines', 0);
  }

  protected work(): Promise<number> {
    return this.deadlines.run();
  }
}
