import { expect, test } from '@playwright/test';
import { ADMIN, signInUi } from './admin-helpers';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the settings journey adds nothing on the phone project');
});

test('admin: should save the profile, preview branding contrast and read the real system status', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  await page.goto('/admin/settings');
  await expect(page.getByRole('tab', { name: 'Admin Profile', selected: true })).toBeVisible();
  await page.getByLabel('Contact phone').fill('(559) 555-0199');
  await page.getByRole('button', { name: 'Save Profile Settings' }).click();
  await expect(page.getByText('Profile and contact settings saved successfully!')).toBeVisible();

  // The demo organization's Essential plan includes custom branding.
  await page.goto('/admin/settings?tab=branding');
  await expect(page.getByRole('tab', { name: 'Site Branding', selected: true })).toBeVisible();
  await expect(page.getByText('Warning: Low contrast between background and text may affect readability')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Header text', exact: true }).fill('#1a3a60');
  await expect(page.getByText('Warning: Low contrast between background and text may affect readability')).toBeVisible();

  await page.getByRole('tab', { name: 'System Status' }).click();
  await expect(page).toHaveURL(/tab=system/);
  await expect(page.getByText('Online')).toBeVisible();
  await expect(page.getByText('Card payments')).toBeVisible();

  // The e2e server has Stripe (the stand-in): the demo organization is set up or not yet, depending on the specs before.
  await page.getByRole('tab', { name: 'Payment Setup' }).click();
  await expect(page.getByRole('heading', { name: /^(Set Up Payment Processing|Payment Processing Active)$/ })).toBeVisible();
});
