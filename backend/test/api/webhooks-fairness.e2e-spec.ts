import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhooksDispatcher } from '../../src/modules/webhooks/webhooks.dispatcher';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * Webhook deliveries are claimed round robin by organization: an organization whose integration produced a burst
 * of events does not hold back another organization's deliveries behind it.
 */
describe('webhook deliveries shared fairly between organizations', () => {
  let t: TestApp;
  let server: http.Server;
  let url: string;
  const received: string[] = [];
  let busy: OrgFixture;
  let quiet: OrgFixture;
  const endpointOf = async (org: OrgFixture) =>
    (
      await t.http
        .post('/api/webhook-endpoints')
        .set(org.auth)
        .send({ url, events: ['enrollment.created'] })
        .expect(201)
    ).body.data.id as string;
  /** `count` due deliveries for the organization's endpoint, `agoSeconds` old. */
  const queue = (org: OrgFixture, endpointId: string, count: number, agoSeconds: number) =>
    t.db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, event_type, payload, next_attempt_at)
       SELECT $1, $2::uuid, gen_random_uuid(), 'enrollment.created', jsonb_build_object('org', $2::text, 'n', i), now() - $3 * interval '1 second'
         FROM generate_series(1, $4::int) AS i`,
      [endpointId, org.orgId, agoSeconds, count],
    );

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body).org);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', JOBS_INTERVAL_MS: '3600000' });
    busy = await createOrg(t, { plan: 'professional' });
    quiet = await createOrg(t, { plan: 'professional' });
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("should send another organization's deliveries in the first round while one organization's burst waits", async () => {
    await queue(busy, await endpointOf(busy), 200, 60);
    await queue(quiet, await endpointOf(quiet), 5, 0);
    const first = await t.app.get(WebhooksDispatcher).run();
    expect(first).toBe(50);
    expect(received.filter((o) => o === quiet.orgId)).toHaveLength(5);
    expect(received.filter((o) => o === busy.orgId)).toHaveLength(45);
    // The rest of the burst follows, each delivery once.
    while ((await t.app.get(WebhooksDispatcher).run()) > 0);
    expect(received.filter((o) => o === busy.orgId)).toHaveLength(200);
    const [row] = await t.db.query(
      `SELECT count(*)::int AS n, max(attempts) AS attempts FROM webhook_deliveries WHERE status = 'delivered'`,
    );
    expect(row).toEqual({ n: 205, attempts: 1 });
  });
});
