import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks. An endpoint is an organization's HTTPS URL with the events it wants; its signing secret is
 * kept as is (the server needs it to sign every delivery; the admin sees it once). A delivery is an outbox row
 * written in the transaction of what it announces, one per endpoint and event, unique on (endpoint, event id) so
 * an event is queued once per endpoint; the dispatcher claims due rows with FOR UPDATE SKIP LOCKED and a lease.
 * `retry_until` ends the retries (24 hours after the event, or after a redelivery); `failing_since` on the
 * endpoint dates its first failure since its last success, and three days of it disable the endpoint.
 */
export class Webhooks1766500000100 implements MigrationInterface {
  name = 'Webhooks1766500000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        url text NOT NULL,
        events text[] NOT NULL,
        active boolean NOT NULL DEFAULT true,
        secret text NOT NULL,
        failing_since timestamptz,
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX webhook_endpoints_organization_idx ON webhook_endpoints (organization_id) WHERE active;

      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        retry_until timestamptz NOT NULL DEFAULT now() + interval '24 hours',
        last_status_code integer,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        UNIQUE (endpoint_id, event_id)
      );
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
      CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE webhook_deliveries; DROP TABLE webhook_endpoints;');
  }
}
