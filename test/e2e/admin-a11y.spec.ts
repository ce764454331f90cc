import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN, TEACHER, signInUi } from './admin-helpers';

/**
 * axe-core on the admin app and teacher mode: no serious or critical WCAG 2.1 AA violations. The branding
 * tab's live preview is left out: it shows the organization's own colours, which the form warns about.
 */
async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[aria-label="Live preview"]')
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function scan(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, path);
}

test('admin screens should have no serious accessibility violations', async ({ page }) => {
  // Fourteen screens, each loaded and scanned: 33 s beside other tests on two loaded cores, past the 60 s default once
  // the load doubled (the phone and desktop projects run side by side in `npm test`).
  test.setTimeout(120_000);
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  for (const path of [
    '/admin',
    '/admin/classes',
    '/admin/students',
    '/admin/settings',
    '/admin/settings?tab=branding',
    '/admin/settings?tab=payments',
    '/admin/settings?tab=system',
    '/admin/team',
    '/admin/subscription',
    '/admin/subscription?tab=plans',
    '/admin/subscription?tab=billing',
    '/admin/subscription-test',
    '/admin/communications',
    '/admin/reports',
  ]) {
    await scan(page, path);
  }
});

test('the General and Policies settings tabs should have no serious accessibility violations', async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin/);
  for (const path of ['/admin/settings?tab=general', '/admin/settings?tab=policies']) await scan(page, path);
  // The refund preview's table and the tier fields, once a tier is there.
  await page.getByRole('button', { name: 'Add tier' }).click();
  await page.getByRole('group', { name: 'Tier 1' }).getByLabel('Deadline days').fill('7');
  await page.getByRole('group', { name: 'Tier 1' }).getByLabel('Refund percentage').fill('100');
  await expect(page.getByRole('table', { name: 'Refund preview' })).toBeVisible();
  await expectNoSeriousViolations(page, 'policies with a tier');
});

test('teacher screens should have no serious accessibility violations', async ({ page }) => {
  await signInUi(page, TEACHER.email, TEACHER.password);
  await expect(page).toHaveURL(/\/teacher/);
  for (const path of ['/teacher', '/teacher/upcoming']) await scan(page, path);
  await page.getByRole('link', { name: 'Manage Class' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Class Management - / })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, 'class management');
});
