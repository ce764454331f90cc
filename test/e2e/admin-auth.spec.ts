import { expect, test } from '@playwright/test';
import { ADMIN, signInUi } from './admin-helpers';

test.describe('admin-ui sign-in', () => {
  test('should send a signed-out visitor to the login page', async ({ page }) => {
    await page.goto('/admin/classes');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('should show the login messages', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter both email and password')).toBeVisible();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid credentials. Please try again.')).toBeVisible();
  });

  test('should return to the page asked for, share the token and log out', async ({ page }) => {
    await page.goto('/admin/students');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/students$/);
    await expect(page.getByRole('heading', { name: 'Manage Students' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('classlane.token'))).toBeTruthy();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('classlane.user'))) ?? '{}').role).toBe('admin');

    const menu = page.getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('classlane.token'))).toBeNull();
  });

  test('should send a user with a revoked token back to the login page', async ({ page }) => {
    await signInUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.evaluate(() => localStorage.setItem('classlane.token', 'revoked-or-expired'));
    await page.goto('/admin/classes');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('classlane.user'))).toBeNull();
  });

  test('should let an admin into teacher mode', async ({ page }) => {
    await signInUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('link', { name: 'Open Teachers Mode' }).click();
    await expect(page).toHaveURL(/\/teacher$/);
    await expect(page.getByRole('heading', { name: 'Teacher Dashboard' })).toBeVisible();
  });
});
