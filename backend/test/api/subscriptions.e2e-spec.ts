import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { SubscriptionsJobs } from '../../src/modules/subscriptions/subscriptions.jobs';
import { SubscriptionsService } from '../../src/modules/subscriptions/subscriptions.service';
import { BillingPricesService } from '../../src/modules/subscriptions/billing-prices.service';
import { classBody, createOrg, createTeacher, studentBody, type OrgFixture } from '../fixtures/org.fixture';
import { createTestApp, type TestApp } from '../setup/test-app';
import { signStripePayload, startStripeStandIn } from '../stand-ins/stripe.stand-in';
import { advanceSubscription } from '../stand-ins/stripe/billing.routes';

const SECRET = 'whsec_test_subscriptions';
const SITE = 'http://classlane.test';

/**
 * Subscriptions on Stripe Billing against the Stripe stand-in with the real SDK. The stand-in delivers
 * its events signed to the app's webhook (the app listens on a port), as Stripe would.
 */
describe('subscriptions on Stripe Billing', () => {
  let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
  let t: TestApp;
  let essentialPrice: string;
  let professionalPrice: string;

  const sub = async (org: OrgFixture) => (await t.http.get(`/api/subscriptions/${org.orgId}`).set(org.auth).expect(200)).body.data;
  const canPerform = async (org: OrgFixture, action: string) =>
    (await t.http.get(`/api/subscriptions/${org.orgId}/can-perform/${action}`).set(org.auth).expect(200)).body.data;
  const feature = async (org: OrgFixture, f: string) =>
    (await t.http.get(`/api/subscriptions/feature-access/${org.orgId}/${f}`).set(org.auth).expect(200)).body.data.hasAccess;

  /** Free → paid through Checkout: the stand-in's page button completes the session. */
  async function checkout(org: OrgFixture, priceId: string, trialDays?: number) {
    const res = await t.http
      .post('/api/subscriptions/create')
      .set(org.auth)
      .send({ organizationId: org.orgId, priceId, ...(trialDays ? { trialDays } : {}) })
      .expect(201);
    const { sessionUrl, sessionId } = res.body.data;
    expect(sessionUrl).toBe(`${stand.url}/checkout/${sessionId}`);
    const page = await fetch(sessionUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Subscribe');
    const done = await fetch(`${stand.url}/checkout/${sessionId}/complete`, { method: 'POST', redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${SITE}/subscription-success?session_id=${sessionId}`);
    return sessionId as string;
  }

  beforeAll(async () => {
    stand = await startStripeStandIn();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_subs',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stand.url,
      JOBS_ENABLED: 'false',
      PUBLIC_URL: SITE,
    });
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    stand.state.webhook = { url: `http://127.0.0.1:${port}/api/webhooks/stripe`, secret: SECRET };
    await t.app.get(BillingPricesService).ensure();
    const plans = (await t.http.get('/api/subscriptions/plans').expect(200)).body.data;
    essentialPrice = plans.find((p: { id: string }) => p.id === 'essential').stripePriceId;
    professionalPrice = plans.find((p: { id: string }) => p.id === 'professional').stripePriceId;
  });
  afterAll(async () => {
    await stand.settled(); // an event owed for the last test must not land while the app shuts down
    await t.close();
    await stand.close();
  });

  it("should find each paid plan's price by its lookup key at start", async () => {
    const plans = (await t.http.get('/api/subscriptions/plans').expect(200)).body.data;
    expect(plans.map((p: { id: string }) => p.id)).toEqual(['free', 'essential', 'professional']);
    expect(plans[0].stripePriceId).toBeNull();
    const prices = [...stand.state.objects.values()].filter((o) => o.object === 'price');
    expect(prices.map((p) => [p.id, p.lookup_key, p.unit_amount]).sort()).toEqual(
      [
        [essentialPrice, 'classlane_essential_monthly', 4900],
        [professionalPrice, 'classlane_professional_monthly', 9900],
      ].sort(),
    );
  });

  it('should keep one Stripe customer per organization', async () => {
    const org = await createOrg(t);
    const body = { organizationId: org.orgId, name: 'Nia Studio', email: 'billing@nia.example' };
    const first = (await t.http.post('/api/subscriptions/customer').set(org.auth).send(body).expect(201)).body.data;
    const second = (await t.http.post('/api/subscriptions/customer').set(org.auth).send(body).expect(201)).body.data;
    expect(first.created).toBe(true);
    expect(second).toEqual({ customerId: first.customerId, created: false });
    expect(stand.state.objects.get(first.customerId)).toMatchObject({
      email: 'billing@nia.example',
      metadata: { organizationId: org.orgId },
    });
  });

  /** What the app asked Stripe's Checkout for (the request body, as the SDK encoded it). */
  const checkoutRequest = (org: OrgFixture) =>
    stand.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === org.orgId).at(-1)!.body;

  it('should start the first subscription with the promised 30-day trial through Checkout and unlock its features at once', async () => {
    const org = await createOrg(t);
    expect(await feature(org, 'customBranding')).toBe(false);
    expect((await sub(org)).trialDaysOnSubscribe).toBe(30);
    const sessionId = await checkout(org, essentialPrice);
    const session = stand.state.objects.get(sessionId)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: org.orgId,
      metadata: { organizationId: org.orgId, planId: 'essential' },
      cancel_url: `${SITE}/admin/subscription?tab=plans`,
      // Nothing is charged before the trial ends.
      payment_status: 'no_payment_required',
    });
    expect(checkoutRequest(org).subscription_data).toEqual({
      trial_period_days: '30',
      metadata: { organizationId: org.orgId, planId: 'essential' },
    });
    const s = await sub(org);
    expect(s).toMatchObject({
      status: 'trialing',
      planId: 'essential',
      effectivePlan: { id: 'essential' },
      cancel_at_period_end: false,
      stripeSubscriptionId: session.subscription,
      complimentary: false,
      scheduledChange: null,
      trialDaysOnSubscribe: 0,
    });
    expect(s.trial_end).toBe(s.current_period_end);
    expect(s.current_period_end - s.current_period_start).toBe(30 * 24 * 3600);
    expect(Math.abs(s.current_period_start - Date.now() / 1000)).toBeLessThan(120);
    expect(await feature(org, 'customBranding')).toBe(true);
    // The trial ends: Stripe charges the first month and the subscription is active.
    await advanceSubscription(stand.state, s.stripeSubscriptionId, 'period_end');
    expect(await sub(org)).toMatchObject({ status: 'active', trial_end: s.trial_end, current_period_start: s.trial_end });
    await t.http
      .put('/api/settings/branding')
      .set(org.auth)
      .send({ branding: { businessName: 'Paid Studio', primaryColor: '#123456' } })
      .expect(200);
    // A second Checkout while subscribed is refused: plan changes go through upgrade/downgrade.
    const again = await t.http
      .post('/api/subscriptions/create')
      .set(org.auth)
      .send({ organizationId: org.orgId, priceId: professionalPrice });
    expect(again.status).toBe(409);
  });

  it("should give the first subscription the test page's 14-day trial when asked, and refuse a trial past 30 days", async () => {
    const org = await createOrg(t);
    const long = await t.http
      .post('/api/subscriptions/create')
      .set(org.auth)
      .send({ organizationId: org.orgId, priceId: essentialPrice, trialDays: 31 })
      .expect(400);
    expect(long.body.error).toContain('trialDays must be at most 30');
    await checkout(org, essentialPrice, 14);
    expect(checkoutRequest(org).subscription_data).toMatchObject({ trial_period_days: '14' });
    const s = await sub(org);
    expect(s).toMatchObject({ status: 'trialing', planId: 'essential', effectivePlan: { id: 'essential' } });
    expect(Math.abs(s.trial_end - (Date.now() / 1000 + 14 * 24 * 3600))).toBeLessThan(120);
    expect(await feature(org, 'advancedReporting')).toBe(true);
    await advanceSubscription(stand.state, s.stripeSubscriptionId, 'period_end');
    expect((await sub(org)).status).toBe('active');
  });

  it('should charge a second subscription at once: no trial after a first one ended or was reset to Free', async () => {
    // Ended: the first subscription (trial) is deleted, the organization subscribes again, even asking for 14 days.
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    await advanceSubscription(stand.state, (await sub(org)).stripeSubscriptionId, 'delete');
    expect(await sub(org)).toMatchObject({ status: 'canceled', effectivePlan: { id: 'free' }, trialDaysOnSubscribe: 0 });
    const again = await t.http
      .post('/api/subscriptions/create')
      .set(org.auth)
      .send({ organizationId: org.orgId, priceId: professionalPrice, trialDays: 14 })
      .expect(201);
    expect(again.body.data.trialDays).toBe(0);
    await fetch(`${stand.url}/checkout/${again.body.data.sessionId}/complete`, { method: 'POST', redirect: 'manual' });
    expect(checkoutRequest(org).subscription_data).toEqual({ metadata: { organizationId: org.orgId, planId: 'professional' } });
    const second = await sub(org);
    expect(second).toMatchObject({ status: 'active', planId: 'professional', trial_end: null });
    expect(stand.state.objects.get(again.body.data.sessionId)).toMatchObject({ payment_status: 'paid' });

    // Reset to Free by platform staff: the Stripe ids are cleared, the first subscription is still remembered.
    const reset = await createOrg(t);
    await checkout(reset, essentialPrice);
    await t.app.get(SubscriptionsService).resetToFree(reset.orgId);
    expect(await sub(reset)).toMatchObject({ stripeSubscriptionId: null, trialDaysOnSubscribe: 0 });
    await checkout(reset, essentialPrice);
    expect(checkoutRequest(reset).subscription_data).not.toHaveProperty('trial_period_days');
    expect(await sub(reset)).toMatchObject({ status: 'active', trial_end: null });
  });

  it('should upgrade at once with proration', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    expect(await feature(org, 'apiAccess')).toBe(false);
    const res = await t.http
      .post(`/api/subscriptions/${org.orgId}/upgrade`)
      .set(org.auth)
      .send({ newPriceId: professionalPrice, newPlanId: 'professional' })
      .expect(200);
    // An upgrade during the trial keeps the trial (Stripe bills the new price when it ends).
    expect(res.body.data).toMatchObject({ planId: 'professional', effectivePlan: { id: 'professional' }, status: 'trialing' });
    const update = stand.requests
      .filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${res.body.data.stripeSubscriptionId}`)
      .at(-1)!;
    expect(update.body).toMatchObject({ proration_behavior: 'create_prorations', items: [{ price: professionalPrice }] });
    expect(await feature(org, 'apiAccess')).toBe(true);
    // An "upgrade" to a cheaper plan is refused.
    await t.http.post(`/api/subscriptions/${org.orgId}/upgrade`).set(org.auth).send({ newPlanId: 'essential' }).expect(409);
    // A price that is not the plan's is refused.
    await t.http
      .post(`/api/subscriptions/${org.orgId}/upgrade`)
      .set(org.auth)
      .send({ newPlanId: 'professional', newPriceId: essentialPrice })
      .expect(400);
  });

  it('should downgrade at the end of the period, keeping the current features until then', async () => {
    const org = await createOrg(t);
    await checkout(org, professionalPrice);
    const res = await t.http
      .post(`/api/subscriptions/${org.orgId}/downgrade`)
      .set(org.auth)
      .send({ newPriceId: essentialPrice, newPlanId: 'essential' })
      .expect(200);
    const s = res.body.data;
    expect(s).toMatchObject({ planId: 'professional', effectivePlan: { id: 'professional' } });
    expect(s.scheduledChange).toEqual({ planId: 'essential', planName: 'Essential', effectiveAt: s.current_period_end });
    expect(await feature(org, 'apiAccess')).toBe(true);
    // Stripe still bills Professional until the period ends.
    expect((stand.state.objects.get(s.stripeSubscriptionId)!.items as { data: { price: { id: string } }[] }).data[0].price.id).toBe(
      professionalPrice,
    );
    // A webhook in between (e.g. an invoice) keeps the booked change.
    await advanceSubscription(stand.state, s.stripeSubscriptionId, 'payment_succeeded');
    expect((await sub(org)).scheduledChange).not.toBeNull();

    // The period ends: the job changes the price without proration and the record follows.
    const applied = await t.app.get(SubscriptionsJobs).run(new Date((s.current_period_end + 1) * 1000));
    expect(applied).toBeGreaterThanOrEqual(1);
    const after = await sub(org);
    expect(after).toMatchObject({ planId: 'essential', effectivePlan: { id: 'essential' }, scheduledChange: null });
    const update = stand.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${s.stripeSubscriptionId}`).at(-1)!;
    expect(update.body).toMatchObject({ proration_behavior: 'none', items: [{ price: essentialPrice }] });
    expect(await feature(org, 'apiAccess')).toBe(false);
  });

  it('should go on with the other booked downgrades when one fails, and retry it on the next run', async () => {
    const broken = await createOrg(t);
    const fine = await createOrg(t);
    for (const org of [broken, fine]) {
      await checkout(org, professionalPrice);
      await t.http.post(`/api/subscriptions/${org.orgId}/downgrade`).set(org.auth).send({ newPlanId: 'essential' }).expect(200);
    }
    // The broken one points at a subscription Stripe does not know: its change fails.
    await t.db.query(
      "UPDATE subscriptions SET stripe_subscription_id = 'sub_missing', scheduled_change_at = now() - interval '2 seconds' WHERE organization_id = $1",
      [broken.orgId],
    );
    await t.db.query("UPDATE subscriptions SET scheduled_change_at = now() - interval '1 second' WHERE organization_id = $1", [fine.orgId]);
    expect(await t.app.get(SubscriptionsJobs).run()).toBe(1);
    expect(await sub(fine)).toMatchObject({ planId: 'essential', scheduledChange: null });
    expect((await sub(broken)).scheduledChange).toMatchObject({ planId: 'essential' });
  });

  it('should apply a booked downgrade as soon as its date passes, before the job has run', async () => {
    const org = await createOrg(t);
    await checkout(org, professionalPrice);
    await t.http.post(`/api/subscriptions/${org.orgId}/downgrade`).set(org.auth).send({ newPlanId: 'essential' }).expect(200);
    await t.db.query("UPDATE subscriptions SET scheduled_change_at = now() - interval '1 second' WHERE organization_id = $1", [org.orgId]);
    expect(await feature(org, 'apiAccess')).toBe(false);
    expect((await sub(org)).effectivePlan.id).toBe('essential');
  });

  it('should cancel at period end (features kept) and resume', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    // Cancelling during the trial: nothing will be charged, the features stay until the trial ends.
    const cancelled = (await t.http.post(`/api/subscriptions/${org.orgId}/cancel`).set(org.auth).send({}).expect(200)).body.data;
    expect(cancelled).toMatchObject({ status: 'trialing', cancel_at_period_end: true, effectivePlan: { id: 'essential' } });
    expect(stand.state.objects.get(cancelled.stripeSubscriptionId)).toMatchObject({ cancel_at_period_end: true });
    expect(await feature(org, 'customBranding')).toBe(true);
    await t.http.post(`/api/subscriptions/${org.orgId}/cancel`).set(org.auth).send({}).expect(409);
    const resumed = (await t.http.post(`/api/subscriptions/${org.orgId}/resume`).set(org.auth).send({}).expect(200)).body.data;
    expect(resumed).toMatchObject({ status: 'trialing', cancel_at_period_end: false });
    await t.http.post(`/api/subscriptions/${org.orgId}/resume`).set(org.auth).send({}).expect(409);
  });

  it('should make a downgrade to Free a cancellation at period end, then fall back to Free when the period ends', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    const s = (await t.http.post(`/api/subscriptions/${org.orgId}/downgrade`).set(org.auth).send({ newPlanId: 'free' }).expect(200)).body
      .data;
    expect(s).toMatchObject({ cancel_at_period_end: true, effectivePlan: { id: 'essential' } });
    await advanceSubscription(stand.state, s.stripeSubscriptionId, 'period_end');
    expect(await sub(org)).toMatchObject({ status: 'canceled', planId: 'essential', effectivePlan: { id: 'free' } });
  });

  it('should keep the plan while past_due and recover when the retry is paid', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    const id = (await sub(org)).stripeSubscriptionId;
    await advanceSubscription(stand.state, id, 'payment_failed');
    expect(await sub(org)).toMatchObject({ status: 'past_due', effectivePlan: { id: 'essential' } });
    expect(await feature(org, 'advancedReporting')).toBe(true);
    await advanceSubscription(stand.state, id, 'payment_succeeded');
    expect(await sub(org)).toMatchObject({ status: 'active', effectivePlan: { id: 'essential' } });
  });

  it('should fall back to Free when the subscription is deleted, keeping every class and refusing new ones', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    for (let i = 0; i < 3; i++)
      await t.http
        .post('/api/classes')
        .set(org.auth)
        .send(classBody({ title: `Class ${i}` }))
        .expect(201);
    await advanceSubscription(stand.state, (await sub(org)).stripeSubscriptionId, 'delete');
    expect(await sub(org)).toMatchObject({ status: 'canceled', planId: 'essential', effectivePlan: { id: 'free' } });
    const classes = await t.db.query("SELECT count(*)::int AS n FROM classes WHERE organization_id = $1 AND status = 'Open'", [org.orgId]);
    expect(classes[0].n).toBe(3);
    const refused = await t.http.post('/api/classes').set(org.auth).send(classBody()).expect(403);
    expect(refused.body).toMatchObject({
      error:
        'Class limit reached. Free allows up to 2 classes. You currently have 3 classes. Upgrade your plan to add more classes. Essential allows up to 25 classes.',
      code: 'LIMIT_REACHED',
      upgradePlan: { id: 'essential', name: 'Essential' },
    });
    expect(await feature(org, 'customBranding')).toBe(false);
    // Resubscribing through Checkout works again.
    await checkout(org, essentialPrice);
    expect(await sub(org)).toMatchObject({ status: 'active', effectivePlan: { id: 'essential' } });
  });

  it('should send the portal back only to this site', async () => {
    const org = await createOrg(t);
    const none = await t.http
      .post(`/api/subscriptions/${org.orgId}/portal`)
      .set(org.auth)
      .send({ returnUrl: `${SITE}/admin/subscription` });
    expect(none.status).toBe(409);
    await checkout(org, essentialPrice);
    for (const returnUrl of [
      'https://evil.example/admin/subscription',
      'http://classlane.test.evil.example/admin',
      'https://classlane.test/admin/subscription',
      '//evil.example/x',
      'javascript:alert(1)',
      '/admin/subscription',
      'http://classlane.test:8080/admin',
    ]) {
      const res = await t.http.post(`/api/subscriptions/${org.orgId}/portal`).set(org.auth).send({ returnUrl });
      expect([returnUrl, res.status, res.body.error]).toEqual([returnUrl, 400, `returnUrl must be an address on ${SITE}`]);
    }
    const ok = await t.http
      .post(`/api/subscriptions/${org.orgId}/portal`)
      .set(org.auth)
      .send({ returnUrl: `${SITE}/admin/subscription` })
      .expect(201);
    expect(ok.body.data.url).toMatch(new RegExp(`^${stand.url}/portal/bps_`));
  });

  it('should follow a plan change made in the customer portal (customer.subscription.updated)', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    const id = (await sub(org)).stripeSubscriptionId;
    const s = stand.state.objects.get(id)!;
    (s.items as { data: { price: unknown }[] }).data[0].price = structuredClone(stand.state.objects.get(professionalPrice));
    await stand.state.emit('customer.subscription.updated', structuredClone(s));
    expect((await sub(org)).effectivePlan.id).toBe('professional');
  });

  it('should reset to Free (IT admin), cancelling the Stripe subscription', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    const id = (await sub(org)).stripeSubscriptionId;
    const reset = await t.app.get(SubscriptionsService).resetToFree(org.orgId);
    expect(reset).toMatchObject({ status: 'active', planId: 'free', stripeSubscriptionId: null });
    expect(stand.state.objects.get(id)).toMatchObject({ status: 'canceled' });
    expect(await sub(org)).toMatchObject({ planId: 'free', effectivePlan: { id: 'free' } });
    const [row] = await t.db.query('SELECT plan_id, subscription_status FROM organizations WHERE id = $1', [org.orgId]);
    expect(row).toEqual({ plan_id: 'free', subscription_status: 'active' });
  });

  it('should converge to Stripe’s state whatever the order of the six event types, each delivered twice (50 orders)', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    const id = (await sub(org)).stripeSubscriptionId;
    // Stripe's final state: upgraded, then set to cancel, after a failed and a recovered payment.
    await t.http.post(`/api/subscriptions/${org.orgId}/upgrade`).set(org.auth).send({ newPlanId: 'professional' }).expect(200);
    await advanceSubscription(stand.state, id, 'payment_failed');
    await t.http.post(`/api/subscriptions/${org.orgId}/cancel`).set(org.auth).send({}).expect(200);
    const expected = await sub(org);
    expect(expected).toMatchObject({ status: 'past_due', planId: 'professional', cancel_at_period_end: true });
    const types = [
      'checkout.session.completed',
      'customer.subscription.created',
      'customer.subscription.updated',
      'customer.subscription.deleted',
      'invoice.paid',
      'invoice.payment_failed',
    ];
    const history = stand.events.filter((e) => types.includes(e.type) && JSON.stringify(e.data.object).includes(id));
    const objectOf = (type: string) => {
      // Each type's object as it was sent at some point (old states on purpose); deleted is built from the current one.
      const seen = history.filter((e) => e.type === type);
      return seen.length ? seen[0].data.object : { ...stand.state.objects.get(id)!, status: 'canceled' };
    };
    const stripeEventNames = types.map((type) => ({ type, object: objectOf(type) }));
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const webhook = stand.state.webhook!;
    stand.state.webhook = null;
    try {
      for (let round = 0; round < 50; round++) {
        await t.db.query(
          `UPDATE subscriptions SET plan_id = 'free', status = 'incomplete', cancel_at_period_end = false, current_period_start = NULL,
             current_period_end = NULL, stripe_subscription_id = NULL, stripe_price_id = NULL WHERE organization_id = $1`,
          [org.orgId],
        );
        const events = await Promise.all(stripeEventNames.map(({ type, object }) => stand.state.emit(type, structuredClone(object))));
        const deliveries = [...events, ...events].sort(() => random() - 0.5);
        // Half of each round concurrently, half one by one.
        const half = Math.floor(deliveries.length / 2);
        const send = (e: (typeof events)[number]) => {
          const payload = JSON.stringify(e);
          return fetch(webhook.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signStripePayload(payload, SECRET) },
            body: payload,
          }).then((r) => r.status);
        };
        const statuses = await Promise.all(deliveries.slice(0, half).map(send));
        for (const e of deliveries.slice(half)) statuses.push(await send(e));
        expect(statuses.every((s) => s === 200)).toBe(true);
        const got = await sub(org);
        expect({ round, ...got, syncedAt: undefined }).toEqual({ round, ...expected, syncedAt: undefined });
      }
    } finally {
      stand.state.webhook = webhook;
    }
  }, 180_000);

  describe('gates: refused and lifted by the right plan, naming the cheapest plan that lifts it', () => {
    it('should refuse every gated feature on Free and name Essential; Essential lifts them', async () => {
      const org = await createOrg(t);
      const expectations: [string, string][] = [
        ['custom_branding', 'Custom branding is a feature of the Essential plan. Upgrade to Essential to use it.'],
        ['advanced_reporting', 'Advanced reporting is a feature of the Essential plan. Upgrade to Essential to use it.'],
        ['accept_online_payment', 'Online payment collection is a feature of the Essential plan. Upgrade to Essential to use it.'],
      ];
      for (const [action, reason] of expectations) {
        expect(await canPerform(org, action)).toMatchObject({
          action,
          allowed: false,
          reason,
          upgradePlan: { id: 'essential', name: 'Essential' },
        });
      }
      const branding = await t.http
        .put('/api/settings/branding')
        .set(org.auth)
        .send({ branding: { businessName: 'X', primaryColor: '#111111' } });
      expect(branding.status).toBe(403);
      expect(branding.body).toMatchObject({ error: expectations[0][1], code: 'PLAN_REQUIRED', upgradePlan: { id: 'essential' } });
      await t.db.query("UPDATE organizations SET plan_id = 'essential' WHERE id = $1", [org.orgId]); // complimentary
      for (const [action] of expectations) expect((await canPerform(org, action)).allowed).toBe(true);
      await t.http
        .put('/api/settings/branding')
        .set(org.auth)
        .send({ branding: { businessName: 'X', primaryColor: '#111111' } })
        .expect(200);
      expect(await sub(org)).toMatchObject({ complimentary: true, effectivePlan: { id: 'essential' } });
      expect(await feature(org, 'apiAccess')).toBe(false);
      const report = (await t.http.get(`/api/subscriptions/${org.orgId}/access-report`).set(org.auth).expect(200)).body.data;
      expect(report.features.find((f: { feature: string }) => f.feature === 'apiAccess')).toMatchObject({
        hasAccess: false,
        upgradePlan: { id: 'professional', name: 'Professional' },
      });
    });

    it('should refuse the third class and the eleventh student on Free naming Essential, and Essential lifts both', async () => {
      const org = await createOrg(t);
      for (let i = 0; i < 2; i++) await t.http.post('/api/classes').set(org.auth).send(classBody()).expect(201);
      expect(await canPerform(org, 'create_class')).toMatchObject({
        allowed: false,
        limit: 2,
        current: 2,
        upgradePlan: { id: 'essential' },
      });
      await t.http.post('/api/classes').set(org.auth).send(classBody()).expect(403);
      const [{ id: classId }] = await t.db.query('SELECT id FROM classes WHERE organization_id = $1 LIMIT 1', [org.orgId]);
      for (let i = 0; i < 10; i++)
        await t.http
          .post('/api/students')
          .set(org.auth)
          .send({ ...studentBody(), classEnrollments: [] })
          .expect(201);
      const refused = await t.http
        .post('/api/students')
        .set(org.auth)
        .send({ ...studentBody(), classEnrollments: [] })
        .expect(403);
      expect(refused.body.error).toBe(
        'Student limit reached. Free allows up to 10 students. You currently have 10 students. Upgrade your plan to add more students. Essential allows up to 500 students.',
      );
      expect(refused.body.upgradePlan).toEqual({ id: 'essential', name: 'Essential' });
      expect(classId).toBeTruthy();
      await t.db.query("UPDATE organizations SET plan_id = 'essential' WHERE id = $1", [org.orgId]);
      await t.http.post('/api/classes').set(org.auth).send(classBody()).expect(201);
      await t.http
        .post('/api/students')
        .set(org.auth)
        .send({ ...studentBody(), classEnrollments: [] })
        .expect(201);
      const usage = (await t.http.get(`/api/subscriptions/${org.orgId}/usage-limits`).set(org.auth).expect(200)).body.data;
      expect(usage).toEqual({
        plan: { id: 'essential', name: 'Essential' },
        usage: {
          students: { current: 11, limit: 500, unlimited: false },
          classes: { current: 3, limit: 25, unlimited: false },
          transactions: { current: 0, limit: -1, unlimited: true },
        },
      });
      const plain = (await t.http.get(`/api/subscriptions/usage/${org.orgId}`).set(org.auth).expect(200)).body.data;
      expect(plain).toEqual({
        planId: 'essential',
        planName: 'Essential',
        students: 11,
        classes: 3,
        transactions: 0,
        limits: { maxClasses: 25, maxStudents: 500, maxTransactionsPerMonth: -1 },
      });
    });

    it('should name Professional for the class limit of Essential, and Professional lifts it', async () => {
      const org = await createOrg(t, { plan: 'essential' });
      await t.db.query(
        `INSERT INTO classes (organization_id, title, description, instructor, location, status, price_cents, max_students, start_date, duration, days, schedule, information, materials)
         SELECT $1, 'C' || g, 'd', 'i', 'l', 'Open', 0, 5, now() + interval '7 days', 60, 1, 'Weekly', '', '{}' FROM generate_series(1, 25) g`,
        [org.orgId],
      );
      const res = await t.http.post('/api/classes').set(org.auth).send(classBody()).expect(403);
      expect(res.body.error).toBe(
        'Class limit reached. Essential allows up to 25 classes. You currently have 25 classes. Upgrade your plan to add more classes. Professional has unlimited classes.',
      );
      await t.db.query("UPDATE organizations SET plan_id = 'professional' WHERE id = $1", [org.orgId]);
      expect(await canPerform(org, 'create_class')).toMatchObject({ allowed: true, limit: -1, current: 25, reason: null });
    });

    it('should refuse an unknown feature or action with 404', async () => {
      const org = await createOrg(t);
      await t.http.get(`/api/subscriptions/feature-access/${org.orgId}/teleportation`).set(org.auth).expect(404);
      await t.http.get(`/api/subscriptions/${org.orgId}/can-perform/teleport`).set(org.auth).expect(404);
    });
  });

  it("should refuse every route for another organization's id, a teacher, and a signed-out caller, changing nothing", async () => {
    const a = await createOrg(t);
    await checkout(a, essentialPrice);
    const b = await createOrg(t);
    const teacher = await createTeacher(t, a);
    const before = await t.db.query('SELECT * FROM subscriptions WHERE organization_id = $1', [a.orgId]);
    // Late webhooks of earlier tests may still read (GET) subscriptions: count the writes.
    const writes = () => stand.requests.filter((r) => r.method !== 'GET').length;
    const requestsBefore = writes();
    const id = a.orgId;
    const routes: [string, string, Record<string, unknown>?][] = [
      ['get', `/api/subscriptions/${id}`],
      ['get', `/api/subscriptions/usage/${id}`],
      ['get', `/api/subscriptions/${id}/usage-limits`],
      ['get', `/api/subscriptions/feature-access/${id}/customBranding`],
      ['get', `/api/subscriptions/${id}/can-perform/create_class`],
      ['get', `/api/subscriptions/${id}/access-report`],
      ['post', '/api/subscriptions/customer', { organizationId: id, name: 'N', email: 'a@example.com' }],
      ['post', '/api/subscriptions/create', { organizationId: id, priceId: professionalPrice }],
      ['post', '/api/subscriptions/update', { organizationId: id, newPlanId: 'professional' }],
      ['post', `/api/subscriptions/${id}/cancel`, {}],
      ['post', `/api/subscriptions/${id}/resume`, {}],
      ['post', `/api/subscriptions/${id}/portal`, { returnUrl: `${SITE}/admin/subscription` }],
      ['post', `/api/subscriptions/${id}/upgrade`, { newPlanId: 'professional' }],
      ['post', `/api/subscriptions/${id}/downgrade`, { newPlanId: 'free' }],
    ];
    for (const [method, path, body] of routes) {
      for (const [who, auth, status] of [
        ['other admin', b.auth, 403],
        ['teacher', teacher.auth, 403],
        ['nobody', {}, 401],
      ] as const) {
        const req = method === 'get' ? t.http.get(path) : t.http.post(path).send(body ?? {});
        const res = await req.set(auth);
        expect([path, who, res.status, JSON.stringify(res.body.data)]).toEqual([path, who, status, 'null']);
      }
    }
    expect(await t.db.query('SELECT * FROM subscriptions WHERE organization_id = $1', [a.orgId])).toEqual(before);
    expect(writes()).toBe(requestsBefore);
    // The plan list is public.
    await t.http.get('/api/subscriptions/plans').expect(200);
  });

  it('should choose upgrade or downgrade in POST /update by the plans’ prices', async () => {
    const org = await createOrg(t);
    await checkout(org, essentialPrice);
    const up = await t.http
      .post('/api/subscriptions/update')
      .set(org.auth)
      .send({ organizationId: org.orgId, newPlanId: 'professional' })
      .expect(200);
    expect(up.body.data).toMatchObject({ planId: 'professional', scheduledChange: null });
    const down = await t.http
      .post('/api/subscriptions/update')
      .set(org.auth)
      .send({ organizationId: org.orgId, newPlanId: 'essential' })
      .expect(200);
    expect(down.body.data).toMatchObject({ planId: 'professional', scheduledChange: { planId: 'essential' } });
  });
});
