import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { InstalmentCharges } from './instalment-charges';

/** Charges due instalments every JOBS_INTERVAL_MS where JOBS_ENABLED (safe on several instances: InstalmentCharges). */
@Injectable()
export class InstalmentChargesJobs extends ConfiguredJob<number> {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly instalments: InstalmentCharges,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'instalment-charges', 0);
  }

  protected work(): Promise<number> {
    return this.instalments.run();
  }
}
