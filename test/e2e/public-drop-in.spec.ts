import { expect, test } from '@playwright/test';
import { classPayload, freshOrganization } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';
import { screenshot } from './screenshots';
import { expectNoSeriousViolations } from './axe-helpers';

/** Drop-ins (issue 39 §3): the class page offers its sessions; a visitor buys one at the drop-in price. */
test('should offer a class’s sessions as drop-ins and register one at the drop-in price', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'desktop', 'one journey is enough: the phone layout is the same form');
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const title = `Wheel Throwing ${Date.now()}`;
  const created = await request.post('/api/classes', {
    headers: auth,
    data: { ...classPayload(title), price: 120, discountPrice: null, days: 4, schedule: 'Weekly', dropInPrice: 20, dropInCapacity: 2 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const classId = (await created.json()).data.id as string;

  await page.goto(`/class/${classId}?organizationId=${org.organizationId}`);
  const dropIns = page.getByRole('region', { name: 'Drop in' });
  await expect(dropIns.getByText('Come to a single session for $20.')).toBeVisible();
  await expect(dropIns.getByRole('listitem')).toHaveCount(4);
  await expect(dropIns.getByRole('listitem').first()).toContainText('2 seats left');
  await expectNoSeriousViolations(page, 'class page with drop-ins');
  await screenshot(page, { path: '/tmp/h6-drop-in-class-page.png', fullPage: true });

  // The second session: the registration page prices and dates that one session.
  const second = dropIns.getByRole('listitem').nth(1);
  const when = (await second.locator('strong').textContent()) ?? '';
  await second.getByRole('link', { name: `Drop in on ${when}` }).click();
  await expect(page).toHaveURL(/session=/);
  await fillStudent(page, { firstName: 'Dana', lastName: 'Drop', email: uniqueEmail('e2e.dropin'), phone: '5595551234' });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  const summary = page.getByRole('complementary');
  await expect(summary.getByRole('row', { name: /^Total/ })).toContainText('$20');
  await expect(summary).toContainText(when);
  await expectNoSeriousViolations(page, 'drop-in payment step');
  await screenshot(page, { path: '/tmp/h6-drop-in-register.png', fullPage: true });
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  await expect(page).toHaveURL(/\/confirmation/);
  await expect(page.getByText('$20', { exact: true }).first()).toBeVisible();

  // One seat of that session taken, none of the class's; the page says so.
  const sessions = (await (await request.get(`/api/classes/${classId}/sessions`, { headers: auth })).json()).data as {
    dropInsTaken: number;
  }[];
  expect(sessions.map((s) => s.dropInsTaken)).toEqual([0, 1, 0, 0]);
  await page.goto(`/class/${classId}?organizationId=${org.organizationId}`);
  await expect(page.getByRole('region', { name: 'Drop in' }).getByRole('listitem').nth(1)).toContainText('1 seat left');
  await expect(page.getByTestId('enrollment-count')).toContainText('0');
});
