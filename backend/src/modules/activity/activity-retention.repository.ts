import { Injectable, type OnModuleInit } from '@nestjs/common';
import { olderRowsDeleteSql } from '../../common/db/older-rows';
import { RetentionRules } from '../retention/retention-rules';

const DELETE_OLD = olderRowsDeleteSql('activity_events', (x) => `${x}.event_date < $1`);

/** The activity log's retention rule: events older than RETENTION_ACTIVITY_EVENTS_DAYS (default three years). */
@Injectable()
export class ActivityRetentionRepository implements OnModuleInit {
  constructor(private readonly rules: RetentionRules) {}

  onModuleInit(): void {
    this.rules.registerDelete('activity_events', 'activityEventsDays', DELETE_OLD);
  }
}
