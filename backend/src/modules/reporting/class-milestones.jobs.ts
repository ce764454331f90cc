import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AllConfigType } from '../../config/config.type';
import { ClassMilestonesService } from './class-milestones.service';

const JOB_NAME = 'class-milestones';
/** A class's start or end is reported within a minute: no need to look every JOBS_INTERVAL_MS. */
const INTERVAL_MS = 60_000;

/** Records class_started / class_completion once per class (see ClassMilestonesService); only when JOBS_ENABLED. */
@Injectable()
export class ClassMilestonesJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ClassMilestonesJobs');
  private running: Promise<void> | null = null;

  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly milestones: ClassMilestonesService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.getOrThrow('jobs', { infer: true }).enabled) return;
    const timer = setInterval(() => void this.tick(), INTERVAL_MS);
    timer.unref();
    this.scheduler.addInterval(JOB_NAME, timer);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.scheduler.doesExist('interval', JOB_NAME)) this.scheduler.deleteInterval(JOB_NAME);
    await this.running;
  }

  tick(): Promise<void> {
    this.running ??= this.milestones
      .run()
      .then(() => undefined)
      .catch((e) => this.logger.error(`Class milestones failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
