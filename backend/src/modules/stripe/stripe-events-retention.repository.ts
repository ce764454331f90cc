import { Injectable, type OnModuleInit } from '@nestjs/common';
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
  constructor(private readonly rules: RetentionRules) {}

  onModuleInit(): void {
    this.rules.registerDelete('stripe_events', 'stripeEventsDays', DELETE_OLD);
  }
}
