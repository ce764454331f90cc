import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { EarlyAccessService } from './early-access.service';

/** Every JOBS_INTERVAL_MS when JOBS_ENABLED: the early-access emails of terms whose early access has begun. */
@Injectable()
export class EarlyAccessJobs extends IntervalJob<number> {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly earlyAccess: EarlyAccessService,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'early-access-emails', 0);
  }

  protected intervalMs(): number | null {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    return jobs.enabled ? jobs.intervalMs : null;
  }

  protected onTimer(): Promise<number> {
    return this.run();
  }

  run(): Promise<number> {
    return this.once(async () => {
      const n = await this.earlyAccess.sendDue();
      if (n) this.logger.log(`Early access: ${n} email(s) queued`);
      return n;
    });
  }
}
