import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface OutboxRow {
  channel: string;
  pending: number;
  oldest_due_seconds: number | null;
}
export interface StripeEventsRow {
  received: number;
  pending: number;
  failed: number;
  oldest_unprocessed_seconds: number | null;
}

/**
 * The numbers an operator alerts on, read at scrape time: a read model over the outbox, the Stripe event store and
 * the seat holds (declared in docs/architecture.md). Each query uses an index or a partial one; none writes.
 */
@Injectable()
export class MetricsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Messages waiting to go, per channel, and how late the oldest due one is (a stuck dispatcher shows here). */
  outbox(): Promise<OutboxRow[]> {
    return this.db.query(
      `SELECT channel, count(*)::int AS pending,
              extract(epoch FROM now() - min(next_attempt_at) FILTER (WHERE next_attempt_at <= now()))::float8 AS oldest_due_seconds
         FROM communications WHERE status IN ('pending', 'sending') GROUP BY channel`,
    );
  }

  async stripeEvents(): Promise<StripeEventsRow> {
    const [row] = await this.db.query(
      `SELECT count(*)::int AS received,
              count(*) FILTER (WHERE processed_at IS NULL)::int AS pending,
              count(*) FILTER (WHERE processed_at IS NULL AND error IS NOT NULL)::int AS failed,
              extract(epoch FROM now() - min(received_at) FILTER (WHERE processed_at IS NULL))::float8 AS oldest_unprocessed_seconds
         FROM stripe_events`,
    );
    return row;
  }

  async seatHoldsOpen(): Promise<number> {
    const [row] = await this.db.query(`SELECT count(*)::int AS n FROM enrollments WHERE status = 'held' AND hold_expires_at > now()`);
    return row.n;
  }
}
