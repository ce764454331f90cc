import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { olderRowsDeleteSql } from '../../common/db/older-rows';
import { returning } from '../../common/db/returning';
import type { AllConfigType } from '../../config/config.type';
import { RetentionRules } from '../retention/retention-rules';

const DELETE_OLD = olderRowsDeleteSql('activity_events', (x) => `${x}.event_date < $1`);

/** The activity log's retention rule: events older than RETENTION_ACTIVITY_EVENTS_DAYS (default three years). */
@Injectable()
export class ActivityRetentionRepository implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rules: RetentionRules,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'activity_events',
      days: this.config.getOrThrow('retention', { infer: true }).activityEventsDays,
      purge: async (cutoff, batch) => (await returning(this.db, DELETE_OLD, [cutoff, batch])).length,
    });
  }
}
