import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { CardPaymentsService } from './card-payments.service';

/**
 * Hold expiry, every JOBS_INTERVAL_MS when JOBS_ENABLED: lapsed card holds are released (claimed with FOR UPDATE
 * SKIP LOCKED, so several instances never release one twice) and their PaymentIntents cancelled.
 */
@Injectable()
export class PaymentsJobs extends IntervalJob {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly payments: CardPaymentsService,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'payments-hold-expiry', undefined);
  }

  protected intervalMs(): number | null {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    return jobs.enabled ? jobs.intervalMs : null;
  }

  protected onTimer(): Promise<void> {
    return this.expireHolds();
  }

  expireHolds(): Promise<void> {
    return this.once(async () => {
      const n = await this.payments.expireHolds();
      if (n) this.logger.log(`Released ${n} lapsed card hold(s)`);
    });
  }
}
