import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jobsOf, startProviders } from '../fixtures/comms.fixture';
import { createOrg, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

// How many messages the big organization announces: 5,000 in `npm test` (the property does not depend on the size);
// FAIRNESS_MESSAGES=50000 runs the figure (docs/benchmarks.md has its time).
const BIG = Number(process.env.FAIRNESS_MESSAGES ?? 5_000);

/** Queues `count` due emails for an organization's admin in one statement, `agoSeconds` old. */
async function queue(t: TestApp, org: OrgFixture, count: number, kind: string, agoSeconds: number) {
  await t.db.query(
    `INSERT INTO communications (organization_id, recipient_type, recipient_id, recipient, channel, to_address, subject, message, kind,
                                 scheduled_at, next_attempt_at)
     SELECT $1, 'user', $2, '{"firstName":"Ada","lastName":"Admin","email":null,"phone":null}', 'email', $3, 'Note', $4 || ' ' || i, $5,
            now() - $6 * interval '1 second', now() - $6 * interval '1 second'
       FROM generate_series(1, $7::int) AS i`,
    [org.orgId, org.userId, `${kind}@example.com`, kind, kind, agoSeconds, count],
  );
}

/**
 * One organization's announcement must not hold back another's reminders: the outbox is claimed round robin by
 * organization. Two instances drain thousands of messages of one organization queued first and 20 of another queued after;
 * the 20 leave at once (within the first batches, well inside a minute) and every message goes exactly once.
 */
describe('the outbox shared fairly between organizations', () => {
  let a: TestApp;
  let b: TestApp;
  let providers: Awaited<ReturnType<typeof startProviders>>;
  let big: OrgFixture;
  let small: OrgFixture;
  beforeAll(async () => {
    providers = await startProviders();
    // Fairness, not the per-organization limit (outbound-limits.e2e-spec.ts tests that): the big announcement may drain
    // as fast as the instances send.
    const env = { ...providers.env, DISPATCH_BATCH_SIZE: '100', PROVIDER_TIMEOUT_MS: '15000', OUTBOUND_MESSAGES_PER_MINUTE: '1000000' };
    a = await createTestApp(env);
    b = await createTestApp(env, { databaseUrl: a.url });
    big = await createOrg(a);
    small = await createOrg(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await providers.close();
  });

  it(`should send another organization's 20 reminders within a minute while ${BIG} announcements drain, each message once`, async () => {
    await queue(a, big, BIG, 'manual', 60);
    await queue(a, small, 20, 'system', 0);
    const started = Date.now();
    let smallDoneAfter: number | null = null;
    let bigSentThen = 0;
    const drain = Promise.all([jobsOf(a).tick(), jobsOf(b).tick()]);
    // Watch the small organization's messages while both instances drain.
    while (smallDoneAfter === null) {
      const [row] = await a.db.query(
        `SELECT count(*) FILTER (WHERE organization_id = $1 AND status = 'sent')::int AS small,
                count(*) FILTER (WHERE organization_id = $2 AND status = 'sent')::int AS big
           FROM communications`,
        [small.orgId, big.orgId],
      );
      if (row.small === 20) {
        smallDoneAfter = Date.now() - started;
        bigSentThen = row.big;
      } else await new Promise((r) => setTimeout(r, 100));
    }
    await drain;
    await Promise.all([jobsOf(a).tick(), jobsOf(b).tick()]);

    expect(smallDoneAfter).toBeLessThan(60_000);
    // They left among the first batches, not after the announcement: most of it was still waiting.
    expect(bigSentThen).toBeLessThan(BIG / 2);
    const ids = providers.sendgrid.sent.map((m) => m.body.custom_args?.communicationId);
    expect(ids).toHaveLength(BIG + 20);
    expect(new Set(ids).size).toBe(BIG + 20);
    const rows = await a.db.query('SELECT status, count(*)::int AS n, max(attempts) AS attempts FROM communications GROUP BY status');
    expect(rows).toEqual([{ status: 'sent', n: BIG + 20, attempts: 1 }]);
  }, 600_000);
});
