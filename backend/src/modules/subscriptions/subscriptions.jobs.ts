import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AllConfigType } from '../../config/config.type';
import { SubscriptionRepository } from './subscription.repository';
import { SubscriptionsService } from './subscriptions.service';

const JOB_NAME = 'subscriptions-period-end';
const BATCH = 20;

/**
 * Applies downgrades booked for the end of the period, every JOBS_INTERVAL_MS when JOBS_ENABLED. Each due row
 * is claimed with FOR UPDATE SKIP LOCKED in its own transaction (several instances share the work; a crash
 * rolls the claim back and the next run takes it). Until the job runs, the plan policy already applies the
 * booked plan once its date has passed.
 */
@Injectable()
export class SubscriptionsJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('SubscriptionsJobs');
  private running: Promise<number> | null = null;

  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly scheduler: SchedulerRegistry,
    private readonly repo: SubscriptionRepository,
    private readonly subscriptions: SubscriptionsService,
    @InjectDataSource() private readonly db: DataSource,
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

  /** One run at a time in this process; returns how many booked changes were applied. */
  run(now: Date = new Date()): Promise<number> {
    this.running ??= this.applyDue(now)
      .catch((e) => {
        this.logger.error(`Applying booked plan changes failed: ${e instanceof Error ? e.message : String(e)}`);
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** A row whose change fails (Stripe down, a bad price) is logged and left for the next run; the others go on. */
  private async applyDue(now: Date): Promise<number> {
    let applied = 0;
    const failed: string[] = [];
    while (applied + failed.length < BATCH) {
      let claimed: string | null = null;
      try {
        const done = await this.db.transaction(async (m) => {
          const [row] = await this.repo.claimDueChanges(m, now, 1, failed);
          if (!row) return false;
          claimed = row.organizationId;
          await this.subscriptions.applyDueChange(m, row);
          return true;
        });
        if (!done) break;
        applied++;
      } catch (e) {
        if (!claimed) throw e;
        failed.push(claimed);
        this.logger.warn(`The booked plan change of ${claimed} failed (${e instanceof Error ? e.message : String(e)}); retried next run`);
      }
    }
    return applied;
  }
}
