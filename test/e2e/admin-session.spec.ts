import { expect, test, type Page } from '@playwright/test';
import { ADMIN, DEMO_ORG_ID, signInUi } from './admin-helpers';

/**
 * Admin app: the public branding cache (`classlane.branding.*`, 24 h) goes on logout and
 * when branding is saved; the document title is the business name; /login links to the reset flow.
 */
const DEMO_ORG_NAME = 'Sunrise Community Arts';
const CACHE_KEY = `classlane.branding.${DEMO_ORG_ID}`;

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'session behaviour is the same on the phone project');
});

/** What the public site would have cached a while ago: a stale name. */
async function seedStaleCache(page: Page) {
  await page.evaluate(
    (key) => localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), branding: { businessName: 'Stale Name From Cache' } })),
    CACHE_KEY,
  );
}

const cached = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CACHE_KEY);

test('should title the admin app with the business name and clear the branding cache on logout', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page).toHaveTitle(DEMO_ORG_NAME);

  await seedStaleCache(page);
  expect(await cached(page)).not.toBeNull();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await cached(page)).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('classlane.token'))).toBeNull();
  await expect(page).toHaveTitle('Classlane');

  // The public page now fetches the current branding instead of the stale copy.
  await page.goto(`/org/${DEMO_ORG_ID}`);
  await expect(page.getByText('Stale Name From Cache')).toHaveCount(0);
  await expect(page).toHaveTitle(DEMO_ORG_NAME);
});

test('should invalidate the public branding cache when the admin saves branding', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings?tab=branding');
  await expect(page.getByRole('tab', { name: 'Site Branding', selected: true })).toBeVisible();
  await seedStaleCache(page);
  await page.getByRole('button', { name: 'Save Branding' }).click();
  await expect(page.getByText('Branding settings saved successfully!')).toBeVisible();
  expect(await cached(page)).toBeNull();
});

test('should link the login page to the password-reset flow', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle('Classlane');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(
    page.getByText(`If an account exists for ${ADMIN.email}, we have sent a link to reset the password. Check your inbox.`),
  ).toBeVisible();
});
