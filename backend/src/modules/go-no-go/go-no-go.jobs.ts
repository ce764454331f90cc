import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { GoNoGoService } from './go-no-go.service';

/** Decisions are due at whole hours before a start: a minute's delay is within what anyone would notice. */
const INTERVAL_MS = 60_000;

/** The go/no-go decisions and the release of cancelled classes (see GoNoGoService); only when JOBS_ENABLED. */
@Injectable()
export class GoNoGoJobs extends IntervalJob {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly goNoGo: GoNoGoService,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'go-no-go', undefined);
  }

  protected intervalMs(): number | null {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    return jobs.enabled ? Math.min(INTERVAL_MS, jobs.intervalMs) : null;
  }

  protected onTimer(): Promise<void> {
    return this.tick();
  }

  tick(): Promise<void> {
    return this.once(async () => {
      const { decided, released } = await this.goNoGo.run();
      if (decided.length || released) this.logger.log(`Decided ${decided.length} class(es), released ${released} registration(s)`);
    });
  }
}
