import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { WebhooksDispatcher } from './webhooks.dispatcher';

/** Sends due webhook deliveries every JOBS_INTERVAL_MS where JOBS_ENABLED (the dispatcher is safe on several instances). */
@Injectable()
export class WebhooksJobs extends ConfiguredJob<number> {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly dispatcher: WebhooksDispatcher,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'webhooks-dispatch', 0);
  }

  protected work(): Promise<number> {
    return this.dispatcher.run();
  }
}
