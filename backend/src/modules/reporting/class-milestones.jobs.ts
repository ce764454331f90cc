import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { ClassMilestonesService } from './class-milestones.service';

/** A class's start or end is reported within a minute: no need to look every JOBS_INTERVAL_MS. */
const INTERVAL_MS = 60_000;

/** Records class_started / class_completion once per class (see ClassMilestonesService); only when JOBS_ENABLED. */
@Injectable()
export class ClassMilestonesJobs extends IntervalJob {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly milestones: ClassMilestonesService,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'class-milestones', undefined);
  }

  protected intervalMs(): number | null {
    return this.config.getOrThrow('jobs', { infer: true }).enabled ? INTERVAL_MS : null;
  }

  protected onTimer(): Promise<void> {
    return this.tick();
  }

  tick(): Promise<void> {
    return this.once(async () => {
      await this.milestones.run();
    });
  }
}
