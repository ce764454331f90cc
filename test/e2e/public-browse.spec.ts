import { expect, test } from '@playwright/test';
import { DEMO_ORG_ID, DEMO_ORG_NAME } from './public-helpers';

function monthLabel(offset: number): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + offset, 1).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

test.describe('Public class browser', () => {
  test('should list the organization classes without archived ones', async ({ page }) => {
    await page.goto(`/org/${DEMO_ORG_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: `Welcome to ${DEMO_ORG_NAME}` })).toBeVisible();
    await expect(page).toHaveTitle(DEMO_ORG_NAME);
    const list = page.getByRole('list', { name: 'Classes' });
    await expect(list.getByRole('link', { name: 'Watercolor Basics' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Digital Photography Weekend' })).toBeVisible();
    await expect(list.getByRole('link', { name: /Calligraphy Workshop/ })).toHaveCount(0);
  });

  test('should navigate the calendar by month', async ({ page }) => {
    await page.goto(`/org/${DEMO_ORG_ID}`);
    await page.getByRole('button', { name: 'Calendar' }).click();
    await expect(page.getByRole('button', { name: 'Calendar' })).toHaveAttribute('aria-pressed', 'true');
    const month = page.locator('#calendar-month');
    await expect(month).toHaveText(monthLabel(0));
    await expect(page.getByRole('heading', { name: 'Classes this month' })).toBeVisible();
    await page.getByRole('button', { name: /Next month/ }).click();
    await expect(month).toHaveText(monthLabel(1));
    await page.getByRole('button', { name: /Previous month/ }).click();
    await page.getByRole('button', { name: /Previous month/ }).click();
    await expect(month).toHaveText(monthLabel(-1));
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(month).toHaveText(monthLabel(0));
    // Watercolor Basics starts today: it is in this month's legend and on today's calendar entry
    await expect(page.getByRole('link', { name: 'Watercolor Basics' }).first()).toBeVisible();
  });

  test('should show the no-organization state and redirect /org', async ({ page }) => {
    await page.goto(`/org?organizationId=${DEMO_ORG_ID}`);
    await expect(page).toHaveURL(new RegExp(`/org/${DEMO_ORG_ID}$`));
    await page.goto('/org');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/org/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'No Organization Selected' })).toBeVisible();
    await expect(page.getByText('Please use a valid organization link to view classes.')).toBeVisible();
  });

  test('should redirect unknown paths home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Admin share panel on public pages', () => {
  test('should show the share panel with a downloadable QR code to the organization admin', async ({ page }) => {
    await page.goto('/signin');
    await page.getByLabel('Email').fill('admin@demo.classlane.test');
    await page.getByLabel('Password').fill('Demo123!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin/);

    await page.goto(`/org/${DEMO_ORG_ID}`);
    const panel = page.getByRole('region', { name: 'Share your class page' });
    await expect(panel).toBeVisible();
    await expect(panel.getByLabel('Public link')).toHaveValue(new RegExp(`/org/${DEMO_ORG_ID}$`));
    await panel.getByRole('button', { name: 'Show QR Code' }).click();
    await expect(panel.getByRole('img', { name: /QR code/ })).toHaveAttribute('width', '200');
    await expect(panel.getByRole('link', { name: 'Download QR Code' })).toHaveAttribute('download', /\.png$/);

    await page.getByRole('button', { name: 'Student View' }).click();
    await expect(panel).toBeHidden();
    await page.getByRole('button', { name: 'Admin View' }).click();
    await expect(page.getByRole('region', { name: 'Share your class page' })).toBeVisible();

    await page.getByRole('list', { name: 'Classes' }).getByRole('link', { name: 'Watercolor Basics' }).click();
    const classPanel = page.getByRole('region', { name: 'Share this class' });
    await expect(classPanel).toBeVisible();
    await classPanel.getByRole('button', { name: 'Show QR Code' }).click();
    await expect(classPanel.getByRole('link', { name: 'Download QR Code' })).toHaveAttribute('download', 'watercolor-basics-qr.png');
  });
});
