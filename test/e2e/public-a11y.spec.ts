import { expect, test } from '@playwright/test';
import { DEMO_ORG_ID, DEMO_ORG_NAME } from './public-helpers';
import { expectNoSeriousViolations } from './axe-helpers';

const PAGES = [
  '/',
  `/org/${DEMO_ORG_ID}`,
  '/terms',
  '/privacy',
  '/teacher-terms',
  '/teacher-privacy',
  '/about-us',
  `/about-us?organizationId=${DEMO_ORG_ID}`,
  '/contact-us',
  `/contact-us?organizationId=${DEMO_ORG_ID}`,
  '/signin',
  '/reset-password?token=x',
  '/use-cases/education-training',
  '/use-cases/community-programs',
  '/senior-centers',
  '/pricing',
  '/help',
  '/accessibility',
];

test.describe('Public accessibility (axe)', () => {
  for (const path of PAGES) {
    test(`should have no serious violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoSeriousViolations(page, path);
    });
  }

  test('should have no serious violations on class, calendar, registration and dialogs', async ({ page }) => {
    await page.goto(`/org/${DEMO_ORG_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO_ORG_NAME}` })).toBeVisible();
    await page.getByRole('button', { name: 'Calendar' }).click();
    await expectNoSeriousViolations(page, 'calendar');
    await page.getByRole('button', { name: 'Grid' }).click();
    await page.getByRole('list', { name: 'Classes' }).getByRole('link', { name: 'Watercolor Basics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Watercolor Basics' })).toBeVisible();
    await expectNoSeriousViolations(page, 'class');
    await page.getByRole('link', { name: 'Register Now' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Register for Class' })).toBeVisible();
    await expectNoSeriousViolations(page, 'register');
    await page.goto('/');
    await page.getByRole('list', { name: 'Plans' }).getByRole('button', { name: 'Start Free' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'registration dialog');
  });

  test('should be usable with the keyboard', async ({ page }) => {
    await page.goto(`/org/${DEMO_ORG_ID}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    // tab to the first class link and open it with Enter
    const firstClass = page.getByRole('list', { name: 'Classes' }).getByRole('link').first();
    for (let i = 0; i < 10 && !(await firstClass.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(firstClass).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/class\//);
  });
});
