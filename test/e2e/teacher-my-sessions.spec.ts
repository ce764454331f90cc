import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiSignIn, classPayload, freshOrganization, signInUi } from './admin-helpers';
import { screenshot } from './screenshots';

type Org = Awaited<ReturnType<typeof freshOrganization>>;

const call = (request: APIRequestContext, token: string) => ({
  post: async (path: string, data: Record<string, unknown>) => {
    const res = await request.post(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` }, data });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data;
  },
  get: async (path: string) => {
    const res = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return (await res.json()).data;
  },
});

const register = async (request: APIRequestContext, org: Org, classId: string, firstName: string, classSessionId?: string) => {
  const res = await request.post('/api/students/register', {
    data: {
      firstName,
      lastName: 'Student',
      email: `e2e-mine-${firstName.toLowerCase()}-${Date.now()}@example.com`,
      phone: '5595550143',
      communicationOptIn: true,
      organizationId: org.organizationId,
      classEnrollments: [{ classId, paymentMethod: 'in-person', paymentStatus: 'pending', ...(classSessionId ? { classSessionId } : {}) }],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
};

// Issue 39: a teacher linked to an instructor record sees their own sessions in teacher mode, and a drop-in on the roll
// of its own session, labelled as one.
test('teacher mode: my sessions, and a drop-in labelled on its own session’s roll', async ({ page, request }) => {
  const org = await freshOrganization(request);
  const admin = call(request, org.token);
  const email = `e2e-teacher-${Date.now()}@example.com`;
  const user = await admin.post('auth/users', {
    email,
    password: 'TeachPass123!',
    firstName: 'Tess',
    lastName: 'Teacher',
    role: 'teacher',
  });
  const tess = await admin.post('instructors', { name: 'Tess Teacher', userId: user.id });
  // In two days, weekly: the first session sells drop-ins.
  const cls = await admin.post('classes', {
    ...classPayload('Evening Ceramics'),
    instructor: undefined,
    instructorId: tess.id,
    startDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    days: 2,
    schedule: 'Weekly',
    dropInPrice: 15,
    dropInCapacity: 2,
    dropInCutoffHours: 1,
  });
  const [first] = (await admin.get(`classes/${cls.id}/sessions`)) as { id: string }[];
  await register(request, org, cls.id, 'Wanda');
  await register(request, org, cls.id, 'Dana', first.id);
  const teacher = await apiSignIn(request, email, 'TeachPass123!');
  expect(teacher.user.role).toBe('teacher');

  await signInUi(page, email, 'TeachPass123!');
  await expect(page).toHaveURL(/\/teacher/);
  const mine = page.getByRole('region', { name: 'My sessions' });
  await expect(mine).toContainText('as Tess Teacher');
  await expect(mine.getByRole('listitem')).toHaveCount(2);
  await expect(mine.getByRole('listitem').first()).toContainText('Evening Ceramics');
  await expect(mine.getByRole('listitem').first()).toContainText('2 / 10 students');
  await expect(mine.getByRole('listitem').first()).toContainText('1 drop-in');
  await expect(mine.getByRole('listitem').nth(1)).toContainText('1 / 10 students');
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await screenshot(page, { path: `.tmp/screenshots/teacher-my-sessions-${test.info().project.name}.png`, fullPage: true });

  // The first session's roll: the whole-class student and the drop-in, labelled; the second's: the whole-class one only.
  await mine
    .getByRole('link', { name: /^Take the roll Evening Ceramics/ })
    .first()
    .click();
  const roll = page.getByRole('region', { name: /Roll/ });
  await expect(roll.getByRole('group', { name: 'Dana Student', exact: true })).toContainText('Drop-in');
  await expect(roll.getByRole('group', { name: 'Wanda Student', exact: true })).not.toContainText('Drop-in');
  await screenshot(page, { path: `.tmp/screenshots/teacher-roll-drop-in-${test.info().project.name}.png`, fullPage: true });
  await page.goBack();
  await mine
    .getByRole('link', { name: /^Take the roll Evening Ceramics/ })
    .nth(1)
    .click();
  await expect(page.getByRole('region', { name: /Roll/ }).getByRole('group', { name: 'Wanda Student', exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Dana Student', exact: true })).toHaveCount(0);
});
