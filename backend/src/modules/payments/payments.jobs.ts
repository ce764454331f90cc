import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { CardPaymentsService } from './card-payments.service';
import { StripeRefundsService } from './stripe-refunds.service';
import { TopUpsService } from './top-ups.service';

/**
 * Every JOBS_INTERVAL_MS when JOBS_ENABLED: lapsed card holds are released (claimed with FOR UPDATE SKIP LOCKED, so
 * several instances never release one twice) and their PaymentIntents cancelled; then the payments whose refunds were
 * not final at the last look have them listed again when due (StripeRefundsService.followUp, leased per payment).
 */
@Injectable()
export class PaymentsJobs extends IntervalJob {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly payments: CardPaymentsService,
    private readonly stripeRefunds: StripeRefundsService,
    scheduler: SchedulerRegistry,
    private readonly topUps: TopUpsService,
  ) {
    super(scheduler, 'payments-hold-expiry', undefined);
  }

  protected intervalMs(): number | null {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    return jobs.enabled ? jobs.intervalMs : null;
  }

  protected onTimer(): Promise<void> {
    return this.once(async () => {
      // Two independent pieces of work: one failing does not hold the other back.
      await this.releaseHolds().catch((e: unknown) => this.logger.error(`Releasing lapsed holds failed: ${String(e)}`));
      await this.checkRefunds();
    });
  }

  expireHolds(): Promise<void> {
    return this.once(() => this.releaseHolds());
  }

  /** Payments with a refund that was not final yet: their refunds listed again (one run at a time in this process). */
  followUpRefunds(now?: Date): Promise<void> {
    return this.once(() => this.checkRefunds(now));
  }

  private async releaseHolds(): Promise<void> {
    const n = await this.payments.expireHolds();
    if (n) this.logger.log(`Released ${n} lapsed card hold(s)`);
    // The seats held while a switch to a dearer class is being paid lapse the same way.
    const t = await this.topUps.expireHolds();
    if (t) this.logger.log(`Released ${t} lapsed seat hold(s) of class switches`);
  }

  private async checkRefunds(now?: Date): Promise<void> {
    const n = await this.stripeRefunds.followUp(now);
    if (n) this.logger.log(`Looked again at the refunds of ${n} payment(s)`);
  }
}
