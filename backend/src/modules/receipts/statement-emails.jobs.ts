import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ConfiguredJob } from '../../common/jobs/configured-job';
import type { AllConfigType } from '../../config/config.type';
import { StatementEmailsService } from './statement-emails.service';

/**
 * Every JOBS_INTERVAL_MS when JOBS_ENABLED: the January year-end statement emails of the organizations whose January
 * has begun. Outside 31 December to 1 February (UTC) a run reads nothing.
 */
@Injectable()
export class StatementEmailsJobs extends ConfiguredJob<number> {
  constructor(
    config: ConfigService<AllConfigType>,
    private readonly statements: StatementEmailsService,
    scheduler: SchedulerRegistry,
  ) {
    super(config, scheduler, 'statement-emails', 0);
  }

  protected work(): Promise<number> {
    return this.statements.sendDue();
  }
}
