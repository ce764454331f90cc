import { expect, test } from '@playwright/test';
import { freshOrganization, signInUi } from './admin-helpers';
import { expectNoSeriousViolations } from './portal-helpers';

// Issue 42 §2: the organization's default language for messages (students whose language is not known, and its own
// templates). A fresh organization: the demo organization's messages stay English for every other spec.

test('admin: should save the default language of messages, axe clean', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'one settings field: the phone project adds nothing');
  const admin = await freshOrganization(page.request);
  await signInUi(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings?tab=general');
  await expect(page.getByRole('heading', { name: 'Message language', level: 2 })).toBeVisible();
  const select = page.getByRole('combobox', { name: 'Default language for messages' });
  await expect(select).toHaveText('English');
  await select.click();
  await page.getByRole('option', { name: 'Français' }).click();
  await page.getByRole('button', { name: 'Save message language' }).click();
  await expect(page.getByText('Message language saved successfully!')).toBeVisible();
  await expectNoSeriousViolations(page, 'message language setting');
  await page.screenshot({ path: test.info().outputPath('admin-message-language.png'), fullPage: true });
  const settings = await page.request.get('/api/settings', { headers: { Authorization: `Bearer ${admin.token}` } });
  expect((await settings.json()).data.defaultLanguage).toBe('fr');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Default language for messages' })).toHaveText('Français');
});
