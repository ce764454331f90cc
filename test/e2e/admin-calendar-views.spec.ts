import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

type Org = Awaited<ReturnType<typeof freshOrganization>>;

const post = async (request: APIRequestContext, org: Org, path: string, data: Record<string, unknown>) => {
  const res = await request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${org.token}` }, data });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as { id: string };
};

/** Day `day` of next month at 15:00 UTC (the morning in the organization's American zone, the same date). */
function nextMonth(day: number): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, day, 15)).toISOString();
}

// Issue 39 §2: the admin calendar a month at a time and by instructor (a session with no room included), on a desktop
// (a month grid) and on a phone (the booked days one under the other); no serious axe violation.
test('admin: the calendar by month and by instructor', async ({ page, request }, testInfo) => {
  const org = await freshOrganization(request);
  const hall = await post(request, org, 'locations', { name: 'Main Hall' });
  const studio = await post(request, org, 'rooms', { locationId: hall.id, name: 'Studio 1' });
  const maria = await post(request, org, 'instructors', { name: 'Maria Lopez' });
  const tess = await post(request, org, 'instructors', { name: 'Tess Teacher' });
  const base = { ...classPayload('x'), location: undefined, instructor: undefined };
  await post(request, org, 'classes', {
    ...base,
    title: 'Wheel Pottery',
    roomId: studio.id,
    instructorId: maria.id,
    startDate: nextMonth(10),
    days: 2,
    schedule: 'Weekly',
  });
  await post(request, org, 'classes', {
    ...base,
    title: 'Park Yoga',
    location: 'The park',
    instructorId: tess.id,
    startDate: nextMonth(12),
  });

  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/room-calendar');
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await page.getByRole('button', { name: 'Next month' }).click();
  const label = new Date(nextMonth(1)).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });
  await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  // By room: the two Pottery sessions in Studio 1; Yoga has no room.
  await expect(page.getByText('Wheel Pottery')).toHaveCount(2);
  await expect(page.getByText('0 / 10 enrolled · Maria Lopez · Studio 1').first()).toBeVisible();
  await expect(page.getByText('Park Yoga')).toHaveCount(0);

  // By instructor: Yoga too, with its teacher.
  await page.getByRole('button', { name: 'By instructor' }).click();
  await expect(page.getByText('Park Yoga')).toHaveCount(1);
  await expect(page.getByText('0 / 10 enrolled · Tess Teacher')).toBeVisible();
  await expect(page.getByText('Wheel Pottery')).toHaveCount(2);
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await screenshot(page, { path: `.tmp/screenshots/calendar-month-by-instructor-${testInfo.project.name}.png`, fullPage: true });

  // The week by instructor: one row (a section on a phone) per instructor.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Next week' })).toBeVisible();
  const phone = testInfo.project.name === 'mobile';
  if (phone) await expect(page.getByRole('region', { name: 'Tess Teacher' })).toBeVisible();
  else await expect(page.getByRole('rowheader', { name: 'Tess Teacher' })).toBeVisible();
  await screenshot(page, { path: `.tmp/screenshots/calendar-week-by-instructor-${testInfo.project.name}.png`, fullPage: true });
});
