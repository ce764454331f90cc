import { expect, test } from '@playwright/test';
import { uniqueEmail } from './public-helpers';

test.describe('Public home page', () => {
  test('should show pricing and remember the A/B variants', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const pricing = page.getByRole('list', { name: 'Plans' });
    await expect(pricing.getByRole('button', { name: 'Start Free' })).toBeVisible();
    await expect(pricing.getByRole('button', { name: 'Upgrade to Essential' })).toBeVisible();
    await expect(pricing.getByText('Popular')).toBeVisible();
    const variants = await page.evaluate(() => localStorage.getItem('classlane.abVariants'));
    expect(variants).toMatch(/features_focused|use_cases_focused/);
    const events = await page.evaluate(() =>
      (window as unknown as { __classlaneAnalytics?: { name: string }[] }).__classlaneAnalytics?.map((e) => e.name),
    );
    expect(events).toContain('ab_assigned');
    await page.reload();
    expect(await page.evaluate(() => localStorage.getItem('classlane.abVariants'))).toBe(variants);
  });

  test('should validate and create an organization from the registration dialog', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('list', { name: 'Plans' }).getByRole('button', { name: 'Start Free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your admin account' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await dialog.getByLabel('First name').fill('Nora');
    await dialog.getByLabel('Last name').fill('Quinn');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill(uniqueEmail('e2e.owner'));
    await dialog.getByLabel('Password', { exact: true }).fill('abc');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Password must be at least 6 characters long')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('Secret123!');
    await dialog.getByLabel('Confirm password').fill('Secret123?');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('Passwords do not match')).toBeVisible();
    await dialog.getByLabel('Confirm password').fill('Secret123!');
    await dialog.getByRole('button', { name: 'Next' }).click();

    const step2 = page.getByRole('dialog', { name: 'Tell us about your organization' });
    await step2.getByRole('button', { name: 'Create Organization' }).click();
    await expect(step2.getByText('Organization name is required')).toBeVisible();
    await step2.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Create your admin account' }).getByLabel('First name')).toHaveValue('Nora');
    await page.getByRole('button', { name: 'Next' }).click();
    await step2.getByLabel('Organization name').fill(`E2E Studio ${Date.now()}`);
    await step2.getByRole('button', { name: 'Create Organization' }).click();

    await expect(page).toHaveURL(/\/admin/);
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('classlane.user') ?? 'null'));
    expect(user).toMatchObject({ role: 'admin', firstName: 'Nora' });
    expect(user.organizationId).toBeTruthy();
  });

  test('should reset the registration dialog when closed', async ({ page }) => {
    await page.goto('/use-cases/community-programs');
    await expect(page.getByText('$49 a month plus 2.9% processing, with a free 30-day trial').first()).toBeVisible();
    await page.getByRole('button', { name: 'Start Free' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create your admin account' });
    await dialog.getByLabel('First name').fill('Temp');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Start Free' }).first().click();
    await expect(page.getByRole('dialog', { name: 'Create your admin account' }).getByLabel('First name')).toHaveValue('');
  });

  test('should reject a wrong password on the sign-in page', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter both email and password')).toBeVisible();
    await page.getByLabel('Email').fill('admin@demo.classlane.test');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid credentials. Please try again.')).toBeVisible();
  });
});
