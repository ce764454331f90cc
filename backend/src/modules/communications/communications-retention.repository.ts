import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { olderRowsDeleteSql } from '../../common/db/older-rows';
import { returning } from '../../common/db/returning';
import type { AllConfigType } from '../../config/config.type';
import { RetentionRules } from '../retention/retention-rules';

/** Only messages that are over: pending and sending ones are still the dispatcher's, whatever their age. */
const DELETE_OLD = olderRowsDeleteSql(
  'communications',
  (x) => `${x}.created_at < $1 AND ${x}.status IN ('sent', 'delivered', 'failed', 'cancelled', 'skipped')`,
);

/** The outbox's retention rule: finished messages older than RETENTION_COMMUNICATIONS_DAYS (default 400). */
@Injectable()
export class CommunicationsRetentionRepository implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rules: RetentionRules,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'communications',
      days: this.config.getOrThrow('retention', { infer: true }).communicationsDays,
      purge: async (cutoff, batch) => (await returning(this.db, DELETE_OLD, [cutoff, batch])).length,
    });
  }
}
