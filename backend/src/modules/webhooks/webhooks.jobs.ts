import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJob } from '../../common/jobs/interval-job';
import type { AllConfigType } from '../../config/config.type';
import { WebhooksDispatcher } from './webhooks.dispatcher';

/** Sends due webhook deliveries every JOBS_INTERVAL_MS where JOBS_ENABLED (the dispatcher is safe on several instances). */
@Injectable()
export class WebhooksJobs extends IntervalJob<number> {
  constructor(
    private readonly config: ConfigService<AllConfigType>,
    private readonly dispatcher: WebhooksDispatcher,
    scheduler: SchedulerRegistry,
  ) {
    super(scheduler, 'webhooks-dispatch', 0);
  }

  protected intervalMs(): number | null {
    const jobs = this.config.getOrThrow('jobs', { infer: true });
    return jobs.enabled ? jobs.intervalMs : null;
  }

  protected onTimer(): Promise<number> {
    return this.tick();
  }

  tick(): Promise<number> {
    return this.once(() => this.dispatcher.run());
  }
}
