import { expect, test } from '@playwright/test';
import path from 'node:path';
import { freshOrganization, signInUi } from './admin-helpers';
import { STRIPE_E2E } from './stripe-env';
import { screenshot } from './screenshots';

/**
 * An admin on Free buys Essential through Checkout (the Stripe stand-in's own Checkout page; the
 * stand-in tells the app by webhook), lands on 'Subscription Activated!' once the server really has the
 * subscription, and sees Reports unlocked. Being the organization's first subscription, it starts with the promised
 * 30-day free trial. Screenshots of each screen go to .tmp/screens for review.
 */
const shots = path.resolve(__dirname, '..', '..', '.tmp', 'screens');

test('an admin on Free upgrades to Essential through Checkout, with a 30-day trial, and sees the features unlocked', async ({
  page,
  request,
}, info) => {
  const admin = await freshOrganization(request);
  const shot = (name: string) =>
    screenshot(page, { path: path.join(shots, `${info.project.name}-subscription-${name}.png`), fullPage: true });
  await signInUi(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);

  // Dashboard on Free: 'Free Plan' with Upgrade Plan, and the Reports teaser.
  const banner = page.getByRole('alert', { name: 'Subscription status' });
  await expect(banner.getByText('Free Plan', { exact: true })).toBeVisible();
  await expect(page.getByText('Pro Feature')).toBeVisible();
  await shot('dashboard-free');

  await page.goto('/admin/subscription');
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are on the Free plan' })).toBeVisible();
  await expect(page.getByText('Your first paid plan starts with a 30-day free trial.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Upgrade Options' })).toBeVisible();
  await shot('overview-free');

  await page.getByRole('button', { name: 'View Upgrade Options' }).click();
  await expect(page).toHaveURL(/tab=plans/);
  await expect(page.getByTestId('plan-grid')).toHaveAttribute('data-columns', '3');
  const free = page.locator('[aria-label="Free plan"]');
  await expect(free.getByRole('button', { name: 'Current Plan' })).toBeDisabled();
  // Free has no online payments: no 'Online payments a month' limit under its crossed-out feature.
  await expect(free.getByText('Online payment collection')).toBeVisible();
  await expect(free.getByText(/^Online payments a month/)).toHaveCount(0);
  await expect(free.getByText('Classes: 2')).toBeVisible();
  await expect(free.getByText('free trial')).toHaveCount(0);
  const essential = page.locator('[aria-label="Essential plan"]');
  await expect(essential.getByText('$49/month')).toBeVisible();
  await expect(essential.getByText('30-day free trial')).toBeVisible();
  await expect(essential.getByText('Online payments a month: Unlimited')).toBeVisible();
  await shot('plans-free');

  await essential.getByRole('button', { name: 'Upgrade to This Plan' }).click();
  // Stripe Checkout (the stand-in's page).
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_E2E.standInUrl}/checkout/cs_test_`));
  await expect(page.getByRole('heading', { name: 'Subscribe to Classlane Essential' })).toBeVisible();
  await expect(page.getByText('30-day free trial')).toBeVisible();
  await shot('checkout');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/subscription-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Subscription Activated!' })).toBeVisible();
  await expect(page.getByText('Your organization is now on the Essential plan')).toBeVisible();
  await shot('success');

  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(banner.getByText('Essential plan · Trialing')).toBeVisible();
  await expect(banner.getByText(/Free trial until \w+ \d+, \d{4}: nothing is charged before then\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Reports' })).toBeVisible();
  await expect(page.getByText('Pro Feature')).toHaveCount(0);
  await shot('dashboard-essential');

  await page.goto('/admin/subscription');
  await expect(page.getByRole('heading', { name: 'Essential', exact: true })).toBeVisible();
  await expect(page.getByLabel('Subscription status')).toHaveText('Trialing');
  const trialEnd = new Date(Date.now() + 30 * 86_400_000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  await expect(page.getByText(`Free trial until ${trialEnd}`)).toBeVisible();
  await expect(page.getByText(`the first payment ($49/month) is taken on ${trialEnd} unless you cancel before`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Billing' })).toBeVisible();
  await shot('overview-essential');

  // Cancel during the trial (confirm prompt), then resume.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(page.getByText('Canceled at period end')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume Subscription' })).toBeVisible();
  await shot('overview-cancelling');
  await page.getByRole('button', { name: 'Resume Subscription' }).click();
  await expect(page.getByRole('button', { name: 'Cancel Subscription' })).toBeVisible();

  await page.goto('/admin/subscription?tab=billing');
  await expect(page.getByText('Transactions this month')).toBeVisible();
  await expect(page.getByText('0 / Unlimited')).toBeVisible();
  await expect(page.getByRole('link', { name: 'help pages' })).toHaveAttribute('href', '/help');
  await expect(page.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute('href', '/contact-us');
  await shot('billing');
  // The test page is inside the admin app (a bare /subscription-test ended on the dashboard).
  await page.getByRole('link', { name: 'Subscription test page' }).click();
  await expect(page).toHaveURL(/\/admin\/subscription-test$/);
  await expect(page.getByRole('heading', { name: 'Subscription test' })).toBeVisible();
  // A second subscription has no trial: the test page says so instead of offering its 14 days.
  await expect(page.getByRole('heading', { name: 'Plans (no trial: this organization has had a subscription)' })).toBeVisible();

  await page.goto('/admin/subscription?tab=plans');
  await expect(page.locator('[aria-label="Professional plan"]').getByRole('button', { name: 'Upgrade to This Plan' })).toBeEnabled();
  // An upgrade changes the running subscription: no new trial is offered.
  await expect(page.getByText('30-day free trial')).toHaveCount(0);
  await expect(page.locator('[aria-label="Free plan"]').getByRole('button', { name: 'Downgrade to Free' })).toBeEnabled();
  await shot('plans-essential');

  await page.goto('/admin/subscription-test');
  await expect(page.getByRole('button', { name: 'Create customer' })).toBeVisible();
  await shot('test-page');
});

test('the success page needs a session_id and the help page answers', async ({ page, request }, info) => {
  const admin = await freshOrganization(request);
  await signInUi(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/subscription-success');
  await expect(page).toHaveURL(/\/admin\/subscription-test$/);
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  await screenshot(page, { path: path.join(shots, `${info.project.name}-help.png`), fullPage: true });
});

test('a signed-out visitor of the success page goes to /signin', async ({ page }) => {
  await page.goto('/subscription-success?session_id=cs_x');
  await expect(page).toHaveURL(/\/signin$/);
});
