import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the go/no-go screens are checked on the desktop project');
});

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const shot = (page: Page, name: string) => screenshot(page, { path: `.tmp/go-no-go-${name}.png`, fullPage: true });

/** The go/no-go in the admin: set a class's minimum, see it at risk on the dashboard, open it from there. */
test('admin: set a minimum on a class and see it at risk on the dashboard', async ({ page, request }) => {
  const org = await freshOrganization(request);
  const title = `E2E Thin Class ${Date.now()}`;
  // Starts in 3 days: with a 48-hour decision, the go/no-go is within 7 days.
  const created = await request.post('/api/classes', {
    headers: { Authorization: `Bearer ${org.token}` },
    data: { ...classPayload(title), startDate: new Date(Date.now() + 3 * 86_400_000).toISOString() },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const classId = (await created.json()).data.id as string;

  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Classes at risk' })).toHaveCount(0);

  // The panel opens from a link (?classId=), then Edit: the 'Minimum enrolment' group on Class Information.
  await page.goto(`/admin/classes?classId=${classId}`);
  const details = page.getByRole('region', { name: 'Class details' });
  await expect(details.getByRole('heading', { name: title })).toBeVisible();
  await expect(details.getByText('Minimum enrolment:')).toHaveCount(0);
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Class' });
  await edit.getByRole('tab', { name: 'Class Information' }).click();
  await expect(edit.getByText('Minimum enrolment', { exact: true })).toBeVisible();
  await edit.getByLabel('Minimum students').fill('11');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByText('Minimum enrolment (11) cannot be more than max students (10)')).toBeVisible();
  await edit.getByLabel('Minimum students').fill('3');
  await expect(edit.getByLabel('Decide this many hours before the start')).toHaveValue('48');
  await edit.getByLabel(/Cancel automatically below the minimum/).check();
  await shot(page, 'form');
  await expectNoSeriousViolations(page, 'class form');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Class updated successfully!')).toBeVisible();
  const minimum = details.getByRole('region', { name: 'Minimum enrolment' });
  await expect(minimum.getByText('Minimum enrolment: 3 students')).toBeVisible();
  await expect(minimum.getByText('Go/no-go: Pending')).toBeVisible();
  await expect(minimum.getByText(/48 hours before the start\): cancelled and refunded automatically if fewer than 3/)).toBeVisible();
  await shot(page, 'panel');
  await expectNoSeriousViolations(page, 'class panel');

  // The server kept it.
  const saved = await request.get(`/api/classes/${classId}`, { headers: { Authorization: `Bearer ${org.token}` } });
  expect((await saved.json()).data).toMatchObject({
    minEnrollment: 3,
    decisionHoursBefore: 48,
    autoCancelBelowMinimum: true,
    goNoGo: 'pending',
  });

  // The dashboard lists it at risk and links to it.
  await page.goto('/admin');
  const risk = page.getByRole('region', { name: 'Classes at risk' });
  await expect(risk).toBeVisible();
  await expect(risk.getByText(/0 of 3 students · decision/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shot(page, 'dashboard');
  await expectNoSeriousViolations(page, 'dashboard');
  await risk.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/classes\\?classId=${classId}`));
  await expect(page.getByRole('region', { name: 'Class details' }).getByRole('heading', { name: title })).toBeVisible();

  // The organization's 'Your class is on' switch (General settings).
  await page.goto('/admin/settings?tab=general');
  const on = page.getByLabel("Email students 'Your class is on' when their class is confirmed");
  await expect(on).not.toBeChecked();
  await on.check();
  await expect(page.getByText("'Your class is on' messages are on.")).toBeVisible();
  await shot(page, 'settings');
  await expectNoSeriousViolations(page, 'settings general');
  const orgRes = await request.get(`/api/organizations/${org.organizationId}`, { headers: { Authorization: `Bearer ${org.token}` } });
  expect((await orgRes.json()).data.settings.classConfirmedMessages).toBe(true);
});
