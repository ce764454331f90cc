import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

type Org = Awaited<ReturnType<typeof freshOrganization>>;

const post = async (request: APIRequestContext, org: Org, path: string, data: Record<string, unknown>) => {
  const res = await request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${org.token}` }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as { id: string };
};

/** A room's place on the screen: its row on a desktop's week table, its own section on a phone. */
const roomOf = (page: Page, phone: boolean, name: string) =>
  phone
    ? page.getByRole('region', { name })
    : page
        .getByRole('table')
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

// Issue 39 §2: the admin sees what each room holds, a week at a time, on a desktop (rooms by days) and on a phone (one
// room under the other); a cancelled session stays, marked; one location's rooms alone; no serious axe violation.
test('admin: the room week calendar shows each room’s sessions, by week and by location', async ({ page, request }, testInfo) => {
  const phone = testInfo.project.name === 'mobile';
  const org = await freshOrganization(request);
  const hall = await post(request, org, 'locations', { name: 'Main Hall' });
  const annex = await post(request, org, 'locations', { name: 'Annex' });
  const studio1 = await post(request, org, 'rooms', { locationId: hall.id, name: 'Studio 1', capacity: 12 });
  await post(request, org, 'rooms', { locationId: hall.id, name: 'Studio 2' });
  const annexRoom = await post(request, org, 'rooms', { locationId: annex.id, name: 'Annex room' });
  const maria = await post(request, org, 'instructors', { name: 'Maria Lopez' });
  // A week from now is always in next week; weekly, so the week after holds its second session.
  const base = { ...classPayload('x'), location: undefined, instructor: undefined };
  const pottery = await post(request, org, 'classes', {
    ...base,
    title: 'Wheel Pottery',
    roomId: studio1.id,
    instructorId: maria.id,
    days: 2,
    schedule: 'Weekly',
  });
  await post(request, org, 'classes', { ...base, title: 'Life Drawing', roomId: annexRoom.id, instructor: 'Sam Reed' });
  const sessions = await request.get(`/api/classes/${pottery.id}/sessions`, { headers: { Authorization: `Bearer ${org.token}` } });
  const second = ((await sessions.json()).data as { id: string }[])[1];
  const cancel = await request.post(`/api/class-sessions/${second.id}/cancel`, {
    headers: { Authorization: `Bearer ${org.token}` },
    data: { reason: 'Kiln repair', notify: false },
  });
  expect(cancel.ok(), await cancel.text()).toBeTruthy();

  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/room-calendar');
  await expect(page.getByRole('heading', { name: 'Room calendar', level: 1 })).toBeVisible();
  // This week: every room listed, none of these sessions yet.
  await expect(roomOf(page, phone, 'Studio 1')).toBeVisible();
  await expect(page.getByText('Wheel Pottery')).toHaveCount(0);

  await page.getByRole('button', { name: 'Next week' }).click();
  const studio = roomOf(page, phone, 'Studio 1');
  await expect(studio).toContainText('Wheel Pottery');
  await expect(studio).toContainText('0 / 10 enrolled · Maria Lopez');
  await expect(roomOf(page, phone, 'Annex room')).toContainText('Life Drawing');
  await expect(roomOf(page, phone, 'Studio 2')).not.toContainText('Wheel Pottery');
  if (phone) await expect(roomOf(page, phone, 'Studio 2')).toContainText('Free all week');
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await screenshot(page, { path: `.tmp/screenshots/room-calendar-${testInfo.project.name}.png`, fullPage: true });

  // The week after: the second session, cancelled, stays on the calendar and says so.
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(studio).toContainText('Wheel Pottery');
  await expect(studio.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByText('Life Drawing')).toHaveCount(0);

  // One location's rooms alone; "This week" comes back to today.
  await page.getByRole('button', { name: 'Previous week' }).click();
  await page.getByLabel('Location').click();
  await page.getByRole('option', { name: 'Annex' }).click();
  await expect(roomOf(page, phone, 'Annex room')).toContainText('Life Drawing');
  await expect(roomOf(page, phone, 'Studio 1')).toHaveCount(0);
  await page.getByRole('button', { name: 'This week' }).click();
  await expect(page.getByText('Life Drawing')).toHaveCount(0);

  // Settings › Places and instructors: the instructor pay CSV for last month (nothing held yet: the header and the total),
  // and the way to the room calendar.
  await page.goto('/admin/settings?tab=places');
  const pay = page.getByRole('region', { name: 'Instructor pay' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    pay.getByRole('button', { name: 'Download instructor pay (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^instructor-pay_\d{4}-\d\d-\d\d_\d{4}-\d\d-\d\d\.csv$/);
  const lines = fs
    .readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines).toEqual(['Instructor,Class,Date,Hours,Headcount,Flag,Pay', 'Total,,,,,,0.00']);
  await page.getByRole('link', { name: 'Room calendar' }).click();
  await expect(page.getByRole('heading', { name: 'Room calendar', level: 1 })).toBeVisible();
});
