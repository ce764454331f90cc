import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BillingPricesService } from '../../src/modules/subscriptions/billing-prices.service';
import { DEMO_ADMIN_EMAIL, DEMO_ORG_ID, DEMO_PASSWORD, seedDemo } from '../../src/database/seeds/demo.seed';
import { createOrg } from '../fixtures/org.fixture';
import { createTestApp } from '../setup/test-app';
import { startStripeStandIn } from '../stand-ins/stripe.stand-in';

/** Prices at start (found or created once, Stripe unreachable tolerated) and local mode (503). */
describe('subscription billing setup', () => {
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  beforeAll(async () => {
    stand = await startStripeStandIn();
  });
  afterAll(async () => {
    await stand.close();
  });

  it("should create each paid plan's price with its lookup key once, and find it from a second instance", async () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_subs', STRIPE_API_BASE: stand.url, JOBS_ENABLED: 'false' };
    const first = await createTestApp(env);
    const second = await createTestApp(env, { databaseUrl: first.url });
    try {
      await Promise.all([first.app.get(BillingPricesService).ensure(), second.app.get(BillingPricesService).ensure()]);
      const prices = [...stand.state.objects.values()].filter((o) => o.object === 'price');
      expect(prices.map((p) => [p.lookup_key, p.unit_amount, p.currency, (p.recurring as { interval: string }).interval]).sort()).toEqual([
        ['classlane_essential_monthly', 4900, 'usd', 'month'],
        ['classlane_professional_monthly', 9900, 'usd', 'month'],
      ]);
      const stored = await first.db.query('SELECT id, stripe_price_id FROM subscription_plans WHERE monthly_price > 0 ORDER BY id');
      expect(stored.map((r: { stripe_price_id: string }) => r.stripe_price_id).sort()).toEqual(prices.map((p) => p.id).sort());
      // Found again by lookup key (e.g. after a restart): nothing new is created.
      const before = stand.requests.filter((r) => r.method === 'POST').length;
      const third = await createTestApp(env, { databaseUrl: first.url });
      await third.app.get(BillingPricesService).ensure();
      await third.close();
      expect(stand.requests.filter((r) => r.method === 'POST').length).toBe(before);
    } finally {
      await second.close();
      await first.close();
    }
  });

  it('should start even when Stripe cannot be reached, and answer 503 for billing calls until it can', async () => {
    const down = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_subs', STRIPE_API_BASE: 'http://127.0.0.1:9', JOBS_ENABLED: 'false' });
    try {
      const org = await createOrg(down);
      const res = await down.http.post('/api/subscriptions/create').set(org.auth).send({ organizationId: org.orgId, priceId: 'price_x' });
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('Stripe cannot be reached right now; try again in a minute.');
      expect((await down.http.get('/api/subscriptions/plans').expect(200)).body.data).toHaveLength(3);
    } finally {
      await down.close();
    }
  });

  it('should refuse every call that needs Stripe with 503 and change nothing when Stripe is not configured', async () => {
    const local = await createTestApp({ STRIPE_SECRET_KEY: '', JOBS_ENABLED: 'false' });
    try {
      const org = await createOrg(local);
      const before = await local.db.query('SELECT * FROM subscriptions WHERE organization_id = $1', [org.orgId]);
      const calls: [string, Record<string, unknown>][] = [
        ['/api/subscriptions/customer', { organizationId: org.orgId, name: 'N', email: 'a@example.com' }],
        ['/api/subscriptions/create', { organizationId: org.orgId, priceId: 'price_x' }],
        ['/api/subscriptions/update', { organizationId: org.orgId, newPlanId: 'essential' }],
        [`/api/subscriptions/${org.orgId}/cancel`, {}],
        [`/api/subscriptions/${org.orgId}/resume`, {}],
        [`/api/subscriptions/${org.orgId}/portal`, { returnUrl: 'http://localhost:3000/admin/subscription' }],
        [`/api/subscriptions/${org.orgId}/upgrade`, { newPlanId: 'essential' }],
        [`/api/subscriptions/${org.orgId}/downgrade`, { newPlanId: 'free' }],
      ];
      for (const [path, body] of calls) {
        const res = await local.http.post(path).set(org.auth).send(body);
        expect([path, res.status, res.body.error]).toEqual([
          path,
          503,
          'Billing is not available on this server (Stripe is not configured), so plans cannot be bought or changed here.',
        ]);
      }
      expect(await local.db.query('SELECT * FROM subscriptions WHERE organization_id = $1', [org.orgId])).toEqual(before);
      const s = (await local.http.get(`/api/subscriptions/${org.orgId}`).set(org.auth).expect(200)).body.data;
      expect(s).toMatchObject({ status: 'active', planId: 'free', billingAvailable: false, complimentary: false });
    } finally {
      await local.close();
    }
  });

  it('should seed the demo organization on a complimentary Essential subscription (no Stripe ids)', async () => {
    const app = await createTestApp({ STRIPE_SECRET_KEY: '', JOBS_ENABLED: 'false' });
    try {
      expect(await seedDemo(app.db)).toBe(true);
      const signin = await app.http.post('/api/auth/signin').send({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD }).expect(200);
      const s = (
        await app.http.get(`/api/subscriptions/${DEMO_ORG_ID}`).set('Authorization', `Bearer ${signin.body.data.token}`).expect(200)
      ).body.data;
      expect(s).toMatchObject({
        status: 'active',
        planId: 'essential',
        effectivePlan: { id: 'essential' },
        complimentary: true,
        stripeCustomerId: null,
        stripeSubscriptionId: null,
      });
    } finally {
      await app.close();
    }
  });
});
