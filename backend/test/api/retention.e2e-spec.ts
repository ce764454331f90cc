import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RETENTION_BATCH, RetentionService } from '../../src/modules/retention/retention.service';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * The nightly clean-up of the append-only tables (issue 44 §4-§5): rows older than each table's figure go, rows still
 * needed stay whatever their age (messages and deliveries not finished, Stripe events not processed), in batches,
 * each rule once a day on one instance, and a run interrupted by a crash is taken over when its lease lapses.
 */
describe('retention of the append-only tables', () => {
  let t: TestApp;
  let a: OrgFixture;
  let b: OrgFixture;
  const count = async (sql: string, params: unknown[] = []) => (await t.db.query(sql, params))[0].n as number;

  /** Old and recent rows of every table, for both organizations; `daysAgo` of the old ones. */
  async function seed(org: OrgFixture, old: number) {
    await t.db.query(
      `INSERT INTO activity_events (organization_id, event_type, event_date, description)
       SELECT $1::uuid, 'test.old', now() - $2 * interval '1 day', 'old ' || i FROM generate_series(1, $3::int) i
       UNION ALL SELECT $1::uuid, 'test.new', now() - interval '1 day', 'new'`,
      [org.orgId, 1200, old],
    );
    await t.db.query(
      `INSERT INTO communications (organization_id, recipient_type, recipient_id, channel, to_address, message, kind, status, created_at,
                                   lease_expires_at)
       SELECT $1, 'user', $2, 'email', 'x@example.com', 'm', 'manual', s.status, now() - s.age * interval '1 day',
              CASE WHEN s.status = 'sending' THEN now() ELSE NULL END
         FROM (VALUES ('sent', 500), ('failed', 500), ('skipped', 500), ('pending', 500), ('sending', 500), ('sent', 10)) AS s(status, age)`,
      [org.orgId, org.userId],
    );
    const [endpoint] = await t.db.query(
      `INSERT INTO webhook_endpoints (organization_id, url, secret, events) VALUES ($1, 'https://hooks.example/x', 'whsec_x', '{enrollment.created}')
       RETURNING id`,
      [org.orgId],
    );
    await t.db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, event_type, payload, status, created_at)
       SELECT $1, $2, gen_random_uuid(), 'enrollment.created', '{}', s.status, now() - s.age * interval '1 day'
         FROM (VALUES ('delivered', 40), ('failed', 40), ('pending', 40), ('delivered', 2)) AS s(status, age)`,
      [endpoint.id, org.orgId],
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ JOBS_INTERVAL_MS: '3600000' });
    a = await createOrg(t);
    b = await createOrg(t);
    // More old activity than one batch for one organization: the rule loops until none is left.
    await seed(a, RETENTION_BATCH + 1_500);
    await seed(b, 20);
    await t.db.query(
      `INSERT INTO stripe_events (id, type, created, payload, received_at, processed_at)
       VALUES ('evt_old_done', 'payment_intent.succeeded', now() - interval '200 days', '{}', now() - interval '200 days', now() - interval '200 days'),
              ('evt_old_owed', 'payment_intent.succeeded', now() - interval '200 days', '{}', now() - interval '200 days', NULL),
              ('evt_new_done', 'payment_intent.succeeded', now() - interval '5 days', '{}', now() - interval '5 days', now() - interval '5 days')`,
    );
  });
  afterAll(() => t.close());

  it('should delete what is past its figure and nothing still needed, each rule once however many instances run it', async () => {
    const retention = t.app.get(RetentionService);
    // Two instances' nightly checks at the same moment: each rule is run by one of them.
    const [one, two] = await Promise.all([retention.run(), retention.run()]);
    const runs = [...one, ...two].sort((x, y) => x.rule.localeCompare(y.rule));
    expect(runs.map((r) => [r.rule, r.days, r.deleted])).toEqual([
      ['activity_events', 1095, RETENTION_BATCH + 1_500 + 20],
      ['communications', 400, 6],
      ['stripe_events', 90, 1],
      ['webhook_deliveries', 30, 4],
    ]);

    expect(await count(`SELECT count(*)::int AS n FROM activity_events WHERE event_type LIKE 'test.%'`)).toBe(2);
    expect(await count(`SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'test.new'`)).toBe(2);
    const messages = await t.db.query(`SELECT status, count(*)::int AS n FROM communications GROUP BY status ORDER BY status`);
    expect(messages).toEqual([
      { status: 'pending', n: 2 },
      { status: 'sending', n: 2 },
      { status: 'sent', n: 2 },
    ]);
    const deliveries = await t.db.query(`SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`);
    expect(deliveries).toEqual([
      { status: 'delivered', n: 2 },
      { status: 'pending', n: 2 },
    ]);
    expect((await t.db.query(`SELECT id FROM stripe_events ORDER BY id`)).map((r: { id: string }) => r.id)).toEqual([
      'evt_new_done',
      'evt_old_owed',
    ]);

    // Ran today: the next hourly check does nothing.
    expect(await retention.run()).toEqual([]);
    const state = await retention.state();
    expect(state.map((s) => [s.rule, Number(s.lastDeleted)])).toEqual(runs.map((r) => [r.rule, r.deleted]));
  });

  it("should take over a run whose process died once its lease lapses, and leave a live one's alone", async () => {
    const retention = t.app.get(RetentionService);
    await t.db.query(
      `INSERT INTO activity_events (organization_id, event_type, event_date, description) VALUES ($1, 'test.late', now() - interval '2000 days', 'x')`,
      [b.orgId],
    );
    // Another instance holds the activity rule right now (a live lease): a forced run skips it.
    await t.db.query(`UPDATE retention_runs SET lease_until = now() + interval '5 minutes' WHERE rule = 'activity_events'`);
    const skipped = await retention.run({ force: true });
    expect(skipped.map((r) => r.rule)).toEqual(['communications', 'stripe_events', 'webhook_deliveries']);
    expect(await count(`SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'test.late'`)).toBe(1);
    // That instance died mid-run: its lease lapses and the next check finishes the work it left.
    await t.db.query(
      `UPDATE retention_runs SET lease_until = now() - interval '1 second', last_finished_at = now() - interval '2 days' WHERE rule = 'activity_events'`,
    );
    const resumed = await retention.run();
    expect(resumed.map((r) => [r.rule, r.deleted])).toEqual([['activity_events', 1]]);
    expect(await count(`SELECT count(*)::int AS n FROM activity_events WHERE event_type = 'test.late'`)).toBe(0);
  });
});
