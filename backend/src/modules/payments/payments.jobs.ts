import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AllConfigType } from '../../config/config.type';
import { CardPaymentsService } from './card-payments.service';

const JOB_NAME = 'payments-hold-expiry';

/**
 * Hold expiry, every JOBS_INTERVAL_MS when JOBS_ENABLED: lapsed card holds are released (claimed with FOR UPDATE
 * SKIP LOCKED, so several instances never release one twice) and their PaymentIntents cancelled.
 */
@Injectable()
export class PaymentsJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PaymentsJobs');
  private running: Promise<void> | null = null;

  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly payments: CardPaymentsService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    if (!jobs.enabled) return;
    const timer = setInterval(() => void this.expireHolds(), jobs.intervalMs);
    timer.unref();
    this.scheduler.addInterval(JOB_NAME, timer);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.scheduler.doesExist('interval', JOB_NAME)) this.scheduler.deleteInterval(JOB_NAME);
    await this.running;
  }

  /** One run at a time in this process; an error is logged and the next run tries again. */
  expireHolds(): Promise<void> {
    this.running ??= this.payments
      .expireHolds()
      .then((n) => {
        if (n) this.logger.log(`Released ${n} lapsed card hold(s)`);
      })
      .catch((e) => this.logger.error(`Hold expiry failed: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
