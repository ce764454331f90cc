import { Injectable, type OnModuleInit } from '@nestjs/common';
import { olderRowsDeleteSql } from '../../common/db/older-rows';
import { RetentionRules } from '../retention/retention-rules';

/** Only messages that are over: pending and sending ones are still the dispatcher's, whatever their age. */
const DELETE_OLD = olderRowsDeleteSql(
  'communications',
  (x) => `${x}.created_at < $1 AND ${x}.status IN ('sent', 'delivered', 'failed', 'cancelled', 'skipped')`,
);

/** The outbox's retention rule: finished messages older than RETENTION_COMMUNICATIONS_DAYS (default 400). */
@Injectable()
export class CommunicationsRetentionRepository implements OnModuleInit {
  constructor(private readonly rules: RetentionRules) {}

  onModuleInit(): void {
    this.rules.registerDelete('communications', 'communicationsDays', DELETE_OLD);
  }
}
