import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { WaitlistExpiryService } from './waitlist-expiry.service';

/**
 * Every JOBS_INTERVAL_MS when JOBS_ENABLED: offers past their expiry lapse (their seat passes to the next person or,
 * with nobody waiting, to the public), then free seats with people waiting are offered. Each class is claimed with
 * FOR UPDATE SKIP LOCKED and re-read under the lock, so several instances never offer one seat twice.
 */
@Injectable()
export class WaitlistJobs extends IntervalJob {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly waitlist: WaitlistExpiryService,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'waitlist-offers', undefined);
  }

  protected intervalMs(): number | null {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    return jobs.enabled ? jobs.intervalMs : null;
  }

  protected onTimer(): Promise<void> {
    return this.run();
  }

  run(): Promise<void> {
    return this.once(async () => {
      const lapsed = await this.waitlist.lapseExpired();
      const offered = await this.waitlist.sweep();
      if (lapsed || offered) this.logger.log(`Waitlist: ${lapsed} offer(s) lapsed, ${offered} seat(s) offered by the sweep`);
    });
  }
}
