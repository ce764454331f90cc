/**
 * The IT-admin portal in a real browser. Staff sign in (PLATFORM_ADMIN_PASSWORD of the e2e server seeds
 * the `itadmin` account at start), open an organization, simulate the payment reset, and delete a throw-away
 * organization through the typed-confirmation modal.
 */
import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { DEMO_ORG_ID, freshOrganization } from './admin-helpers';
import { screenshot } from './screenshots';

const STAFF = { username: 'itadmin', password: 'e2e-staff-password' };
const shots = path.resolve(__dirname, '..', '..', '.tmp', 'screens');

async function staffSignIn(page: Page) {
  await page.goto('/it-admin/login');
  await page.getByLabel('Username').fill(STAFF.username);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/it-admin\/dashboard$/);
}

async function searchOrganization(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Search organizations' }).fill(name);
  await expect(page.getByRole('table', { name: 'Organizations' }).getByRole('row').filter({ hasText: name })).toHaveCount(1);
}

test.describe('IT-admin portal', () => {
  test('staff sign in on their own session, with the restricted-access notice and the spec error', async ({ page }) => {
    await page.goto('/it-admin/dashboard');
    await expect(page).toHaveURL(/\/it-admin\/login$/);
    await expect(page.getByText('Restricted Access')).toBeVisible();
    await page.getByLabel('Username').fill(STAFF.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Login failed. Please check your credentials.')).toBeVisible();
    await screenshot(page, { path: path.join(shots, 'it-admin-login.png'), fullPage: true });

    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/it-admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Platform integrations' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Organizations' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Organizations' }).getByRole('button', { name: 'View Details' }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Audit log' }).getByText('auth.signin').first()).toBeVisible();
    // The staff session has its own key; no organization session was created.
    const storage = await page.evaluate(() => ({
      staff: localStorage.getItem('classlane.staff.token'),
      org: localStorage.getItem('classlane.token'),
    }));
    expect(storage.staff).toBeTruthy();
    expect(storage.org).toBeNull();
    await screenshot(page, { path: path.join(shots, 'it-admin-dashboard.png'), fullPage: true });

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/it-admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('classlane.staff.token'))).toBeNull();
  });

  test('the integration panel says when Stripe events are stuck (count and oldest) and shows 0 when none', async ({ page }) => {
    await staffSignIn(page);
    await expect(page.getByText('Stuck events', { exact: true })).toBeVisible();
    await expect(page.getByText(/Stripe events? still fails? after every retry/)).toHaveCount(0);

    // Events stuck on the server need a handler failing 25 times (backend/test/api/stripe-webhooks.e2e-spec.ts drives
    // that path); here the server's real reply is extended with two, to see what staff are shown.
    await page.route('**/api/admin/system-info', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.data.stripe.stuckEvents = {
        count: 2,
        oldest: {
          id: 'evt_1StuckOldest',
          type: 'charge.refunded',
          created: '2026-11-20T09:30:00.000Z',
          attempts: 25,
          error: 'Enrollment not found',
        },
      };
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: '2 Stripe events still fail after every retry' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('charge.refunded evt_1StuckOldest');
    await expect(alert).toContainText('25 attempts, last error: Enrollment not found');
    await screenshot(page, { path: path.join(shots, 'it-admin-stuck-events.png'), fullPage: true });
  });

  test('open an organization, see its payments and run the payment-reset simulation, which changes nothing', async ({ page, request }) => {
    const signin = await request.post('/api/admin/auth/signin', { data: STAFF });
    const staffAuth = { Authorization: `Bearer ${(await signin.json()).data.token}` };
    const before = await (await request.get(`/api/admin/organizations/${DEMO_ORG_ID}/student-payments`, { headers: staffAuth })).json();

    await staffSignIn(page);
    const demo = (await (await request.get(`/api/admin/organizations/${DEMO_ORG_ID}`, { headers: staffAuth })).json()).data as {
      name: string;
    };
    await searchOrganization(page, demo.name);
    await page
      .getByRole('table', { name: 'Organizations' })
      .getByRole('row')
      .filter({ hasText: demo.name })
      .getByRole('button', { name: 'View Details' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/it-admin/organizations/${DEMO_ORG_ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: demo.name })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Overview' })).toBeVisible();
    await screenshot(page, { path: path.join(shots, 'it-admin-organization-overview.png'), fullPage: true });

    await page.getByRole('tab', { name: /Student Payments/ }).click();
    if (before.data.length) await expect(page.getByRole('table', { name: 'Student payments' })).toBeVisible();
    else await expect(page.getByText('No payments recorded for this organization.')).toBeVisible();

    await expect(page.getByRole('button', { name: 'Reset Student Payments' })).toBeDisabled();
    await page.getByRole('button', { name: 'Run Simulation (Dry Run)' }).click();
    const result = page.getByRole('region', { name: 'Simulation result' });
    await expect(
      result.getByText(/^Simulation: \d+ payment\(s\) would be reset, \d+ card payment\(s\) skipped\. Nothing was changed\.$/),
    ).toBeVisible();
    await expect(result.getByText(/^Would be reset \(\d+\)$/)).toBeVisible();
    await expect(result.getByText(/^Skipped \(\d+\)$/)).toBeVisible();
    await screenshot(page, { path: path.join(shots, 'it-admin-payment-simulation.png'), fullPage: true });

    const after = await (await request.get(`/api/admin/organizations/${DEMO_ORG_ID}/student-payments`, { headers: staffAuth })).json();
    expect(after.data).toEqual(before.data);
    await expect(
      page.getByRole('table', { name: 'Audit log' }).getByText('organization.student_payments.reset_dry_run').first(),
    ).toBeVisible();
  });

  test('a bulk delete needs two prompts and DELETE typed exactly; a mismatch cancels', async ({ page, request }) => {
    const org = await freshOrganization(request);
    await staffSignIn(page);
    await page.goto(`/it-admin/organizations/${org.organizationId}`);
    await page.getByRole('button', { name: 'Delete All Activity Events' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete All Activity Events' });
    await dialog.getByRole('button', { name: 'Yes, continue' }).click();
    await dialog.getByRole('button', { name: 'Yes, I am sure' }).click();
    await dialog.getByLabel('Type DELETE to confirm').fill('delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Confirmation failed. Action cancelled.' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await screenshot(page, { path: path.join(shots, 'it-admin-bulk-mismatch.png'), fullPage: true });
  });

  test("set an organization's outbound limits: a figure out of range is refused, empty returns to the default", async ({
    page,
    request,
  }) => {
    const org = await freshOrganization(request);
    await staffSignIn(page);
    await page.goto(`/it-admin/organizations/${org.organizationId}`);
    const panel = page.getByRole('region', { name: 'Outbound limits' });
    const messages = panel.getByLabel('Messages per minute');
    await expect(panel.getByText(/^0 of \d+ used this minute · empty: the default \(\d+\)$/).first()).toBeVisible();
    await messages.fill('0');
    await panel.getByRole('button', { name: 'Save limits' }).click();
    await expect(panel.getByRole('alert')).toContainText('messages_per_minute must be a whole number from 1 to 1,000,000 per minute');
    await messages.fill('250');
    await panel.getByRole('button', { name: 'Save limits' }).click();
    await expect(panel.getByRole('alert')).toContainText('may now send 250 messages');
    await expect(panel.getByText(/^0 of 250 used this minute/)).toBeVisible();
    await screenshot(page, { path: path.join(shots, 'it-admin-outbound-limits.png'), fullPage: true });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Outbound limits' }).getByLabel('Messages per minute')).toHaveValue('250');
    await page.getByRole('region', { name: 'Outbound limits' }).getByLabel('Messages per minute').fill('');
    await page.getByRole('region', { name: 'Outbound limits' }).getByRole('button', { name: 'Save limits' }).click();
    await expect(page.getByRole('region', { name: 'Outbound limits' }).getByText(/^0 of 2000 used this minute/)).toBeVisible();
  });

  test('delete a throw-away organization through the typed-confirmation modal', async ({ page, request }) => {
    const org = await freshOrganization(request);
    await staffSignIn(page);
    // The throw-away organization's name, as the portal shows it.
    await page.goto(`/it-admin/organizations/${org.organizationId}`);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
    expect(title).toMatch(/^E2E Limit Studio /);
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await searchOrganization(page, title);
    await page
      .getByRole('table', { name: 'Organizations' })
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Delete Organization' })
      .click();
    const modal = page.getByRole('dialog', { name: 'Delete Organization' });
    const confirm = modal.getByRole('button', { name: 'Delete Organization' });
    await modal.getByLabel('Type DELETE_ORGANIZATION to confirm').fill('DELETE');
    await expect(confirm).toBeDisabled();
    await modal.getByLabel('Type DELETE_ORGANIZATION to confirm').fill('DELETE_ORGANIZATION');
    await screenshot(page, { path: path.join(shots, 'it-admin-delete-modal.png'), fullPage: true });
    await confirm.click();
    await expect(modal).toBeHidden();
    await expect(page.getByText(`${title} was deleted.`)).toBeVisible();
    await expect(page.getByText('No organization matches this search.')).toBeVisible();
    // Its admin's session is over: the organization and its users are gone.
    expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${org.token}` } })).status()).toBe(401);
  });
});
