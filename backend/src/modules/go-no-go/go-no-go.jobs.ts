import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { GoNoGoService } from './go-no-go.service';

/** Decisions are due at whole hours before a start: a minute's delay is within what anyone would notice. */
const INTERVAL_MS = 60_000;

/** The go/no-go decisions and the release of cancelled classes (see GoNoGoService); only when JOBS_ENABLED. */
@Injectable()
export class GoNoGoJobs extends ConfiguredJob {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly goNoGo: GoNoGoService,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'go-no-go', undefined, (ms) => Math.min(INTERVAL_MS, ms));
  }

  protected async work(): Promise<void> {
    const { decided, released } = await this.goNoGo.run();
    if (decided.length || released) this.logger.log(`Decided ${decided.length} class(es), released ${released} registration(s)`);
  }
}
