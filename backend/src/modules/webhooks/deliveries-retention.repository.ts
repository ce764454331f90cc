import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { olderRowsDeleteSql } from '../../common/db/older-rows';
import { returning } from '../../common/db/returning';
import type { AllConfigType } from '../../config/config.type';
import { RetentionRules } from '../retention/retention-rules';

/** Only deliveries that are over: pending ones (and those sending) are still the dispatcher's. */
const DELETE_OLD = olderRowsDeleteSql('webhook_deliveries', (x) => `${x}.created_at < $1 AND ${x}.status IN ('delivered', 'failed')`);

/** Webhook deliveries' retention rule: finished ones older than RETENTION_WEBHOOK_DELIVERIES_DAYS (default 30). */
@Injectable()
export class DeliveriesRetentionRepository implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rules: RetentionRules,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'webhook_deliveries',
      days: this.config.getOrThrow('retention', { infer: true }).webhookDeliveriesDays,
      purge: async (cutoff, batch) => (await returning(this.db, DELETE_OLD, [cutoff, batch])).length,
    });
  }
}
