import { Injectable, type OnModuleInit } from '@nestjs/common';
import { olderRowsDeleteSql } from '../../common/db/older-rows';
import { RetentionRules } from '../retention/retention-rules';

/** Only deliveries that are over: pending ones (and those sending) are still the dispatcher's. */
const DELETE_OLD = olderRowsDeleteSql('webhook_deliveries', (x) => `${x}.created_at < $1 AND ${x}.status IN ('delivered', 'failed')`);

/** Webhook deliveries' retention rule: finished ones older than RETENTION_WEBHOOK_DELIVERIES_DAYS (default 30). */
@Injectable()
export class DeliveriesRetentionRepository implements OnModuleInit {
  constructor(private readonly rules: RetentionRules) {}

  onModuleInit(): void {
    this.rules.registerDelete('webhook_deliveries', 'webhookDeliveriesDays', DELETE_OLD);
  }
}
