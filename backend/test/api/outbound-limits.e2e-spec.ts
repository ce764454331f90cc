import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CommunicationsDispatcher } from '../../src/modules/communications/communications.dispatcher';
import { WebhooksDispatcher } from '../../src/modules/webhooks/webhooks.dispatcher';
import { startProviders } from '../fixtures/comms.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Queues `count` due emails to the organization's admin, `agoSeconds` old, in one statement. */
async function queueEmails(t: TestApp, org: OrgFixture, count: number, agoSeconds: number) {
  await t.db.query(
    `INSERT INTO communications (organization_id, recipient_type, recipient_id, recipient, channel, to_address, subject, message, kind,
                                 scheduled_at, next_attempt_at)
     SELECT $1, 'user', $2, '{"firstName":"Ada","lastName":"Admin","email":null,"phone":null}', 'email', 'admin@example.com', 'Note',
            'note ' || i, 'manual', now() - $3 * interval '1 second', now() - $3 * interval '1 second'
       FROM generate_series(1, $4::int) AS i`,
    [org.orgId, org.userId, agoSeconds, count],
  );
}

const sentOf = async (t: TestApp, org: OrgFixture) =>
  (await t.db.query(`SELECT count(*)::int AS n FROM communications WHERE organization_id = $1 AND status = 'sent'`, [org.orgId]))[0]
    .n as number;

/** The next minute, as far as the allowance is concerned: this minute's usage becomes last minute's. */
const nextMinute = (t: TestApp) => t.db.query(`UPDATE outbound_usage SET window_start = window_start - interval '1 minute'`);

/**
 * Per-organization limits on outbound volume (issue 44 §2): an organization sends at most its allowance of messages
 * and webhook deliveries a minute, however many instances dispatch; the rest waits for the next minute without
 * holding back other organizations. Platform staff set an organization's own figure in the IT-admin portal.
 */
describe('outbound limits per organization', () => {
  let t: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let staff: { Authorization: string };
  let busy: OrgFixture;
  let quiet: OrgFixture;
  const limitsPath = (org: OrgFixture | string) => `/api/admin/organizations/${typeof org === 'string' ? org : org.orgId}/outbound-limits`;

  beforeAll(async () => {
    providers = await startProviders();
    t = await createTestApp({ ...providers.env, DISPATCH_BATCH_SIZE: '20', OUTBOUND_MESSAGES_PER_MINUTE: '500' });
    busy = await createOrg(t);
    quiet = await createOrg(t);
    const res = await t.http.post('/api/admin/auth/signin').send({ username: 'itadmin', password: 'staff-password-1' }).expect(200);
    staff = { Authorization: `Bearer ${res.body.data.token}` };
  });
  afterAll(async () => {
    await t.close();
    await providers.close();
  });

  it("should show the deployment's default until staff set an organization's own figure", async () => {
    const res = await t.http.get(limitsPath(busy)).set(staff).expect(200);
    expect(res.body.data.messages).toEqual({ per_minute: null, default_per_minute: 500, effective_per_minute: 500, used_this_minute: 0 });
    expect(res.body.data.webhooks).toEqual({ per_minute: null, default_per_minute: 1000, effective_per_minute: 1000, used_this_minute: 0 });

    const saved = await t.http.put(limitsPath(busy)).set(staff).send({ messages_per_minute: 30 }).expect(200);
    expect(saved.body.data.messages).toMatchObject({ per_minute: 30, effective_per_minute: 30 });
    expect(saved.body.data.webhooks.per_minute).toBeNull();
    expect(saved.body.message).toMatch(/may now send 30 messages and 1000 webhook deliveries a minute/);
    const [audit] = await t.db.query(
      `SELECT outcome, detail FROM platform_audit_log WHERE action = 'organization.outbound_limits.update' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(audit).toEqual({
      outcome: 'success',
      detail: { before: { messages: null, webhooks: null }, after: { messages: 30, webhooks: null } },
    });
  });

  it('should refuse a figure out of range, a wrong type or an unknown field with 400, an organization token with 401, an unknown organization with 404', async () => {
    const refused = [
      [{ messages_per_minute: 0 }, /messages_per_minute must be a whole number from 1 to 1,000,000/],
      [{ webhooks_per_minute: 1_000_001 }, /webhooks_per_minute must be a whole number from 1 to 1,000,000/],
      [{ messages_per_minute: 'many' }, /messages_per_minute must be a whole number/],
      [{ messages_per_minute: 2.5 }, /messages_per_minute must be a whole number/],
      [{ per_minute: 5 }, /per_minute should not exist/],
    ] as const;
    for (const [body, error] of refused) {
      const res = await t.http.put(limitsPath(busy)).set(staff).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(error);
    }
    await t.http.put(limitsPath(busy)).set(busy.auth).send({ messages_per_minute: 100000 }).expect(401);
    await t.http.get(limitsPath(busy)).set(busy.auth).expect(401);
    await t.http.get(limitsPath('00000000-0000-4000-8000-000000000000')).set(staff).expect(404);
    await t.http.put(limitsPath('00000000-0000-4000-8000-000000000000')).set(staff).send({ messages_per_minute: 5 }).expect(404);
    const res = await t.http.get(limitsPath(busy)).set(staff).expect(200);
    expect(res.body.data.messages.per_minute).toBe(30);
  });

  it("should send at most the organization's allowance a minute, on two claims at once, and another organization's messages beside it", async () => {
    await queueEmails(t, busy, 80, 60);
    await queueEmails(t, quiet, 5, 0);
    const dispatcher = t.app.get(CommunicationsDispatcher);
    // Two instances' claims at the same moment: they share one allowance (the usage row's lock), never spend it twice.
    await Promise.all([dispatcher.runUntilIdle(), dispatcher.runUntilIdle()]);
    await dispatcher.runUntilIdle();
    expect(await sentOf(t, busy)).toBe(30);
    expect(await sentOf(t, quiet)).toBe(5);
    const res = await t.http.get(limitsPath(busy)).set(staff).expect(200);
    expect(res.body.data.messages.used_this_minute).toBe(30);
    // The rest waits, still due, not failed or skipped.
    const [{ pending }] = await t.db.query(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending FROM communications WHERE organization_id = $1`,
      [busy.orgId],
    );
    expect(pending).toBe(50);

    await nextMinute(t);
    await dispatcher.runUntilIdle();
    expect(await sentOf(t, busy)).toBe(60);
    // Back to the default (500): the rest goes in the same minute.
    await t.http.put(limitsPath(busy)).set(staff).send({ messages_per_minute: null }).expect(200);
    await dispatcher.runUntilIdle();
    expect(await sentOf(t, busy)).toBe(80);
    const ids = providers.sendgrid.sent.map((m) => m.body.custom_args?.communicationId);
    expect(new Set(ids).size).toBe(85);
    expect(ids).toHaveLength(85);
  });

  it("should attempt at most the organization's webhook deliveries a minute", async () => {
    const received: string[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body).org);
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const hooks = await createTestApp(
        { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true', JOBS_INTERVAL_MS: '3600000', WEBHOOK_DELIVERIES_PER_MINUTE: '7' },
        { databaseUrl: t.url },
      );
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
        const endpoint = async (org: OrgFixture) =>
          (
            await hooks.http
              .post('/api/webhook-endpoints')
              .set(org.auth)
              .send({ url, events: ['enrollment.created'] })
              .expect(201)
          ).body.data.id as string;
        for (const [org, count] of [
          [busy, 20],
          [quiet, 3],
        ] as const) {
          await hooks.db.query(
            `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, event_type, payload)
             SELECT $1, $2::uuid, gen_random_uuid(), 'enrollment.created', jsonb_build_object('org', $2::text, 'n', i)
               FROM generate_series(1, $3::int) AS i`,
            [await endpoint(org), org.orgId, count],
          );
        }
        const dispatcher = hooks.app.get(WebhooksDispatcher);
        const [one, two] = await Promise.all([dispatcher.run(), dispatcher.run()]);
        while ((await dispatcher.run()) > 0);
        expect(one + two).toBeLessThanOrEqual(10);
        expect(received.filter((o) => o === busy.orgId)).toHaveLength(7);
        expect(received.filter((o) => o === quiet.orgId)).toHaveLength(3);
        await nextMinute(hooks);
        while ((await dispatcher.run()) > 0);
        expect(received.filter((o) => o === busy.orgId)).toHaveLength(14);
      } finally {
        await hooks.close();
      }
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
