import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { fairShare, waitingOrganizationsSql } from '../../common/db/fair-share';
import { returning } from '../../common/db/returning';
import { OutboundBudget, countByOrganization } from '../outbound-limits/outbound-budget';

/** A delivery to send now: pending and due, or sending past its lease (the process sending it died). */
const due = (x: string) =>
  `((${x}.status = 'pending' AND ${x}.next_attempt_at <= now()) OR (${x}.status = 'sending' AND ${x}.lease_until < now()))`;
/** Organizations with deliveries to send, longest waiting first (one index probe each: webhook_deliveries_org_due_idx). */
const WAITING_ORGANIZATIONS = waitingOrganizationsSql('webhook_deliveries', due, 'next_attempt_at');

export interface EndpointRow {
  id: string;
  organizationId: string;
  url: string;
  events: string[];
  active: boolean;
  failingSince: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface DeliveryRow {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  retryUntil: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

/** A claimed delivery with what sending it needs. */
export interface ClaimedDelivery extends DeliveryRow {
  organizationId: string;
  payload: Record<string, unknown>;
  url: string;
  secret: string;
}

const ENDPOINT = `e.id, e.organization_id AS "organizationId", e.url, e.events, e.active, e.failing_since AS "failingSince",
  e.disabled_at AS "disabledAt", e.created_at AS "createdAt", e.updated_at AS "updatedAt"`;
const DELIVERY = `d.id, d.endpoint_id AS "endpointId", d.event_id AS "eventId", d.event_type AS "eventType", d.status, d.attempts,
  d.next_attempt_at AS "nextAttemptAt", d.retry_until AS "retryUntil", d.last_status_code AS "lastStatusCode",
  d.last_error AS "lastError", d.created_at AS "createdAt", d.delivered_at AS "deliveredAt"`;

/**
 * The webhook_endpoints and webhook_deliveries tables. One read beyond them, on purpose: the admins' addresses
 * (users) for the email that says an endpoint was disabled; the webhooks module sits below auth, so it cannot ask
 * its service.
 */
@Injectable()
export class WebhooksRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly budget: OutboundBudget,
  ) {}

  async insertEndpoint(organizationId: string, url: string, events: string[], active: boolean, secret: string): Promise<EndpointRow> {
    const rows: EndpointRow[] = await this.db.query(
      `INSERT INTO webhook_endpoints AS e (organization_id, url, events, active, secret) VALUES ($1, $2, $3, $4, $5) RETURNING ${ENDPOINT}`,
      [organizationId, url, events, active, secret],
    );
    return rows[0];
  }

  listEndpoints(organizationId: string): Promise<EndpointRow[]> {
    return this.db.query(`SELECT ${ENDPOINT} FROM webhook_endpoints e WHERE e.organization_id = $1 ORDER BY e.created_at, e.id`, [
      organizationId,
    ]);
  }

  async findEndpoint(organizationId: string, id: string): Promise<EndpointRow | null> {
    const rows: EndpointRow[] = await this.db.query(
      `SELECT ${ENDPOINT} FROM webhook_endpoints e WHERE e.id = $1 AND e.organization_id = $2`,
      [id, organizationId],
    );
    return rows[0] ?? null;
  }

  /** Turning an endpoint on again forgets its failures (an admin fixed the receiver). */
  async updateEndpoint(organizationId: string, id: string, url: string, events: string[], active: boolean): Promise<EndpointRow | null> {
    const rows = await returning<EndpointRow>(
      this.db,
      `UPDATE webhook_endpoints e SET url = $3, events = $4, active = $5, updated_at = now(),
         failing_since = CASE WHEN $5 AND NOT e.active THEN NULL ELSE e.failing_since END,
         disabled_at = CASE WHEN $5 THEN NULL ELSE e.disabled_at END
       WHERE e.id = $1 AND e.organization_id = $2 RETURNING ${ENDPOINT}`,
      [id, organizationId, url, events, active],
    );
    return rows[0] ?? null;
  }

  async deleteEndpoint(organizationId: string, id: string): Promise<boolean> {
    const rows = await returning(this.db, 'DELETE FROM webhook_endpoints WHERE id = $1 AND organization_id = $2 RETURNING id', [
      id,
      organizationId,
    ]);
    return rows.length > 0;
  }

  listDeliveries(endpointId: string, limit: number): Promise<DeliveryRow[]> {
    return this.db.query(
      `SELECT ${DELIVERY} FROM webhook_deliveries d WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2`,
      [endpointId, limit],
    );
  }

  /** Due again now, with a fresh 24 hours of retries; null when the organization has no such delivery. */
  async redeliver(organizationId: string, id: string): Promise<DeliveryRow | null> {
    const rows = await returning<DeliveryRow>(
      this.db,
      `UPDATE webhook_deliveries d SET status = 'pending', next_attempt_at = now(), lease_until = NULL,
         retry_until = now() + interval '24 hours'
       WHERE d.id = $1 AND d.organization_id = $2 AND d.status <> 'sending' RETURNING ${DELIVERY}`,
      [id, organizationId],
    );
    return rows[0] ?? null;
  }

  async deliveryExists(organizationId: string, id: string): Promise<boolean> {
    const rows = await this.db.query('SELECT 1 FROM webhook_deliveries WHERE id = $1 AND organization_id = $2', [id, organizationId]);
    return rows.length > 0;
  }

  /** The event types the organization's active endpoints subscribe to. */
  async subscribedEvents(manager: EntityManager, organizationId: string): Promise<string[]> {
    const rows: { type: string }[] = await manager.query(
      'SELECT DISTINCT unnest(events) AS type FROM webhook_endpoints WHERE organization_id = $1 AND active',
      [organizationId],
    );
    return rows.map((r) => r.type);
  }

  /** One row per active endpoint of the organization that subscribed to the type (none: nothing written). */
  async queueEvent(manager: EntityManager, organizationId: string, eventId: string, type: string, payload: Record<string, unknown>) {
    await manager.query(
      `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, event_type, payload)
       SELECT e.id, e.organization_id, $2, $3, $4 FROM webhook_endpoints e
       WHERE e.organization_id = $1 AND e.active AND $3 = ANY (e.events)
       ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
      [organizationId, eventId, type, payload],
    );
  }

  /**
   * Claims up to `limit` due deliveries of active endpoints (pending and due, or sending past a lease: the process
   * sending them died; webhooks are at least once, so they go again), counting the attempt. Several instances
   * claim different rows (SKIP LOCKED). The batch is shared round robin between the organizations with due
   * deliveries (common/db/fair-share.ts): one organization's burst of events cannot hold back another's. Each
   * organization takes at most what its per-minute allowance has left (modules/outbound-limits), spent in the same
   * transaction as the claim.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    return this.db.transaction(async (m) => {
      const waiting: { organizationId: string }[] = await m.query(WAITING_ORGANIZATIONS);
      const open = await this.budget.open(
        m,
        'webhook',
        waiting.map((w) => w.organizationId),
      );
      const share = fairShare(open, limit);
      if (!share.organizationIds.length) return [];
      const allowance = await this.budget.hold(m, 'webhook', share.organizationIds);
      const served = share.organizationIds.filter((id) => (allowance.get(id) ?? 0) > 0);
      const first = await this.claimEach(m, served, (id) => Math.min(share.perOrganization, allowance.get(id)!), limit, leaseMs);
      // What small queues left of their share goes to the larger ones with allowance left (the first claim's rows are
      // 'sending' now, so this one cannot take them again). No queue filled its share: nothing is left to take.
      const taken = countByOrganization(first);
      const more = served.filter((id) => (taken.get(id) ?? 0) >= share.perOrganization && allowance.get(id)! > taken.get(id)!);
      const rest =
        first.length < limit && more.length
          ? await this.claimEach(m, more, (id) => allowance.get(id)! - taken.get(id)!, limit - first.length, leaseMs)
          : [];
      const claimed = [...first, ...rest];
      await this.budget.spend(m, 'webhook', countByOrganization(claimed));
      return claimed;
    });
  }

  /** Claims up to `cap(organization)` due deliveries of each organization, `limit` in all. */
  private claimEach(
    m: EntityManager,
    organizationIds: string[],
    cap: (organizationId: string) => number,
    limit: number,
    leaseMs: number,
  ): Promise<ClaimedDelivery[]> {
    if (!organizationIds.length) return Promise.resolve([]);
    return returning<ClaimedDelivery>(
      m,
      `UPDATE webhook_deliveries d SET status = 'sending', attempts = d.attempts + 1, lease_until = now() + $2 * interval '1 millisecond'
       FROM webhook_endpoints e
       WHERE e.id = d.endpoint_id AND d.id IN (
         SELECT c.id FROM unnest($3::uuid[], $4::int[]) AS o(id, n) CROSS JOIN LATERAL (
           SELECT x.id FROM webhook_deliveries x JOIN webhook_endpoints xe ON xe.id = x.endpoint_id AND xe.active
            WHERE x.organization_id = o.id AND ${due('x')}
            ORDER BY x.next_attempt_at LIMIT o.n FOR UPDATE OF x SKIP LOCKED) c
         LIMIT $1)
       RETURNING ${DELIVERY}, d.organization_id AS "organizationId", d.payload, e.url, e.secret`,
      [limit, leaseMs, organizationIds, organizationIds.map(cap)],
    );
  }

  async markDelivered(id: string, statusCode: number, endpointId: string): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now(), last_status_code = $2, last_error = NULL, lease_until = NULL
       WHERE id = $1`,
      [id, statusCode],
    );
    await this.db.query('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL', [endpointId]);
  }

  /** A failed attempt: due again at `next`, or given up ('failed') when `next` is past its retry window. */
  async markFailed(id: string, statusCode: number | null, error: string, next: Date): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET last_status_code = $2, last_error = $3, lease_until = NULL,
         status = CASE WHEN $4::timestamptz > retry_until THEN 'failed' ELSE 'pending' END, next_attempt_at = $4
       WHERE id = $1`,
      [id, statusCode, error.slice(0, 500), next],
    );
  }

  /**
   * Notes the endpoint's failure and disables it once it has failed for `disableAfterMs` without a success. Answers
   * the endpoint when this call disabled it (once, whoever else fails at the same time), else null.
   */
  async endpointFailed(endpointId: string, disableAfterMs: number): Promise<EndpointRow | null> {
    await this.db.query('UPDATE webhook_endpoints SET failing_since = now() WHERE id = $1 AND failing_since IS NULL', [endpointId]);
    const rows = await returning<EndpointRow>(
      this.db,
      `UPDATE webhook_endpoints e SET active = false, disabled_at = now(), updated_at = now()
       WHERE e.id = $1 AND e.active AND e.failing_since <= now() - $2 * interval '1 millisecond' RETURNING ${ENDPOINT}`,
      [endpointId, disableAfterMs],
    );
    return rows[0] ?? null;
  }

  async adminEmails(organizationId: string): Promise<string[]> {
    const rows: { email: string }[] = await this.db.query(
      "SELECT email FROM users WHERE organization_id = $1 AND role = 'admin' ORDER BY email",
      [organizationId],
    );
    return rows.map((r) => r.email);
  }
}
