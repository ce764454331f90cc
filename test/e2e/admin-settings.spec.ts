import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

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

  await page.getByRole('tab', { name: 'Payment Setup' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Setup', level: 2 })).toBeVisible();
});

/** The settings the server applies, edited on the Policies tab, with the refund preview. */
test('admin: should edit the cancellation tiers with a live refund preview, reminders and discounts', async ({ page, request }) => {
  const org = await freshOrganization(request);
  const settings = async () =>
    (await (await request.get('/api/settings', { headers: { Authorization: `Bearer ${org.token}` } })).json()).data;
  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/settings?tab=policies');
  await expect(page.getByRole('tab', { name: 'Policies', selected: true })).toBeVisible();

  const card = page.getByRole('region', { name: 'Cancellation and refunds' });
  const preview = card.getByRole('table', { name: 'Refund preview' });
  const row = (days: string) => preview.getByRole('row', { name: new RegExp(`^${days} before`) });
  // No tiers yet: no policy, the whole payment is offered.
  await expect(row('14 days')).toContainText('$100.00');
  await expect(row('1 day')).toContainText('No policy');

  await card.getByRole('button', { name: 'Add tier' }).click();
  await card.getByRole('group', { name: 'Tier 1' }).getByLabel('Deadline days').fill('7');
  await card.getByRole('group', { name: 'Tier 1' }).getByLabel('Refund percentage').fill('100');
  await card.getByRole('button', { name: 'Add tier' }).click();
  await card.getByRole('group', { name: 'Tier 2' }).getByLabel('Deadline days').fill('2');
  await card.getByRole('group', { name: 'Tier 2' }).getByLabel('Refund percentage').fill('50');
  // The preview follows the edit before anything is saved.
  await expect(row('14 days')).toContainText('$100.00100% (cancelled at least 7 days before)');
  await expect(row('7 days')).toContainText('$100.00');
  await expect(row('3 days')).toContainText('$50.0050% (cancelled at least 2 days before)');
  await expect(row('1 day')).toContainText('$0.00No refund (less than 2 days before)');
  await card.getByLabel('Example price').fill('80');
  await expect(row('3 days')).toContainText('$40.00');

  // Tiers the server would refuse: said at once, in the server's words.
  await card.getByRole('group', { name: 'Tier 1' }).getByLabel('Refund percentage').fill('40');
  await expect(
    card.getByText('Cancelling earlier must not give back less: 7 days before refunds 40%, but 2 days before refunds 50%'),
  ).toBeVisible();
  await card.getByRole('group', { name: 'Tier 1' }).getByLabel('Refund percentage').fill('101');
  await expect(card.getByText('Refund percentage must be a whole number from 0 to 100')).toBeVisible();
  await expect(card.getByText('Fix the tiers above to see the preview.')).toBeVisible();
  await card.getByRole('group', { name: 'Tier 1' }).getByLabel('Refund percentage').fill('100');
  await screenshot(page, { path: '/tmp/h20-settings-policies-desktop.png', fullPage: true });
  await card.getByRole('button', { name: 'Save cancellation policy' }).click();
  await expect(card.getByText('Cancellation policy saved successfully!')).toBeVisible();
  await expect(
    card.getByText('Saved policy: cancelling at least 7 days before the class refunds 100% (the first of 2 tiers).'),
  ).toBeVisible();
  expect((await settings()).cancellationPolicies).toEqual([
    { daysBeforeClass: 7, refundPercentage: 100 },
    { daysBeforeClass: 2, refundPercentage: 50 },
  ]);

  const reminders = page.getByRole('region', { name: 'Class reminders' });
  await reminders.getByLabel('Reminder time (hours before each session)').fill('24');
  await expect(
    reminders.getByText('For a session on Saturday at 10:00 AM, the reminder is due Friday at 10:00 AM the day before.'),
  ).toBeVisible();
  await reminders.getByLabel('Text message (SMS) reminders, to students who opted in').check();
  await reminders.getByRole('button', { name: 'Save reminder settings' }).click();
  await expect(reminders.getByText('Reminder settings saved successfully!')).toBeVisible();
  expect((await settings()).notifications).toEqual({ reminderHours: 24, emailEnabled: true, smsEnabled: true });

  const discounts = page.getByRole('region', { name: 'Listed discounts' });
  await expect(discounts.getByText(/Prices do not use these percentages/)).toBeVisible();
  await expect(discounts.getByRole('link', { name: 'Open Discounts' })).toHaveAttribute('href', '/admin/settings?tab=discounts');
  await discounts.getByLabel('Senior', { exact: true }).fill('150');
  await expect(discounts.getByText('Enter a whole percentage from 0 to 100, or leave it empty for none')).toBeVisible();
  await expect(discounts.getByRole('button', { name: 'Save discounts' })).toBeDisabled();
  await discounts.getByLabel('Senior', { exact: true }).fill('15');
  await discounts.getByLabel('Early bird', { exact: true }).fill('10');
  await discounts.getByRole('button', { name: 'Save discounts' }).click();
  await expect(discounts.getByText('Discounts saved successfully!')).toBeVisible();
  expect((await settings()).derived.discounts).toEqual({ earlyBird: 10, senior: 15, returning: null });
  await screenshot(page, { path: '/tmp/h20-settings-policies-saved.png', fullPage: true });

  // The same tab on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Refund preview' })).toBeVisible();
  await screenshot(page, { path: '/tmp/h20-settings-policies-phone.png', fullPage: true });
  await screenshot(page.getByRole('region', { name: 'Cancellation and refunds' }), { path: '/tmp/h20-settings-policies-phone-card.png' });
  await screenshot(page.getByRole('region', { name: 'Discounts' }), { path: '/tmp/h20-settings-discounts-phone.png' });
});

test("admin: should download the organization's export ZIP from the General tab", async ({ page }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/settings?tab=general');
  const card = page.getByRole('region', { name: "Your organization's data" });
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, { path: '/tmp/h20-settings-general-export.png', fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download export (ZIP)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^classlane-export_\d{4}-\d\d-\d\d\.zip$/);
  const zip = fs.readFileSync(await download.path());
  expect(zip.subarray(0, 4).toString('binary')).toBe('PK\u0003\u0004');
  // The central directory names every entry.
  for (const name of ['classes.csv', 'students.csv', 'payments.csv', 'organization.json'])
    expect(zip.includes(Buffer.from(name))).toBe(true);
});
