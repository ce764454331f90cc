import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { type RetentionRun, RetentionService } from './retention.service';

/** Checks hourly where JOBS_ENABLED; each rule runs once a day on one instance (RetentionService's lease). */
@Injectable()
export class RetentionJobs extends ConfiguredJob<RetentionRun[]> {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly retention: RetentionService,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'retention', [], (ms) => Math.max(ms, 3_600_000));
  }

  protected work(): Promise<RetentionRun[]> {
    return this.retention.run();
  }
}
