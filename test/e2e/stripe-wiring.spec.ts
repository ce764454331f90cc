import { expect, test } from '@playwright/test';
import { signStripePayload } from '../../backend/test/stand-ins/stripe/core';
import { STRIPE_E2E } from './stripe-env';

/**
 * The e2e run's Stripe wiring (playwright.config.ts): the backend has the stand-in's keys, the stand-in is up, and
 * a webhook signed with the run's secret is accepted (the stand-in signs its own deliveries the same way).
 */
test.describe('Stripe wiring of the e2e run', () => {
  test('should run the backend with Stripe configured against the stand-in', async ({ request }) => {
    const health = await (await request.get('/api/health')).json();
    expect(health.data.payments).toBe('stripe');
    const config = await (await request.get('/api/stripe/config')).json();
    expect(config.data).toMatchObject({ publicKey: STRIPE_E2E.publishableKey, environment: 'test' });

    const events = await request.get(`${STRIPE_E2E.standInUrl}/v1/events`, {
      headers: { Authorization: `Bearer ${STRIPE_E2E.secretKey}` },
    });
    expect(events.status()).toBe(200);
    expect(await events.json()).toMatchObject({ object: 'list' });
  });

  test('should accept a webhook signed with the run secret and refuse another signature', async ({ request }) => {
    const payload = JSON.stringify({
      id: `evt_wiring_${Date.now()}`,
      object: 'event',
      type: 'e2e.wiring_check', // a verified event of a type the product does not handle: 200, nothing changes
      created: Math.floor(Date.now() / 1000),
      api_version: '2025-10-29.clover',
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { id: 'obj_wiring', object: 'wiring' } },
    });
    const send = (signature: string) =>
      request.post('/api/webhooks/stripe', {
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        data: payload,
      });

    expect((await send(signStripePayload(payload, STRIPE_E2E.webhookSecret))).status()).toBe(200);
    expect((await send(signStripePayload(payload, 'whsec_not_the_run_secret'))).status()).toBe(400);
  });
});
