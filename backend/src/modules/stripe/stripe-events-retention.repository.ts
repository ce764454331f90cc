import { Injectable, type OnModuleInit } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { returning } from '../../common/db/returning';
import type { AllConfigType } from '../../config/config.type';
import { RetentionRules } from '../retention/retention-rules';

/**
 * Processed events only (index stripe_events_processed_received_idx): an unprocessed one is still owed its handling.
 * The store is also the dedupe by event id, so the figure's floor (35 days) is past the 30 days Stripe lists events
 * for the reconciliation and its 3 days of resending.
 */
const DELETE_OLD = `DELETE FROM stripe_events WHERE id IN (
    SELECT id FROM stripe_events WHERE processed_at IS NOT NULL AND received_at < $1 LIMIT $2) RETURNING id`;

/** Stripe events' retention rule: processed events older than RETENTION_STRIPE_EVENTS_DAYS (default 90). */
@Injectable()
export class StripeEventsRetentionRepository implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rules: RetentionRules,
    private readonly config: ConfigService<AllConfigType>,
  ) {}

  onModuleInit(): void {
    this.rules.register({
      name: 'stripe_events',
      days: this.config.getOrThrow('retention', { infer: true }).stripeEventsDays,
      purge: async (cutoff, batch) => (await returning(this.db, DELETE_OLD, [cutoff, batch])).length,
    });
  }
}
