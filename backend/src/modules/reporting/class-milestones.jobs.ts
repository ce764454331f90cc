import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { ClassMilestonesService } from './class-milestones.service';

/** A class's start or end is reported within a minute: no need to look every JOBS_INTERVAL_MS. */
const INTERVAL_MS = 60_000;

/** Records class_started / class_completion once per class (see ClassMilestonesService); only when JOBS_ENABLED. */
@Injectable()
export class ClassMilestonesJobs extends ConfiguredJob {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly milestones: ClassMilestonesService,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'class-milestones', undefined, () => INTERVAL_MS);
  }

  protected async work(): Promise<void> {
    await this.milestones.run();
  }
}
