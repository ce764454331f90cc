import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { returning } from '../../common/db/returning';

export interface StoredStripeEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
}

export interface StuckStripeEvent {
  id: string;
  type: string;
  created: Date;
  attempts: number;
  error: string | null;
}

/** The stripe module owns `stripe_events` and `stripe_event_checkpoints`; nothing else reads or writes them. */
@Injectable()
export class StripeEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores a verified event once; a second delivery of the same id changes nothing. True when it was new. */
  async insert(event: { id: string; type: string; created: number; payload: unknown }): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `INSERT INTO stripe_events (id, type, created, payload) VALUES ($1, $2, to_timestamp($3), $4::jsonb)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, event.created, JSON.stringify(event.payload)],
    );
    return rows.length > 0;
  }

  /**
   * Claims an unprocessed event inside the caller's transaction and marks it processed in the same statement (the
   * mark commits with the handler's work or rolls back with it). SKIP LOCKED: when another instance holds the row
   * (it is processing the same event now) this returns null at once instead of waiting to run it twice.
   */
  async claim(m: EntityManager, id: string): Promise<StoredStripeEvent | null> {
    const rows = await returning<StoredStripeEvent>(
      m,
      `UPDATE stripe_events SET processed_at = now(), error = NULL, attempts = attempts + 1
       WHERE id = (SELECT id FROM stripe_events WHERE id = $1 AND processed_at IS NULL FOR UPDATE SKIP LOCKED)
       RETURNING id, type, payload`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * After the handler's transaction rolled back: its own statement, so the error survives the rollback. Returns the
   * event's failed attempts so far (null when it was processed meanwhile by someone else).
   */
  async recordFailure(id: string, error: string): Promise<{ type: string; attempts: number } | null> {
    const rows = await returning<{ type: string; attempts: number }>(
      this.db,
      'UPDATE stripe_events SET error = $2, attempts = attempts + 1 WHERE id = $1 AND processed_at IS NULL RETURNING type, attempts',
      [id, error.slice(0, 2000)],
    );
    return rows[0] ?? null;
  }

  /** Events still unprocessed after `maxAttempts` failures (no longer retried by the job): how many, and the oldest. */
  async stuck(maxAttempts: number): Promise<{ count: number; oldest: StuckStripeEvent | null }> {
    const [{ count }]: { count: number }[] = await this.db.query(
      'SELECT count(*)::int AS count FROM stripe_events WHERE processed_at IS NULL AND attempts >= $1',
      [maxAttempts],
    );
    const [oldest]: StuckStripeEvent[] = await this.db.query(
      `SELECT id, type, created, attempts, error FROM stripe_events WHERE processed_at IS NULL AND attempts >= $1
       ORDER BY created, id LIMIT 1`,
      [maxAttempts],
    );
    return { count, oldest: oldest ?? null };
  }

  async isProcessed(id: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM stripe_events WHERE id = $1 AND processed_at IS NOT NULL', [id]);
    return rows.length > 0;
  }

  /** Stored events still unprocessed (a failed handler, a delivery that stopped), oldest first. */
  async unprocessedIds(limit: number, maxAttempts: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      'SELECT id FROM stripe_events WHERE processed_at IS NULL AND attempts < $2 ORDER BY created, id LIMIT $1',
      [limit, maxAttempts],
    );
    return rows.map((r) => r.id);
  }

  /** The reconciliation checkpoint, locked for this run; null when another instance is running it now. */
  async lockCheckpoint(m: EntityManager): Promise<Date | null> {
    const rows: { checkpoint: Date }[] = await m.query(
      "SELECT checkpoint FROM stripe_event_checkpoints WHERE name = 'events' FOR UPDATE SKIP LOCKED",
    );
    return rows[0]?.checkpoint ?? null;
  }

  /** Moves the checkpoint forward only (never back), inside the run's transaction. */
  async saveCheckpoint(m: EntityManager, at: Date): Promise<void> {
    await m.query("UPDATE stripe_event_checkpoints SET checkpoint = GREATEST(checkpoint, $1), updated_at = now() WHERE name = 'events'", [
      at,
    ]);
  }
}
