import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** What is counted: outbox messages (email and SMS) or webhook delivery attempts. */
export type OutboundKind = 'message' | 'webhook';

/** The organization's own figure's column in outbound_limits, by kind. */
const LIMIT_COLUMN: Record<OutboundKind, string> = { message: 'messages_per_minute', webhook: 'webhooks_per_minute' };

/** This minute's window: a usage row whose window started earlier counts as empty. */
const WINDOW = `date_trunc('minute', now())`;

/** An organization's own figures (null: the default) and what it used this minute. */
export interface OutboundLimitsRow {
  messages: number | null;
  webhooks: number | null;
  usedMessages: number;
  usedWebhooks: number;
}

/** outbound_limits (staff's figures) and outbound_usage (this minute's count per organization and kind). */
@Injectable()
export class OutboundLimitsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** `organizationIds` (in their order) that have allowance left this minute; `fallback`: the default figure. */
  async open(m: EntityManager, kind: OutboundKind, organizationIds: string[], fallback: number): Promise<string[]> {
    const rows: { id: string }[] = await m.query(
      `SELECT w.id FROM unnest($1::uuid[]) WITH ORDINALITY AS w(id, i)
         LEFT JOIN outbound_usage u ON u.organization_id = w.id AND u.kind = $2
         LEFT JOIN outbound_limits l ON l.organization_id = w.id
        WHERE u.organization_id IS NULL OR u.window_start < ${WINDOW} OR u.used < coalesce(l.${LIMIT_COLUMN[kind]}, $3)
        ORDER BY w.i`,
      [organizationIds, kind, fallback],
    );
    return rows.map((r) => r.id);
  }

  /** Locks the usage rows (creating missing ones) and answers what each may still take; rows others hold are absent. */
  async hold(m: EntityManager, kind: OutboundKind, organizationIds: string[], fallback: number): Promise<Map<string, number>> {
    // The first claim ever for an organization creates its row (once: a concurrent insert of the same key waits for
    // the other transaction, then does nothing).
    await m.query(
      `INSERT INTO outbound_usage (organization_id, kind, window_start, used)
       SELECT id, $2, ${WINDOW}, 0 FROM unnest($1::uuid[]) AS w(id)
       ON CONFLICT (organization_id, kind) DO NOTHING`,
      [organizationIds, kind],
    );
    const rows: { id: string; remaining: number }[] = await m.query(
      `SELECT u.organization_id AS id,
              greatest(0, coalesce(l.${LIMIT_COLUMN[kind]}, $3) - CASE WHEN u.window_start < ${WINDOW} THEN 0 ELSE u.used END)::int AS remaining
         FROM outbound_usage u LEFT JOIN outbound_limits l ON l.organization_id = u.organization_id
        WHERE u.kind = $2 AND u.organization_id = ANY($1::uuid[])
        ORDER BY u.organization_id
        FOR UPDATE OF u SKIP LOCKED`,
      [organizationIds, kind, fallback],
    );
    return new Map(rows.map((r) => [r.id, r.remaining]));
  }

  /** Adds what was claimed to this minute's window (a stale window starts again from it). */
  async spend(m: EntityManager, kind: OutboundKind, spent: [string, number][]): Promise<void> {
    await m.query(
      `UPDATE outbound_usage u
          SET used = CASE WHEN u.window_start < ${WINDOW} THEN s.n ELSE u.used + s.n END, window_start = ${WINDOW}
         FROM unnest($1::uuid[], $2::int[]) AS s(id, n)
        WHERE u.organization_id = s.id AND u.kind = $3`,
      [spent.map(([id]) => id), spent.map(([, n]) => n), kind],
    );
  }

  async read(organizationId: string, m: EntityManager = this.db.manager): Promise<OutboundLimitsRow> {
    const [row]: OutboundLimitsRow[] = await m.query(
      `SELECT l.messages_per_minute AS messages, l.webhooks_per_minute AS webhooks,
              coalesce((SELECT used FROM outbound_usage WHERE organization_id = $1 AND kind = 'message'
                         AND window_start = ${WINDOW}), 0)::int AS "usedMessages",
              coalesce((SELECT used FROM outbound_usage WHERE organization_id = $1 AND kind = 'webhook'
                         AND window_start = ${WINDOW}), 0)::int AS "usedWebhooks"
         FROM (SELECT $1::uuid AS id) o LEFT JOIN outbound_limits l ON l.organization_id = o.id`,
      [organizationId],
    );
    return row;
  }

  /** Sets the kinds given (undefined keeps a figure, null clears it to the default). */
  async upsert(
    m: EntityManager,
    organizationId: string,
    change: { messagesPerMinute?: number | null; webhooksPerMinute?: number | null },
  ): Promise<void> {
    await m.query(
      `INSERT INTO outbound_limits (organization_id, messages_per_minute, webhooks_per_minute)
       VALUES ($1, $3, $5)
       ON CONFLICT (organization_id) DO UPDATE SET
         messages_per_minute = CASE WHEN $2 THEN EXCLUDED.messages_per_minute ELSE outbound_limits.messages_per_minute END,
         webhooks_per_minute = CASE WHEN $4 THEN EXCLUDED.webhooks_per_minute ELSE outbound_limits.webhooks_per_minute END,
         updated_at = now()`,
      [
        organizationId,
        change.messagesPerMinute !== undefined,
        change.messagesPerMinute ?? null,
        change.webhooksPerMinute !== undefined,
        change.webhooksPerMinute ?? null,
      ],
    );
  }
}
