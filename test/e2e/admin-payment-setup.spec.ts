import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { ADMIN, DEMO_ORG_ID, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

/**
 * Settings › Payment Setup and the dashboard's payment setup banner (spec 3 §2.2, §4, §8). The run's
 * backend talks to the Stripe stand-in (playwright.config.ts): the last test onboards the demo organization for
 * real, through the stand-in's hosted onboarding page. The other states (local mode, verification, requirements…)
 * are rendered from status replies stubbed in the browser, since Stripe decides them.
 */
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the payment setup screens add nothing on the phone project');
});

const shots = path.resolve(__dirname, '..', '..', '.tmp', 'screenshots');
const shot = (page: Page, name: string) => screenshot(page, { path: path.join(shots, `payment-setup-${name}.png`), fullPage: true });

/** The demo organization's real state: not set up, or active once the card payment spec onboarded it. */
const SETUP_OR_ACTIVE = /^(Set Up Payment Processing|Payment Processing Active)$/;
const STATUS_PATH = `**/api/connect/status/${DEMO_ORG_ID}`;
const noReqs = { currently_due: [], past_due: [], eventually_due: [], disabled_reason: null };
function status(over: Record<string, unknown>) {
  return {
    hasActiveSubscription: true,
    canAcceptOnlinePayments: true,
    planName: 'Essential',
    hasAccount: true,
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements: noReqs,
    stripeConfigured: true,
    refreshedAt: new Date().toISOString(),
    ...over,
  };
}
async function stubStatus(page: Page, data: Record<string, unknown>) {
  await page.unroute(STATUS_PATH);
  await page.route(STATUS_PATH, (route) => route.fulfill({ json: { success: true, data, error: null } }));
}

test('local mode: card payments read as unavailable on this server, in TEST mode, and no banner nags', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  // What a server without STRIPE_SECRET_KEY answers (connect.e2e-spec.ts checks the server side).
  await stubStatus(page, status({ hasAccount: false, stripeConfigured: false }));
  await page.reload();
  await expect(page.getByLabel('Subscription status')).toBeVisible();
  await expect(page.getByLabel('Payment setup')).toHaveCount(0);

  await page.goto('/admin/settings?tab=payments');
  await expect(page.getByRole('tab', { name: 'Payment Setup', selected: true })).toBeVisible();
  await expect(page.getByText('Card payments are unavailable on this server')).toBeVisible();
  await expect(page.getByLabel('Payment mode: TEST')).toHaveText('TEST mode');
  await expect(page.getByRole('button', { name: 'Set Up Payment Processing' })).toHaveCount(0);
  await shot(page, 'local-mode');
});

test('a plan without online payments gets the upsell to the plans', async ({ page, request }) => {
  const org = await freshOrganization(request);
  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings?tab=payments');
  await expect(page.getByText('Online payments are not included in your plan')).toBeVisible();
  await expect(page.getByText('Your Free plan does not include online payment collection.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/admin/subscription?tab=plans');
  await shot(page, 'upsell');
});

test("failures: 'Failed to load payment setup status' and 'Failed to validate subscription', each with Try again", async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.route(STATUS_PATH, (route) => route.fulfill({ status: 500, json: { success: false, data: null, error: 'boom' } }));
  await page.goto('/admin/settings?tab=payments');
  await expect(page.getByText('Failed to load payment setup status')).toBeVisible();
  await shot(page, 'load-failed');
  await page.unroute(STATUS_PATH);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: SETUP_OR_ACTIVE })).toBeVisible();

  const validation = `**/api/organizations/${DEMO_ORG_ID}/subscription-validation`;
  await page.route(validation, (route) => route.fulfill({ status: 500, json: { success: false, data: null, error: 'boom' } }));
  await page.reload();
  await expect(page.getByText('Failed to validate subscription')).toBeVisible();
  await page.unroute(validation);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: SETUP_OR_ACTIVE })).toBeVisible();
});

test('account states: a failed setup, in progress, verification, action required, active; and the banner', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  await stubStatus(page, status({ hasAccount: false }));
  // The server's local-mode answer (a 503 with its reason), shown with the spec's text and Try again.
  await page.route('**/api/connect/create-account', (route) =>
    route.fulfill({
      status: 503,
      json: {
        success: false,
        data: null,
        error:
          'Online card payments are not available on this server: Stripe is not configured (STRIPE_SECRET_KEY is unset). Students can still register and pay in person.',
      },
    }),
  );
  await page.goto('/admin/settings?tab=payments');
  await expect(page.getByRole('heading', { name: 'Set Up Payment Processing' })).toBeVisible();
  await expect(page.getByText('Setup takes 5-10 minutes.')).toBeVisible();
  await page.getByRole('button', { name: 'Set Up Payment Processing' }).click();
  await expect(page.getByText('Failed to set up payment processing')).toBeVisible();
  await expect(page.getByText('Stripe is not configured (STRIPE_SECRET_KEY is unset)', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
  await shot(page, 'setup-failed');
  await page.unroute('**/api/connect/create-account');

  // The dashboard banner: high urgency without an account, medium while it cannot charge, hidden once active.
  await page.goto('/admin');
  await expect(page.getByLabel('Payment setup')).toContainText('Set Up Payment Processing');
  await shot(page, 'banner-high');

  await stubStatus(page, status({ requirements: { ...noReqs, currently_due: ['business_type', 'external_account'] } }));
  await page.reload();
  await expect(page.getByLabel('Payment setup')).toContainText('Complete Payment Setup');
  await page.getByRole('link', { name: 'Complete Payment Setup' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=payments$/);
  await expect(page.getByRole('heading', { name: 'Setup In Progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue Setup' })).toBeVisible();
  await shot(page, 'in-progress');

  const seven = ['a.one', 'b.two', 'c.three', 'd.four', 'e.five', 'f.six', 'g.seven'];
  await stubStatus(page, status({ details_submitted: true, requirements: { ...noReqs, currently_due: seven } }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Verification Required' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Information Stripe asks for' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByText('and 2 more')).toBeVisible();
  await expect(page.getByText('This status refreshes every 30 seconds.')).toBeVisible();
  await shot(page, 'verification');

  await stubStatus(
    page,
    status({ details_submitted: true, charges_enabled: true, requirements: { ...noReqs, past_due: ['external_account'] } }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Action Required' })).toBeVisible();
  await expect(page.getByText('External account')).toBeVisible();
  await shot(page, 'action-required');

  await stubStatus(
    page,
    status({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { ...noReqs, eventually_due: ['individual.id_number'] },
    }),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment Processing Active' })).toBeVisible();
  await expect(page.getByText('Stripe will need more information later')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open Stripe Dashboard' })).toBeVisible();
  await shot(page, 'active');
  await page.goto('/admin');
  await expect(page.getByLabel('Subscription status')).toBeVisible();
  await expect(page.getByLabel('Payment setup')).toHaveCount(0);
});

test('the demo organization onboards through Stripe and comes back to an active account and its dashboard', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings?tab=payments');
  const setUp = page.getByRole('button', { name: 'Set Up Payment Processing' });
  await expect(page.getByRole('heading', { name: SETUP_OR_ACTIVE })).toBeVisible();
  if (await setUp.isVisible()) {
    // Create the Express account, follow the Account Link: the stand-in's hosted onboarding completes the account,
    // tells the app by a signed account.updated webhook and sends the browser back to the tab.
    await setUp.click();
    await expect(page).toHaveURL(/\/admin\/settings\?tab=payments$/);
  }
  await expect(page.getByRole('heading', { name: 'Payment Processing Active' })).toBeVisible();
  await expect(page.getByText('Your account accepts card payments. Payouts are enabled.')).toBeVisible();
  await expect(page.getByText('This status refreshes every 30 seconds.')).toBeVisible();
  await shot(page, 'onboarded');

  await page.goto('/admin');
  await expect(page.getByLabel('Subscription status')).toBeVisible();
  await expect(page.getByLabel('Payment setup')).toHaveCount(0);

  await page.goto('/admin/settings?tab=payments');
  await page.getByRole('button', { name: 'Open Stripe Dashboard' }).click();
  await expect(page.getByRole('heading', { name: /^Express dashboard of acct_/ })).toBeVisible();
});
