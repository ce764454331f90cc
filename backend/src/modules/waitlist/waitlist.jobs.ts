import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AllConfigType } from '../../config/config.type';
import { WaitlistService } from './waitlist.service';

const JOB_NAME = 'waitlist-offers';

/**
 * Every JOBS_INTERVAL_MS when JOBS_ENABLED: offers past their expiry lapse (their seat passes to the next person or,
 * with nobody waiting, to the public), then free seats with people waiting are offered. Each class is claimed with
 * FOR UPDATE SKIP LOCKED and re-read under the lock, so several instances never offer one seat twice.
 */
@Injectable()
export class WaitlistJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WaitlistJobs');
  private running: Promise<void> | null = null;

  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly waitlist: WaitlistService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    if (!jobs.enabled) return;
    const timer = setInterval(() => void this.run(), jobs.intervalMs);
    timer.unref();
    this.scheduler.addInterval(JOB_NAME, timer);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.scheduler.doesExist('interval', JOB_NAME)) this.scheduler.deleteInterval(JOB_NAME);
    await this.running;
  }

  /** One run at a time in this process; an error is logged and the next run tries again. */
  run(): Promise<void> {
    this.running ??= (async () => {
      const lapsed = await this.waitlist.lapseExpired();
      const offered = await this.waitlist.sweep();
      if (lapsed || offered) this.logger.log(`Waitlist: ${lapsed} offer(s) lapsed, ${offered} seat(s) offered by the sweep`);
    })()
      .catch((e) => this.logger.error(`Waitlist job failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
