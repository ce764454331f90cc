import { expect, test } from '@playwright/test';
import { freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

/** Settings -> Terms: the opening's waiting room, switched on with its rate and length, as the server stores them. */
test("should switch the opening's waiting room on in Settings -> Terms with its rate and length, refusing a rate out of range", async ({
  page,
  request,
}, testInfo) => {
  // Its own organization: the demo organization keeps the waiting room off for every other spec.
  const org = await freshOrganization(request);
  const headers = { Authorization: `Bearer ${org.token}` };
  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin/);
  await page.goto('/admin/settings?tab=terms');
  await expect(page.getByRole('heading', { name: 'Waiting room', exact: true })).toBeVisible();
  const toggle = page.getByLabel('Waiting room at openings');
  await expect(toggle).not.toBeChecked();
  await expect(
    page.getByText(
      "At a class's registration opening, people take a place in line and are let in a few at a time, in the order they arrived.",
    ),
  ).toBeVisible();
  await toggle.check();
  const rate = page.getByLabel('People let in per minute');
  await rate.fill('20');
  await expect(page.getByText('Enter a whole number from 30 to 60000')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save waiting room' })).toBeDisabled();
  await rate.fill('600');
  await page.getByLabel('Minutes the waiting room stays on after the opening').fill('45');
  await page.getByRole('button', { name: 'Save waiting room' }).click();
  await expect(page.getByText('Waiting room saved')).toBeVisible();
  await screenshot(page.getByRole('heading', { name: 'Waiting room', exact: true }), {
    path: `/tmp/h24w-waiting-room-heading-${testInfo.project.name}.png`,
  });
  await screenshot(page, { path: `/tmp/h24w-settings-terms-waiting-room-${testInfo.project.name}.png`, fullPage: true });
  const saved = (await (await request.get('/api/settings', { headers })).json()).data;
  expect(saved).toMatchObject({ waitingRoom: true, waitingRoomAdmitPerMinute: 600, waitingRoomMinutes: 45 });
  // A reload shows what was stored.
  await page.reload();
  await expect(page.getByLabel('Waiting room at openings')).toBeChecked();
  await expect(page.getByLabel('People let in per minute')).toHaveValue('600');
});
