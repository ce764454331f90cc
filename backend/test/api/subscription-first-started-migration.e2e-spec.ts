import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SubscriptionFirstStarted1765700000400 } from '../../src/database/migrations/1765700000400-SubscriptionFirstStarted';
import { createOrg } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';

// Migration 1765700000400: only a first subscription has the free trial, so each row learns whether its organization
// already had one that started: the rows that still name a Stripe subscription in a status that means it ran.
describe('subscriptions.first_subscription_started_at filled for organizations that already subscribed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ JOBS_ENABLED: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('should mark the rows with a Stripe subscription that started, and not the others', async () => {
    const [ran, cancelled, neverPaid, never] = [await createOrg(t), await createOrg(t), await createOrg(t), await createOrg(t)];
    const migration = new SubscriptionFirstStarted1765700000400();
    const runner = t.db.createQueryRunner();
    try {
      await migration.down(runner); // the table as it was
      const set = (orgId: string, status: string, subscriptionId: string | null, periodStart: string | null) =>
        t.db.query(
          `UPDATE subscriptions SET status = $2, stripe_customer_id = $3, stripe_subscription_id = $4, current_period_start = $5
           WHERE organization_id = $1`,
          [orgId, status, subscriptionId ? `cus_${subscriptionId}` : null, subscriptionId, periodStart],
        );
      await set(ran.orgId, 'trialing', 'sub_ran', '2026-10-01T00:00:00Z');
      await set(cancelled.orgId, 'canceled', 'sub_cancelled', '2026-09-01T00:00:00Z');
      await set(neverPaid.orgId, 'incomplete_expired', 'sub_never_paid', null);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const rows: { organization_id: string; first: Date | null }[] = await t.db.query(
      'SELECT organization_id, first_subscription_started_at AS first FROM subscriptions WHERE organization_id = ANY($1)',
      [[ran.orgId, cancelled.orgId, neverPaid.orgId, never.orgId]],
    );
    const first = Object.fromEntries(rows.map((r) => [r.organization_id, r.first?.toISOString() ?? null]));
    expect(first).toEqual({
      [ran.orgId]: '2026-10-01T00:00:00.000Z',
      [cancelled.orgId]: '2026-09-01T00:00:00.000Z',
      [neverPaid.orgId]: null,
      [never.orgId]: null,
    });
    for (const [org, days] of [
      [cancelled, 0],
      [never, 30],
    ] as const)
      expect((await t.http.get(`/api/subscriptions/${org.orgId}`).set(org.auth).expect(200)).body.data.trialDaysOnSubscribe).toBe(days);
  });
});
