import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AllConfigType } from '../../config/config.type';
import { GoNoGoService } from './go-no-go.service';

const JOB_NAME = 'go-no-go';
/** Decisions are due at whole hours before a start: a minute's delay is within what anyone would notice. */
const INTERVAL_MS = 60_000;

/** The go/no-go decisions and the release of cancelled classes (see GoNoGoService); only when JOBS_ENABLED. */
@Injectable()
export class GoNoGoJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('GoNoGoJobs');
  private running: Promise<void> | null = null;

  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly goNoGo: GoNoGoService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    if (!jobs.enabled) return;
    const timer = setInterval(() => void this.tick(), Math.min(INTERVAL_MS, jobs.intervalMs));
    timer.unref();
    this.scheduler.addInterval(JOB_NAME, timer);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.scheduler.doesExist('interval', JOB_NAME)) this.scheduler.deleteInterval(JOB_NAME);
    await this.running;
  }

  /** One run at a time in this process; an error is logged and the next run tries again. */
  tick(): Promise<void> {
    this.running ??= this.goNoGo
      .run()
      .then(({ decided, released }) => {
        if (decided.length || released) this.logger.log(`Decided ${decided.length} class(es), released ${released} registration(s)`);
      })
      .catch((e) => this.logger.error(`Go/no-go failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
