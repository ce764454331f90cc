import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { SubscriptionRepository } from './subscription.repository';
import { SubscriptionsService } from './subscriptions.service';

const BATCH = 20;

/**
 * Applies downgrades booked for the end of the period, every JOBS_INTERVAL_MS when JOBS_ENABLED. Each due row
 * is claimed with FOR UPDATE SKIP LOCKED in its own transaction (several instances share the work; a crash
 * rolls the claim back and the next run takes it). Until the job runs, the plan policy already applies the
 * booked plan once its date has passed.
 */
@Injectable()
export class SubscriptionsJobs extends IntervalJob<number> {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    scheduler: SchedulerRegistry,
    private readonly repo: SubscriptionRepository,
    private readonly subscriptions: SubscriptionsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    super(scheduler, 'subscriptions-period-end', 0);
  }

  protected intervalMs(): number | null {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    return jobs.enabled ? jobs.intervalMs : null;
  }

  protected onTimer(): Promise<number> {
    return this.run();
  }

  /** Returns how many booked changes were applied (0 when the run failed: logged, retried next run). */
  run(now: Date = new Date()): Promise<number> {
    return this.once(() => this.applyDue(now));
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
