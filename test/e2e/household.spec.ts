import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { classPayload, freshOrganization, signInUi } from './admin-helpers';
import { fillStudent, uniqueEmail } from './public-helpers';

/** Issue 14 §2: a parent registers three people in one go (all seats or none) and the admin sees each on the roster. */
const shot = (name: string, project: string) => ({ path: `.tmp/screenshots/household-${name}-${project}.png`, fullPage: true });

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function addPerson(page: Page, n: number, firstName: string, lastName: string, dateOfBirth?: string) {
  await page.getByRole('button', { name: 'Add another person' }).click();
  const row = page.getByRole('group', { name: `Person ${n}` });
  await expect(row.getByLabel(/First Name/)).toBeFocused();
  await row.getByLabel(/First Name/).fill(firstName);
  await row.getByLabel(/Last Name/).fill(lastName);
  if (dateOfBirth) await row.getByLabel(/Date of Birth/).fill(dateOfBirth);
}

test('should register a household of three in person and show each on the admin roster with the contact', async ({
  page,
  request,
}, info) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const org = await freshOrganization(request);
  const auth = { Authorization: `Bearer ${org.token}` };
  const title = `Family Pottery ${Date.now()}`;
  const cls = await request.post('/api/classes', { headers: auth, data: { ...classPayload(title), price: 30, discountPrice: 25 } });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;

  await page.goto(`/register/${classId}?org=${org.organizationId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Register for Class' })).toBeVisible();
  const email = uniqueEmail('e2e.household');
  await fillStudent(page, { firstName: 'Ana', lastName: 'Martinez', email, phone: '5595551234' });
  await addPerson(page, 2, 'Emma', 'Martinez', '2016-04-12');
  await addPerson(page, 3, 'Liam', 'Martinez');
  await addPerson(page, 4, 'Extra', 'Person');
  await page.getByRole('button', { name: 'Remove person 4' }).click();
  await expect(page.getByRole('group', { name: 'Person 4' })).toHaveCount(0);
  await expect(page.getByLabel(/I am attending too/)).toBeChecked();
  const summary = page.getByRole('complementary');
  await expect(summary.getByText('Total for 3 people')).toBeVisible();
  await expect(summary.getByText('$75', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'register (household rows)');
  await page.screenshot(shot('form', info.project.name));

  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment Method' })).toBeVisible();
  await expect(page.getByText(/Reserve your spot now and pay \$75 before class starts/)).toBeVisible();
  await page.screenshot(shot('payment', info.project.name));
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();

  await expect(page).toHaveURL(/\/confirmation/);
  await expect(page.getByText('Thank you, Ana! 3 people are registered for')).toBeVisible();
  for (const name of ['Ana Martinez', 'Emma Martinez', 'Liam Martinez'])
    await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  await expect(page.getByText('$75', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'confirmation (household)');
  await page.screenshot(shot('confirmation', info.project.name));

  await signInUi(page, org.email, org.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/classes');
  await page.getByRole('button', { name: `View ${title}`, exact: true }).click();
  const details = page.getByRole('region', { name: 'Class details' });
  await expect(details.getByText('Enrolled students (3)')).toBeVisible();
  const contactLine = `Household contact: Ana Martinez, ${email}, (559) 555-1234`;
  await expect(details.getByText(`${contactLine} · Born Apr 12, 2016`)).toBeVisible();
  await expect(details.getByText(contactLine, { exact: true })).toBeVisible(); // Liam
  await expect(details.getByText(email, { exact: true })).toBeVisible(); // Ana herself
  await page.screenshot(shot('admin-roster', info.project.name));
});

test('should take no seat when one is short and say which class ran out', async ({ page, request }) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  const org = await freshOrganization(request);
  const title = `Tiny Studio ${Date.now()}`;
  const cls = await request.post('/api/classes', {
    headers: { Authorization: `Bearer ${org.token}` },
    data: { ...classPayload(title), maxStudents: 2 },
  });
  expect(cls.ok(), await cls.text()).toBeTruthy();
  const classId = (await cls.json()).data.id as string;

  await page.goto(`/register/${classId}?org=${org.organizationId}`);
  await fillStudent(page, { firstName: 'Bo', lastName: 'Chen', email: uniqueEmail('e2e.short'), phone: '5595551235' });
  await addPerson(page, 2, 'Mei', 'Chen');
  await addPerson(page, 3, 'Jun', 'Chen');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await page.getByRole('button', { name: 'Reserve My Spot' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Not enough seats left' });
  await expect(alert).toContainText(`Only 2 seats are left in ${title}`);
  const after = await request.get(`/api/classes/${classId}?organizationId=${org.organizationId}`);
  expect((await after.json()).data.enrolledStudents).toBe(0);
});
