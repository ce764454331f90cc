import { Global, Module } from '@nestjs/common';
import { RetentionRules } from './retention-rules';
import { RetentionJobs } from './retention.jobs';
import { RetentionRepository } from './retention.repository';
import { RetentionService } from './retention.service';

/**
 * The nightly clean-up of append-only tables. The owners of those tables register a RetentionRule (their own
 * DELETE) with RetentionRules; this module only schedules and coordinates them. Global, like the activity log: the
 * owners sit in several layers. Owns retention_runs.
 */
@Global()
@Module({
  providers: [RetentionRules, RetentionRepository, RetentionService, RetentionJobs],
  exports: [RetentionRules, RetentionService],
})
export class RetentionModule {}
