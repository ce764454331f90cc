import { expect, test } from '@playwright/test';
import { ADMIN, classPayload, freshOrganization, localDateTime, signInUi } from './admin-helpers';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the class journey adds nothing on the phone project');
});

test.describe('admin: classes', () => {
  test('should sign in, see the dashboard, then create, edit, clone and delete a class', async ({ page }) => {
    await signInUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'System Overview' })).toBeVisible();
    await expect(page.getByText('Admin Mode').first()).toBeVisible();
    await expect(page.getByText(/^Welcome /).first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Classes' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Classes' })).toBeVisible();

    // Validation messages of the form
    await page.getByRole('button', { name: 'Create New Class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Class' });
    await dialog.getByLabel('Days (sessions)').fill('0');
    await dialog.getByLabel('Duration (minutes)').fill('10');
    await dialog.getByLabel('Max students').fill('0');
    await dialog.getByRole('button', { name: 'Create Class' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Days must be at least 1')).toBeVisible();
    await expect(dialog.getByText('Duration must be at least 15 minutes')).toBeVisible();
    await expect(dialog.getByText('Max students must be at least 1')).toBeVisible();

    // Create
    const title = `E2E Watercolor ${Date.now()}`;
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('Loose landscapes in watercolor.');
    await dialog.getByLabel('Instructor').fill('Dana Brush');
    await dialog.getByLabel('Location').fill('Room 4');
    await dialog.getByLabel('Start date and time').fill(localDateTime(10));
    await dialog.getByLabel('Days (sessions)').fill('2');
    await dialog.getByLabel('Duration (minutes)').fill('90');
    await dialog.getByLabel('Max students').fill('12');
    await dialog.getByRole('spinbutton', { name: 'Price ($)', exact: true }).fill('45');
    await dialog.getByRole('tab', { name: 'Class Information' }).click();
    await dialog.getByLabel('Materials to bring').fill('Brushes\nPaper');
    await dialog.getByRole('button', { name: 'Create Class' }).click();
    await expect(page.getByText('Class created successfully!')).toBeVisible();
    const details = page.getByRole('region', { name: 'Class details' });
    await expect(details.getByRole('heading', { name: title })).toBeVisible();
    await expect(details.getByText('Dana Brush')).toBeVisible();

    // Edit
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Class' });
    await expect(edit.getByLabel('Title')).toHaveValue(title);
    await edit.getByLabel('Title').fill(`${title} Edited`);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Class updated successfully!')).toBeVisible();
    await expect(details.getByRole('heading', { name: `${title} Edited` })).toBeVisible();

    // Clone: default title, date rules
    await details.getByRole('button', { name: 'Clone' }).click();
    const clone = page.getByRole('dialog', { name: 'Clone Class' });
    await expect(clone.getByLabel('Title')).toHaveValue(`${title} Edited (Copy)`);
    await clone.getByLabel('Start date and time').fill(localDateTime(-3));
    await clone.getByRole('button', { name: 'Clone Class' }).click();
    await expect(clone.getByText('Start date cannot be in the past')).toBeVisible();
    await clone.getByLabel('Start date and time').fill(localDateTime(30));
    await clone.getByRole('button', { name: 'Clone Class' }).click();
    await expect(page.getByText('Class cloned successfully!')).toBeVisible();
    await expect(details.getByRole('heading', { name: `${title} Edited (Copy)` })).toBeVisible();

    // Delete the copy, then the original
    for (const name of [`${title} Edited (Copy)`, `${title} Edited`]) {
      await page.getByLabel('Search classes').fill(name);
      await page.getByRole('button', { name: `View ${name}`, exact: true }).click();
      await details.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete class' });
      await expect(confirm.getByText('Are you sure you want to delete this class? This action cannot be undone.')).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('Class deleted successfully!')).toBeVisible();
      await expect(page.getByRole('button', { name: `View ${name}`, exact: true })).toHaveCount(0);
    }
  });

  test('should enforce the Free plan class limit', async ({ page, request }) => {
    const org = await freshOrganization(request);
    for (const t of ['Limit One', 'Limit Two']) {
      const res = await request.post('/api/classes', { headers: { Authorization: `Bearer ${org.token}` }, data: classPayload(t) });
      expect(res.ok(), await res.text()).toBeTruthy();
    }
    // The server refuses a third active class with a 'limit reached' message.
    const third = await request.post('/api/classes', {
      headers: { Authorization: `Bearer ${org.token}` },
      data: classPayload('Limit Three'),
    });
    expect(third.status()).toBe(403);
    expect((await third.json()).error).toMatch(/limit reached/i);

    await signInUi(page, org.email, org.password);
    await expect(page).toHaveURL(/\/admin$/);
    // Spec 3 §4: the Free plan banner reads 'Free Plan' with Upgrade Plan.
    const banner = page.getByRole('alert', { name: 'Subscription status' });
    await expect(banner.getByText('Free Plan', { exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/admin/subscription?tab=plans');
    await page.goto('/admin/classes');
    await expect(page.getByText('Limit reached', { exact: true })).toBeVisible();
    await expect(page.getByText(/Class limit reached\. .* allows up to 2 classes\. You currently have 2 classes\./)).toBeVisible();

    await page.getByRole('button', { name: 'Create New Class' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Class' });
    await expect(dialog.getByText(/Cannot activate class - limit reached \(2\/2 active classes\)/)).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Status' }).click();
    await expect(page.getByRole('option', { name: /Active — Requires upgrade/ })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Title').fill('Limit Archived');
    await dialog.getByLabel('Description').fill('Saved while the plan is full.');
    await dialog.getByLabel('Instructor').fill('Lee');
    await dialog.getByLabel('Location').fill('Hall');
    await dialog.getByRole('button', { name: 'Create Class' }).click();
    await expect(page.getByText('Class created successfully!')).toBeVisible();
    const details = page.getByRole('region', { name: 'Class details' });
    // Spec 3 §4: an Archived class is shown as Disabled.
    await expect(details.getByText('Disabled', { exact: true })).toBeVisible();

    // Clone while limited: forced to Archived, selector disabled
    await page.getByRole('button', { name: 'View Limit One', exact: true }).click();
    await details.getByRole('button', { name: 'Clone' }).click();
    const clone = page.getByRole('dialog', { name: 'Clone Class' });
    await expect(clone.getByRole('combobox', { name: 'Status' })).toHaveAttribute('aria-disabled', 'true');
    await clone.getByLabel('Start date and time').fill(localDateTime(20));
    await clone.getByRole('button', { name: 'Clone Class' }).click();
    await expect(page.getByText('Class cloned successfully!')).toBeVisible();
    // The server's forced-by-limit warning is shown too (8 s, spec 3 §8).
    await expect(page.getByText(/the copy was (created|saved) as/i)).toBeVisible();

    // Activating an archived class is refused: the option needs an upgrade.
    await details.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Class' });
    await expect(edit.getByText(/Cannot activate class - limit reached/)).toBeVisible();
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // The Free plan has no custom branding: ?tab=branding falls back to the profile with an upsell.
    await page.goto('/admin/settings?tab=branding');
    await expect(page.getByRole('tab', { name: 'Admin Profile', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Site Branding' })).toHaveCount(0);
    await expect(page.getByText('is available from the Essential plan.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade to Essential' })).toBeVisible();
  });

  test('should say the limits cannot be checked when the plan check fails', async ({ page }) => {
    // Spec 3 §8: 'Unable to check class limits' / 'Unable to check student limits' when data is missing.
    await page.route('**/api/organizations/*/subscription-validation', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, data: null, error: 'Internal error' }),
      }),
    );
    await signInUi(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto('/admin/classes');
    await expect(page.getByText('Unable to check class limits', { exact: true })).toBeVisible();
    await expect(page.getByText('Unlimited plan')).toHaveCount(0);
    await page.goto('/admin/students');
    await expect(page.getByText('Unable to check student limits', { exact: true })).toBeVisible();
  });
});
