import { expect, test } from '@playwright/test';
import { ADMIN, signInUi } from './admin-helpers';

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the team journey adds nothing on the phone project');
});

test('admin: should invite a teacher who can sign in, then remove them', async ({ page, browser }) => {
  await signInUi(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/team');
  await expect(page.getByRole('heading', { name: /^Administrators/ })).toBeVisible();

  const email = `e2e.teacher.${Date.now()}@example.com`;
  await page.getByRole('button', { name: 'Invite Teacher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Teacher' });
  await dialog.getByLabel('First name').fill('Jamie');
  await dialog.getByLabel('Last name').fill('Invited');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByLabel('Temporary password').fill('TempPass123!');
  await dialog.getByRole('button', { name: 'Add to Team' }).click();
  await expect(page.getByText('Jamie Invited can now sign in as a teacher.', { exact: false })).toBeVisible();

  // The new teacher signs in with the temporary password and lands in teacher mode.
  const other = await browser.newContext();
  const teacherPage = await other.newPage();
  await signInUi(teacherPage, email, 'TempPass123!');
  await expect(teacherPage).toHaveURL(/\/teacher$/);
  await other.close();

  await page.getByRole('button', { name: 'Remove Jamie Invited' }).click();
  await page.getByRole('dialog', { name: 'Remove teacher' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Jamie Invited was removed from the team.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove Jamie Invited' })).toHaveCount(0);
});
