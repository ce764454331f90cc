/** Stripe in the browser for the e2e specs: the Stripe.js test double, or Stripe.js failing to load. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, apiSignIn } from './admin-helpers';
import { STRIPE_E2E } from './stripe-env';

const DOUBLE = readFileSync(path.join(__dirname, 'stripe-js-double.js'), 'utf8');

/**
 * Serves the Stripe.js test double for Stripe.js's URL, and forwards what it sends to api.stripe.com (as Stripe.js
 * does: the publishable key in the form body) to the Stripe stand-in with the key as a bearer token.
 */
export async function serveStripeJsDouble(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: DOUBLE }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const form = new URLSearchParams(request.method() === 'GET' ? url.search : (request.postData() ?? ''));
    const key = form.get('key') ?? '';
    form.delete('key');
    const query = request.method() === 'GET' ? `?${form}` : '';
    const response = await route.fetch({
      url: `${STRIPE_E2E.standInUrl}${url.pathname}${query}`,
      method: request.method(),
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
      postData: request.method() === 'GET' ? undefined : form.toString(),
    });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}

/**
 * Puts an organization on a paid plan the way its admin does: a Checkout session for the plan's price, completed on
 * the stand-in's Checkout page (its 'Subscribe' form posts here), whose webhooks make the subscription the app's.
 * Waits until the plan gives online payment collection.
 */
export async function subscribeOrganization(request: APIRequestContext, token: string, organizationId: string, planName = 'Essential') {
  const auth = { Authorization: `Bearer ${token}` };
  const plans = (await (await request.get('/api/subscription-plans')).json()).data as { name: string; stripePriceId: string }[];
  const plan = plans.find((p) => p.name === planName);
  expect(plan?.stripePriceId, `a ${planName} plan with a price`).toBeTruthy();
  const checkout = await request.post('/api/subscriptions/create', {
    headers: auth,
    data: { organizationId, priceId: plan!.stripePriceId },
  });
  expect(checkout.ok(), await checkout.text()).toBeTruthy();
  const { sessionUrl } = (await checkout.json()).data as { sessionUrl: string };
  expect(sessionUrl).toContain(STRIPE_E2E.standInUrl);
  // The page posts its form and is sent on (303 See Other) to the success page.
  expect((await request.post(`${sessionUrl}/complete`, { maxRedirects: 0 })).status()).toBe(303);
  const access = async () =>
    (
      (await (
        await request.get(`/api/subscriptions/feature-access/${organizationId}/onlinePaymentCollection`, { headers: auth })
      ).json()) as { data: { hasAccess: boolean } }
    ).data.hasAccess;
  await expect.poll(access, { timeout: 15_000 }).toBe(true);
}

/** Types a card into the Stripe.js double's Payment Element (expiry, CVC and ZIP that always pass). */
export async function fillCard(page: Page, number: string) {
  const card = page.getByRole('group', { name: 'Payment details' });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await card.getByLabel('Security code').fill('123');
  await card.getByLabel('ZIP').fill('93612');
}

/** Stripe.js cannot load (as offline, or blocked by the network): the site must show its unavailable panel. */
export async function failStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
}

/**
 * Onboards the demo organization on Stripe Connect the way its admin does (h-connect's contract): create the
 * Express account, open the Account Link (the stand-in's onboarding page completes the account, sends
 * `account.updated` and redirects back), then wait until the public status says it can take charges. Idempotent.
 */
export async function onboardDemoOrganization(request: APIRequestContext, page?: Page) {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  return onboardOrganization(request, admin.token, admin.user.organizationId as string, page);
}

/** The same onboarding for any organization, as its admin (the bearer token). Idempotent. */
export async function onboardOrganization(request: APIRequestContext, token: string, organizationId: string, page?: Page) {
  const auth = { Authorization: `Bearer ${token}` };
  const status = async () =>
    (await (await request.get(`/api/connect/status/${organizationId}`)).json()).data as { hasAccount: boolean; charges_enabled: boolean };
  if ((await status()).charges_enabled) return organizationId;

  const account = await request.post('/api/connect/create-account', { headers: auth, data: { organizationId } });
  expect(account.ok(), await account.text()).toBeTruthy();
  const session = await request.post('/api/connect/account-session', { headers: auth, data: { organizationId } });
  expect(session.ok(), await session.text()).toBeTruthy();
  const onboardingUrl = ((await session.json()).data as { onboarding_url: string }).onboarding_url;
  expect(onboardingUrl).toContain(STRIPE_E2E.standInUrl);
  if (page) await page.goto(onboardingUrl);
  else expect((await request.get(onboardingUrl, { maxRedirects: 0 })).status()).toBe(302);
  await expect.poll(async () => (await status()).charges_enabled, { timeout: 15_000 }).toBe(true);
  return organizationId;
}
