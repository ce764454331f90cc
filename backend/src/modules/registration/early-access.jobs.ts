import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { EarlyAccessService } from './early-access.service';

/** Every JOBS_INTERVAL_MS when JOBS_ENABLED: the early-access emails of terms whose early access has begun. */
@Injectable()
export class EarlyAccessJobs extends ConfiguredJob<number> {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly earlyAccess: EarlyAccessService,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'early-access-emails', 0);
  }

  protected async work(): Promise<number> {
    const n = await this.earlyAccess.sendDue();
    if (n) this.logger.log(`Early access: ${n} email(s) queued`);
    return n;
  }
}
