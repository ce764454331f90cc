import { expect, test, type APIRequestContext } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

/*
 * Every date and time an admin types is the organization's wall clock, whatever zone the admin's computer is in: the
 * browser runs in Tokyo (UTC+9, no daylight saving), the organization is in Chicago (CST UTC-6, CDT UTC-5). Each step
 * types a Chicago time into the admin screens and reads the stored instant back through the API.
 */
test.use({ timezoneId: 'Asia/Tokyo' });

test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the forms are the same on the phone project');
});

const ZONE = 'America/Chicago';

async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()).data as T;
}

test("admin: should enter and show a term's opening, a class's start and own opening, a clone's start and a scheduled message in the organization's time zone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const org = await freshOrganization(request);
  const headers = { Authorization: `Bearer ${org.token}` };
  const zone = await request.put('/api/settings', { headers, data: { timeZone: ZONE } });
  expect(zone.ok(), await zone.text()).toBeTruthy();
  // A term that opened at 6:00 AM CDT on June 1 2026, and a class in it starting at 10:00 AM CST on January 5 2027.
  const term = await request.post('/api/terms', {
    headers,
    data: { name: 'Summer Season', startDate: '2027-06-14', endDate: '2027-08-20', registrationOpensAt: '2026-06-01T11:00:00.000Z' },
  });
  expect(term.ok(), await term.text()).toBeTruthy();
  const termId = (await term.json()).data.id as string;
  const title = `Zoned Pottery ${Date.now()}`;
  const cls = await request.post('/api/classes', {
    headers,
    data: { ...classPayload(title), termId, startDate: '2027-01-05T16:00:00.000Z' },
  });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;
  const reg = await request.post('/api/students/register', {
    data: {
      firstName: 'Avery',
      lastName: 'Potter',
      email: `e2e-zoned-${Date.now()}@example.com`,
      phone: '5595550141',
      communicationOptIn: true,
      organizationId: org.organizationId,
      classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
    },
  });
  expect(reg.ok(), await reg.text()).toBeTruthy();

  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin/);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');

  // Settings › Terms: the list and the form show Chicago's clock; new times typed there are stored as Chicago's.
  await page.goto('/admin/settings?tab=terms');
  const row = page.getByRole('table', { name: 'Terms' }).getByRole('row', { name: /Summer Season/ });
  await expect(row).toContainText('Jun 1, 2026, 6:00 AM CDT');
  await row.getByRole('button', { name: 'Edit' }).click();
  const opens = page.getByLabel('Registration opens');
  await expect(opens).toHaveValue('2026-06-01T06:00');
  await expect(page.getByText('Times in America/Chicago', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Empty: stays open · Times in America/Chicago')).toBeVisible();
  // 1:30 AM on Sunday November 7 2027 happens twice in Chicago (the clocks fall back at 2:00 AM): the first one, CDT.
  await opens.fill('2027-11-07T01:30');
  await page.getByLabel('Registration closes').fill('2027-12-01T18:00');
  // 2:30 AM on Sunday March 14 2027 does not exist in Chicago (the clocks spring forward at 2:00 AM): 3:30 AM CDT.
  await page.getByLabel('Early access opens').fill('2027-03-14T02:30');
  await screenshot(page, { path: '/tmp/h37d-term-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Save term' }).click();
  await expect(page.getByText('Term Summer Season saved')).toBeVisible();
  const stored = (await getData<Record<string, string>[]>(request, org.token, '/api/terms')).find((t) => t.id === termId)!;
  expect(stored.registrationOpensAt).toBe('2027-11-07T06:30:00.000Z');
  expect(stored.registrationClosesAt).toBe('2027-12-02T00:00:00.000Z');
  expect(stored.earlyAccessOpensAt).toBe('2027-03-14T08:30:00.000Z');
  await expect(row).toContainText('Nov 7, 2027, 1:30 AM CDT');
  await expect(row).toContainText('Dec 1, 2027, 6:00 PM CST');
  await expect(row).toContainText('Mar 14, 2027, 3:30 AM CDT');
  await screenshot(page.getByRole('table', { name: 'Terms' }), { path: '/tmp/h37d-term-list.png' });

  // The class: its start shown and edited in Chicago's clock, and its own registration opening.
  await page.goto(`/admin/classes?classId=${classId}`);
  const details = page.getByRole('region', { name: 'Class details' });
  await expect(details.getByText('Tuesday, January 5, 2027').first()).toBeVisible();
  await expect(details.getByText('10:00 AM - 11:00 AM CST')).toBeVisible();
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Class' });
  const start = edit.getByLabel('Start date and time');
  await expect(start).toHaveValue('2027-01-05T10:00');
  await expect(edit.getByText('Times in America/Chicago', { exact: true })).toBeVisible();
  // 6:00 PM on January 5 in Chicago is already January 6 in UTC (and in Tokyo).
  await start.fill('2027-01-05T18:00');
  await screenshot(edit, { path: '/tmp/h37d-class-form-start.png' });
  await edit.getByRole('tab', { name: 'Class Information' }).click();
  await edit.getByLabel('Registration opens').fill('2026-12-20T07:00');
  await expect(edit.getByText("Empty: the term's opening · Times in America/Chicago")).toBeVisible();
  await screenshot(edit, { path: '/tmp/h37d-class-form.png' });
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Class updated successfully!')).toBeVisible();
  const saved = await getData<{ startDate: string; registrationOpensAt: string | null }>(request, org.token, `/api/classes/${classId}`);
  expect(saved.startDate).toBe('2027-01-06T00:00:00.000Z');
  expect(saved.registrationOpensAt).toBe('2026-12-20T13:00:00.000Z');
  await expect(details.getByText('6:00 PM - 7:00 PM CST')).toBeVisible();
  await expect(details.getByText('Dec 20, 2026, 7:00 AM CST')).toBeVisible();
  await screenshot(details, { path: '/tmp/h37d-class-panel.png' });
  await expect(details.getByText('Tuesday, January 5, 2027').first()).toBeVisible();
  // Editing again shows the same Chicago clock back.
  await details.getByRole('button', { name: 'Edit' }).click();
  await expect(edit.getByLabel('Start date and time')).toHaveValue('2027-01-05T18:00');
  await edit.getByRole('tab', { name: 'Class Information' }).click();
  await expect(edit.getByLabel('Registration opens')).toHaveValue('2026-12-20T07:00');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Email All keeps the spec's date and time inputs: Chicago's clock as well, and the zone named under the time.
  await details.getByRole('button', { name: 'Email All' }).click();
  const compose = page.getByRole('dialog', { name: `Email All: ${title}` });
  await compose.getByLabel('Subject').fill('Glaze day');
  await compose.getByLabel('Message').fill('Bring an apron.');
  await compose.getByLabel('Schedule for later').check();
  await compose.getByLabel('Date').fill('2027-12-02');
  await compose.getByLabel('Time').fill('10:00');
  await expect(compose.getByText('Times in America/Chicago', { exact: true })).toBeVisible();
  await compose.getByRole('button', { name: 'Schedule Email' }).click();
  await expect(details.getByText('Email scheduled for 1 recipient(s)')).toBeVisible();

  // The clone's start, in Chicago's clock too.
  await details.getByRole('button', { name: 'Clone' }).click();
  const clone = page.getByRole('dialog', { name: 'Clone Class' });
  await expect(clone.getByLabel('Start date and time')).toHaveValue('2027-01-05T18:00');
  await expect(clone.getByText('Times in America/Chicago', { exact: true })).toBeVisible();
  await clone.getByLabel('Start date and time').fill('2027-02-01T09:00');
  await clone.getByRole('button', { name: 'Clone Class' }).click();
  await expect(page.getByText('Class cloned successfully!')).toBeVisible();
  const classes = await getData<{ title: string; startDate: string }[]>(request, org.token, '/api/classes');
  expect(classes.find((c) => c.title === `${title} (Copy)`)?.startDate).toBe('2027-02-01T15:00:00.000Z');

  // A message scheduled for later from the Communication Center, and as the Scheduled tab lists it.
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Communications', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Communication Center' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Recipient', exact: true }).click();
  await page.getByRole('option', { name: 'Avery Potter' }).click();
  await page.getByLabel('Subject').fill('Kiln day');
  await page.getByLabel('Message').fill('The kiln opens at nine.');
  await page.getByLabel('Schedule for later').check();
  await page.getByLabel('Scheduled date and time').fill('2027-12-01T09:00');
  await expect(page.getByText('Times in America/Chicago', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Schedule Communication' }).click();
  await expect(page.getByText('Communication scheduled successfully!')).toBeVisible();
  const scheduled = await getData<{ subject: string | null; scheduled_at: string }[]>(request, org.token, '/api/communications/scheduled');
  expect(scheduled.find((c) => c.subject === 'Kiln day')?.scheduled_at).toBe('2027-12-01T15:00:00.000Z');
  expect(scheduled.find((c) => c.subject === 'Glaze day')?.scheduled_at).toBe('2027-12-02T16:00:00.000Z');
  await page.getByRole('tab', { name: 'Scheduled' }).click();
  await expect(page.getByTestId('communication-item').filter({ hasText: 'Kiln day' })).toContainText('Scheduled: Dec 1, 2027, 9:00 AM CST');
  await screenshot(page, { path: '/tmp/h37d-scheduled.png', fullPage: true });
});
