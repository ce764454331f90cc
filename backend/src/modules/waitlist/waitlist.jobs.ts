import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { WaitlistExpiryService } from './waitlist-expiry.service';

/**
 * Every JOBS_INTERVAL_MS when JOBS_ENABLED: offers past their expiry lapse (their seat passes to the next person or,
 * with nobody waiting, to the public), then free seats with people waiting are offered. Each class is claimed with
 * FOR UPDATE SKIP LOCKED and re-read under the lock, so several instances never offer one seat twice.
 */
@Injectable()
export class WaitlistJobs extends ConfiguredJob {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly waitlist: WaitlistExpiryService,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'waitlist-offers', undefined);
  }

  protected async work(): Promise<void> {
    const lapsed = await this.waitlist.lapseExpired();
    const offered = await this.waitlist.sweep();
    if (lapsed || offered) this.logger.log(`Waitlist: ${lapsed} offer(s) lapsed, ${offered} seat(s) offered by the sweep`);
  }
}
