import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ADMIN, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one settings field: the phone project adds nothing');
});

test('admin: should save how long a waitlist offer holds its seat (1-168 hours), axe clean', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings?tab=general');
  await expect(page.getByRole('heading', { name: 'Waitlist offers', level: 2 })).toBeVisible();
  const hours = page.getByLabel('Hours an offer holds its seat');
  await expect(hours).toHaveValue('24');
  await hours.fill('200');
  await expect(page.getByText('Enter a whole number of hours from 1 to 168')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save waitlist setting' })).toBeDisabled();
  await hours.fill('48');
  await page.getByRole('button', { name: 'Save waitlist setting' }).click();
  await expect(page.getByText('Waitlist setting saved successfully!')).toBeVisible();
  await screenshot(page, { path: test.info().outputPath('admin-waitlist-settings.png'), fullPage: true });
  await page.reload();
  await expect(page.getByLabel('Hours an offer holds its seat')).toHaveValue('48');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
