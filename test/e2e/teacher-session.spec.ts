import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, DEMO_ORG_ID, TEACHER, apiSignIn, classPayload, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

/**
 * On a phone: one teacher screen per class session. Attendance and payment with one tap each, taps
 * made offline kept and sent when the connection is back (checked through the API), a walk-in, notes, axe clean,
 * touch targets of at least 44 px.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const shot = (name: string) => ({ path: `.tmp/screenshots/teacher-session-${name}.png`, fullPage: true });

type Roll = {
  roll: { firstName: string; attendance: string | null; paymentStatus: string; amountPaid: number }[];
  totals: Record<string, number>;
  notes: string;
};

async function setUp(request: APIRequestContext) {
  const admin = await apiSignIn(request, ADMIN.email, ADMIN.password);
  const stamp = `${Date.now()}`.slice(-6);
  const title = `Session E2E ${stamp}`;
  // Today, a little later: today's session of a two-day class.
  const start = new Date(Date.now() + 5 * 60_000);
  const created = await request.post('/api/classes', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { ...classPayload(title), startDate: start.toISOString(), days: 2, price: 25, maxStudents: 5 },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const classId = (await created.json()).data.id as string;
  for (const [firstName, lastName] of [
    ['Ann', 'Able'],
    ['Bob', 'Baker'],
  ]) {
    const res = await request.post('/api/students/register', {
      data: {
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}-${stamp}@example.com`,
        phone: '5595550142',
        communicationOptIn: true,
        organizationId: DEMO_ORG_ID,
        classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending' }],
      },
    });
    expect(res.ok(), await res.text()).toBeTruthy();
  }
  const teacher = await apiSignIn(request, TEACHER.email, TEACHER.password);
  const auth = { headers: { Authorization: `Bearer ${teacher.token}` } };
  const days = (await (await request.get(`/api/teacher/classes/${classId}/sessions`, auth)).json()).data as { date: string }[];
  const read = async () =>
    (await (await request.get(`/api/teacher/classes/${classId}/sessions/${days[0].date}`, auth)).json()).data as Roll;
  return { classId, title, stamp, date: days[0].date, read };
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Every button, link and field of the screen is a touch target of at least 44 x 44 CSS px. */
async function expectTouchTargets(page: Page) {
  const small = await page
    .locator('main')
    .locator('button:visible, a:visible, input[type="checkbox"]:visible')
    .evaluateAll((els) =>
      els
        .map((el) => {
          // A checkbox's target is its MUI wrapper (the input is stretched over it).
          const box = (el.tagName === 'INPUT' ? el.parentElement! : el).getBoundingClientRect();
          return { name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName, w: box.width, h: box.height };
        })
        .filter((b) => b.w < 44 || b.h < 44),
    );
  expect(small).toEqual([]);
}

test('a teacher runs a session on a phone, offline taps included', async ({ page, request, context }) => {
  const { classId, title, stamp, date, read } = await setUp(request);
  await signInUi(page, TEACHER.email, TEACHER.password);
  await expect(page).toHaveURL(/\/teacher$/);

  // From the dashboard card of today's class to today's session.
  await page.getByRole('link', { name: `Take the roll ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/teacher/session/${classId}/${date}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Session 1 of 2')).toBeVisible();
  const totals = page.getByRole('region', { name: 'Session totals' });
  await expect(totals).toContainText('0 / 2Present');
  await expect(totals).toContainText('$50.00To collect');
  await screenshot(page, shot('1-open'));
  await expectNoSeriousViolations(page, 'session screen');
  await expectTouchTargets(page);

  // Online: Ann present and paid, one tap each.
  const ann = page.getByRole('group', { name: 'Ann Able' });
  await ann.getByRole('button', { name: 'Ann Able present' }).tap();
  await ann.getByRole('button', { name: 'Ann Able paid' }).tap();
  await expect(ann.getByRole('button', { name: 'Ann Able present' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect(ann.getByTestId('row-state')).toHaveText(/^Saved /);
  await expect(totals).toContainText('1 / 2Present');
  await expect(totals).toContainText('$25.00To collect');
  let server = await read();
  expect(server.roll.find((r) => r.firstName === 'Ann')).toMatchObject({
    attendance: 'present',
    paymentStatus: 'completed',
    amountPaid: 25,
  });

  // Offline: Bob absent and paid. The taps show at once and are kept on the device.
  await context.setOffline(true);
  const bob = page.getByRole('group', { name: 'Bob Baker' });
  await bob.getByRole('button', { name: 'Bob Baker absent' }).tap();
  await bob.getByRole('button', { name: 'Bob Baker paid' }).tap();
  await expect(page.getByRole('status').filter({ hasText: /^Offline: 2 changes kept on this device/ })).toBeVisible();
  await expect(bob.getByTestId('row-state')).toHaveText('Kept on this device: will be sent when online');
  await expect(bob.getByRole('button', { name: 'Bob Baker absent' })).toHaveAttribute('aria-pressed', 'true');
  await expect(totals).toContainText('$0.00To collect');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('classlane:teacher-writes:v1') ?? '[]').length);
  expect(kept).toBe(2);
  server = await read();
  expect(server.roll.find((r) => r.firstName === 'Bob')).toMatchObject({ attendance: null, paymentStatus: 'pending' });
  await screenshot(page, shot('2-offline'));

  // Back online: the kept taps are sent, the screen says so, and the server has them.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible({ timeout: 20_000 });
  await expect(bob.getByTestId('row-state')).toHaveText(/^Saved /);
  const recent = page.getByRole('region', { name: 'Changes saved from this device' });
  await expect(recent).toContainText('Bob Baker: absent');
  await expect(recent).toContainText('Bob Baker: paid $25.00');
  server = await read();
  expect(server.roll.find((r) => r.firstName === 'Bob')).toMatchObject({
    attendance: 'absent',
    paymentStatus: 'completed',
    amountPaid: 25,
  });
  expect(server.totals).toMatchObject({ enrolled: 2, present: 1, absent: 1, paid: 2, toCollect: 0 });
  expect(await page.evaluate(() => localStorage.getItem('classlane:teacher-writes:v1'))).toBeNull();
  await screenshot(page, shot('3-back-online'));

  // A walk-in who pays now, registered while the connection is down: shown as arriving, then on the roll.
  await context.setOffline(true);
  const form = page.getByRole('form', { name: 'Walk-in registration' });
  await form.getByLabel('First name').fill('Wanda');
  await form.getByLabel('Last name').fill('Walker');
  await form.getByLabel('Email').fill(`wanda-${stamp}@example.com`);
  await form.getByLabel('Phone').fill('(559) 555-0199');
  await form.getByLabel(/^Paid now/).check();
  await form.getByRole('button', { name: 'Register walk-in' }).tap();
  await expect(page.getByRole('listitem', { name: 'Wanda Walker (arriving)' })).toContainText(
    'Walk-in, paid now: kept on this device, will be sent when online',
  );
  expect((await read()).totals.enrolled).toBe(2);
  await context.setOffline(false);
  const wanda = page.getByRole('group', { name: 'Wanda Walker' });
  await expect(wanda.getByRole('button', { name: 'Wanda Walker paid' })).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  server = await read();
  expect(server.roll.find((r) => r.firstName === 'Wanda')).toMatchObject({ paymentStatus: 'completed', amountPaid: 25 });
  expect(server.totals.enrolled).toBe(3);

  // Notes are saved for this session.
  await page.getByLabel('Notes for this session').fill('Projector cable is missing');
  await page.getByRole('button', { name: 'Save notes' }).tap();
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await expect.poll(async () => (await read()).notes).toBe('Projector cable is missing');
  await screenshot(page, shot('4-walk-in-notes'));
  await expectNoSeriousViolations(page, 'session screen after changes');
  await expectTouchTargets(page);
});

test('a day without a session says so and leads back', async ({ page, request }) => {
  const { classId } = await setUp(request);
  await signInUi(page, TEACHER.email, TEACHER.password);
  await expect(page).toHaveURL(/\/teacher$/);
  await page.goto(`/teacher/session/${classId}/2001-01-01`);
  await expect(page.getByRole('heading', { level: 1, name: /has no session on 2001-01-01/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Teacher Dashboard' })).toBeVisible();
});

test('attendance and payment can be marked with the keyboard alone', async ({ page, request }) => {
  const { classId, date, read } = await setUp(request);
  await signInUi(page, TEACHER.email, TEACHER.password);
  await expect(page).toHaveURL(/\/teacher$/);
  await page.goto(`/teacher/session/${classId}/${date}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const tabTo = async (name: string) => {
    const target = page.getByRole('button', { name, exact: true });
    for (let i = 0; i < 60 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(target).toBeFocused();
    return target;
  };
  const present = await tabTo('Ann Able present');
  await page.keyboard.press('Space');
  await expect(present).toHaveAttribute('aria-pressed', 'true');
  const paid = await tabTo('Ann Able paid');
  await page.keyboard.press('Enter');
  await expect(paid).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const server = await read();
  expect(server.roll.find((r) => r.firstName === 'Ann')).toMatchObject({ attendance: 'present', paymentStatus: 'completed' });
});
