import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { MembershipRenewals } from './membership-renewals';

/** Renews memberships every JOBS_INTERVAL_MS where JOBS_ENABLED (safe on several instances: MembershipRenewals). */
@Injectable()
export class MembershipRenewalsJobs extends ConfiguredJob<number> {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly renewals: MembershipRenewals,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'membership-renewals', 0);
  }

  protected work(): Promise<number> {
    return this.renewals.run();
  }
}
